import AddLinkIcon from '@mui/icons-material/AddLink';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton } from '@mui/material';
import { TextInput } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { MAX_LINKS_PER_MESSAGE } from '../../../shared/validation/product';
import { useMessages } from '../../i18n';

function LinkRow({ name, onRemove }: { name: string; onRemove: () => void }) {
  const t = useMessages();
  const url = (useWatch({ name: `${name}.url` }) as string | undefined) ?? '';
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
      <TextInput
        source={`${name}.url`}
        label={t('products.fields.linkUrl')}
        placeholder="https://"
        size="small"
        sx={{ flex: 2 }}
        // Space kept for a message either way, so the row's fields stay aligned.
        helperText={url.length > LIMITS.linkUrl ? t('products.urlShortenerHint') : undefined}
      />
      <TextInput
        source={`${name}.label`}
        label={t('products.fields.linkLabel')}
        size="small"
        sx={{ flex: 1 }}
      />
      <IconButton aria-label={t('products.removeLink')} onClick={onRemove} sx={{ mt: 0.5 }}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

/** The links of one message (URL and label), each removable; `append` adds one. */
export function useMessageLinks(path: string) {
  return useFieldArray({ name: `${path}.links` });
}

export function LinkRows({
  path,
  links,
}: {
  path: string;
  links: ReturnType<typeof useMessageLinks>;
}) {
  return (
    <Box sx={{ mt: 1 }}>
      {links.fields.map((field, index) => (
        <LinkRow
          key={field.id}
          name={`${path}.links.${index}`}
          onRemove={() => links.remove(index)}
        />
      ))}
    </Box>
  );
}

export function AddLinkButton({ links }: { links: ReturnType<typeof useMessageLinks> }) {
  const t = useMessages();
  if (links.fields.length >= MAX_LINKS_PER_MESSAGE) return null;
  return (
    <Button
      size="small"
      startIcon={<AddLinkIcon />}
      onClick={() => links.append({ url: '', label: '' })}
    >
      {t('products.addLink')}
    </Button>
  );
}
