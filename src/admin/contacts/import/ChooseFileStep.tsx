import FileIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { importFormatOf } from '../../../shared/contact-import';
import type { ImportPreview } from '../../../shared/responses/contact-imports';
import { messages } from '../../../shared/messages';
import { formatCount } from '../../format';
import { useMessages } from '../../i18n';
import { previewContactImport } from '../../providers/contactImportsApi';
import { serverMessage } from '../../providers/httpClient';
import { useSignedInCall } from '../../providers/useSignedInCall';

const MAX_MB = LIMITS.importBytes / (1024 * 1024);

/**
 * The dialog's first step: a .csv or .xlsx file, sent for its preview. The server is the judge of
 * a file; a name or a size it would refuse is told at once, without the upload.
 */
export function ChooseFileStep({
  onPreview,
  onCancel,
}: {
  onPreview: (file: File, preview: ImportPreview) => void;
  onCancel: () => void;
}) {
  const t = useMessages();
  const signedIn = useSignedInCall();
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutate, isPending } = useMutation({
    mutationFn: (file: File) => signedIn(() => previewContactImport(file)),
    onSuccess: (preview, file) => onPreview(file, preview),
    onError: (e: unknown) => setRefusal(serverMessage(e, messages.contactImport.sendFailed)),
  });

  const choose = (file: File) => {
    if (!importFormatOf(file.name)) return setRefusal(t('contactImport.fileType'));
    if (file.size > LIMITS.importBytes) {
      return setRefusal(t('contactImport.fileTooLarge', { mb: MAX_MB }));
    }
    setRefusal(null);
    mutate(file);
  };

  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('contactImport.fileHint', { mb: MAX_MB, rows: formatCount(LIMITS.importRows) })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<FileIcon />}
          disabled={isPending}
          onClick={() => input.current?.click()}
        >
          {t('contactImport.chooseFile')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,.xlsx"
          hidden
          aria-label={t('contactImport.chooseFile')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again (after fixing it) is a change too.
            event.target.value = '';
            if (file) choose(file);
          }}
        />
        {isPending && (
          <Box role="status" sx={{ mt: 2 }}>
            <Typography variant="body2">{t('contactImport.reading')}</Typography>
            <LinearProgress aria-label={t('contactImport.reading')} sx={{ mt: 1 }} />
          </Box>
        )}
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('contactImport.cancel')}</Button>
      </DialogActions>
    </>
  );
}
