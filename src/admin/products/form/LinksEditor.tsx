import AddLinkIcon from '@mui/icons-material/AddLink';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton } from '@mui/material';
import { BooleanInput, TextInput } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { sampleShortLink } from '../../../shared/message-settings';
import { MAX_LINKS_PER_MESSAGE } from '../../../shared/validation/product';
import { useMessages } from '../../i18n';
import { useMessageSettings } from './messageSettings';

/**
 * A link's URL, label and whether it is tracked. A tracked link goes as each participant's own
 * short link, so its URL may be longer than the spec's 25 when the short link fits them; the
 * shortener hint is for a link that goes as typed.
 */
function LinkRow({ name, onRemove }: { name: string; onRemove: () => void }) {
  const t = useMessages();
  const settings = useMessageSettings();
  const url = (useWatch({ name: `${name}.url` }) as string | undefined) ?? '';
  const tracked = useWatch({ name: `${name}.tracked` }) === true;
  const shortLink = sampleShortLink(settings.shortLinkBase);
  const goesAsTyped = !tracked || shortLink.length > LIMITS.linkUrl;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
      <TextInput
        source={`${name}.url`}
        label={t('products.fields.linkUrl')}
        placeholder="https://"
        size="small"
        sx={{ flex: 2 }}
        // Space kept for a message either way, so the row's fields stay aligned.
        helperText={
          goesAsTyped && url.length > LIMITS.linkUrl ? t('products.urlShortenerHint') : undefined
        }
      />
      <TextInput
        source={`${name}.label`}
        label={t('products.fields.linkLabel')}
        size="small"
        sx={{ flex: 1 }}
      />
      <BooleanInput
        source={`${name}.tracked`}
        label={t('products.fields.linkTracked')}
        helperText={tracked ? t('products.trackedHint', { length: shortLink.length }) : false}
        sx={{ flex: 1, mt: 0.5 }}
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
      onClick={() => links.append({ url: '', label: '', tracked: true })}
    >
      {t('products.addLink')}
    </Button>
  );
}
