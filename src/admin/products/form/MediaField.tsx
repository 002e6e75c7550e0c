import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TextInput, useDataProvider, useInput } from 'react-admin';
import { get, useFormState, useWatch } from 'react-hook-form';
import { MEDIA_ACCEPT, mediaFileProblem, mediaFormatOf } from '../../../shared/media';
import { messages } from '../../../shared/messages';
import type { MessageMedia } from '../../../shared/responses/products';
import { formatBytes } from '../../format';
import { useMessages } from '../../i18n';
import type { TidingsDataProvider } from '../../providers/dataProvider';
import { useUploads } from './uploads';

const keep = (value: unknown) => value;

/** The form's media value: the uploaded media, plus the local file while in the form only. */
type MediaValue = (Omit<MessageMedia, 'url'> & { url?: string; file?: File }) | null;

function Preview({ media, src }: { media: NonNullable<MediaValue>; src: string }) {
  const style = { maxWidth: '100%', maxHeight: 180, borderRadius: 8, display: 'block' };
  return media.type === 'video' ? (
    <video src={src} controls muted style={style} aria-label={media.filename} />
  ) : (
    <img src={src} alt={media.filename} style={style} />
  );
}

/**
 * One picture or video for a message: checked by type and size before upload (the server checks
 * again, by content), uploaded with progress, previewed, removable; and its fallback URL, shown
 * once there is media (or a fallback URL) since it serves the media only.
 */
export function MediaField({
  path,
  day,
  actions,
  withFallback = true,
}: {
  path: string;
  /** The product day the message is for; names the file input when a form has several. */
  day?: number;
  /** Other buttons of the message, shown in one row with 'Attach image or video'. */
  actions?: ReactNode;
  /** A product day's media has a fallback URL; a test message (Send Test MMS) has none. */
  withFallback?: boolean;
}) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { track } = useUploads();
  // Null (no media) stays null, not react-admin's empty text.
  const media = useInput({ source: `${path}.media`, format: keep, parse: keep });
  const fallbackValue = useWatch({ name: `${path}.fallbackUrl` }) as string | undefined;
  const fallbackError = get(
    useFormState({ name: `${path}.fallbackUrl` }).errors,
    `${path}.fallbackUrl`,
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const value = media.field.value as MediaValue;

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  const upload = async (file: File) => {
    setError(null);
    const problem = mediaFileProblem(file);
    if (problem) return setError(problem);
    const format = mediaFormatOf(file.name)!;
    setLocalPreview(URL.createObjectURL(file));
    media.field.onChange({
      type: format.type,
      filename: file.name,
      mimeType: format.mimeType,
      size: file.size,
      file,
    });
    setProgress(0);
    try {
      const uploaded = await track(dataProvider.uploadMedia(file, setProgress));
      media.field.onChange({ ...uploaded, file });
    } catch (e) {
      setError((e as Error).message || messages.media.uploadFailed);
      media.field.onChange(null);
      setLocalPreview(null);
    } finally {
      setProgress(null);
    }
  };

  const remove = () => {
    media.field.onChange(null);
    setLocalPreview(null);
    setError(null);
  };

  const src = value?.url || localPreview;
  return (
    <Box sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: value ? 1 : 0 }}>
        {actions}
        {!value && (
          <Button
            size="small"
            startIcon={<AttachFileIcon />}
            onClick={() => input.current?.click()}
          >
            {t('products.attachMedia')}
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {value ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {src && <Preview media={value} src={src} />}
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="body2">{value.filename}</Typography>
            <Typography variant="caption" color="text.secondary">
              {value.mimeType} · {formatBytes(value.size)}
            </Typography>
            {progress !== null && (
              <Box sx={{ mt: 1 }}>
                <LinearProgress
                  variant="determinate"
                  value={progress}
                  aria-label={t('products.uploading', { percent: progress })}
                />
                <Typography variant="caption" aria-hidden>
                  {t('products.uploading', { percent: progress })}
                </Typography>
              </Box>
            )}
            <Box>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={remove}
                sx={{ mt: 1 }}
              >
                {t('products.removeMedia')}
              </Button>
            </Box>
          </Box>
        </Box>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        hidden
        aria-label={
          day === undefined ? t('products.attachMedia') : `${t('products.attachMedia')} (${day})`
        }
        data-testid={day === undefined ? 'media-input' : `media-input-${day}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {withFallback && Boolean(value || fallbackValue || fallbackError) && (
        <TextInput
          source={`${path}.fallbackUrl`}
          label={t('products.fields.fallbackUrl')}
          placeholder="https://"
          size="small"
          fullWidth
          sx={{ mt: 2 }}
          helperText={t('products.fallbackHelp')}
        />
      )}
    </Box>
  );
}
