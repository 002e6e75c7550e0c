import { useNotify } from 'react-admin';

/**
 * Copies a text to the clipboard and says whether it did: `copied` as a success, `failed` as a
 * warning. The clipboard needs a secure page and the user's leave; where it is refused, the user
 * can still select the text and copy it.
 */
export function useCopyToClipboard({ copied, failed }: { copied: string; failed: string }) {
  const notify = useNotify();
  return (text: string) =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => notify(copied, { type: 'success' }),
        () => notify(failed, { type: 'warning' }),
      );
}
