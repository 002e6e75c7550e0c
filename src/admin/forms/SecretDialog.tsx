import CopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useCopyToClipboard } from './useCopyToClipboard';

export interface SecretDialogTexts {
  title: string;
  /** That this is the only time the secret is shown, and what to do if it is lost. */
  warning: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret the API answers once (a new API key, a webhook's signing secret): read-only in a field
 * named `label`, selected whole on focus, with a button that copies it.
 */
export function SecretDialog({
  label,
  secret,
  texts,
  onClose,
}: {
  label: string;
  secret: string;
  texts: SecretDialogTexts;
  onClose: () => void;
}) {
  const copy = useCopyToClipboard({ copied: texts.copied, failed: texts.copyFailed });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{texts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{texts.warning}</Alert>
          <TextField
            label={label}
            value={secret}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            }}
            onFocus={(event) => event.target.select()}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<CopyIcon />} onClick={() => void copy(secret)}>
          {texts.copy}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
