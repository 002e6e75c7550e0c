import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, type ButtonProps } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { saveBlob } from '../download';

/** A file the API answered: its content, and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * A button that fetches a file from the API and hands it to the browser as a download (the
 * contacts export, an import's report, the consent reports). Disabled while the file comes. A
 * failure is said with `failure(error)`: to `onError` where the screen shows it itself, else in a
 * notification.
 */
export function DownloadButton({
  label,
  download,
  failure,
  onError,
  size,
}: {
  label: string;
  download: () => Promise<DownloadedFile>;
  failure: (error: unknown) => string;
  onError?: (message: string) => void;
  size?: ButtonProps['size'];
}) {
  const notify = useNotify();
  const { mutate, isPending } = useMutation({
    mutationFn: download,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
    onError: (error: unknown) => {
      const message = failure(error);
      if (onError) onError(message);
      else notify(message, { type: 'error' });
    },
  });
  return (
    <Button
      variant="outlined"
      size={size}
      startIcon={<DownloadIcon />}
      disabled={isPending}
      onClick={() => mutate()}
    >
      {label}
    </Button>
  );
}
