import { useState } from 'react';
import { useRedirect, type RaRecord } from 'react-admin';
import { useSuccessNotice } from '../lists/useSuccessNotice';

/**
 * What a create or edit screen does with its save, made by its CreateBase or EditBase through the
 * data provider; pass `mutationOptions` to the base. On success: the success text as a notice,
 * and back to the resource's list. On failure: the text for the form's banner, in `error` (the
 * server's field errors reach their fields through react-admin's save).
 */
export function useSaveOutcome<R extends RaRecord, V = Record<string, unknown>>({
  resource,
  success,
  failure,
}: {
  resource: string;
  /** The success text, from the saved record and the values the form submitted. */
  success: (saved: R, values: V) => string;
  failure: (error: unknown) => string;
}) {
  const notice = useSuccessNotice();
  const redirect = useRedirect();
  const [error, setError] = useState<string | null>(null);

  const mutationOptions = {
    onMutate: () => setError(null),
    onSuccess: (saved: RaRecord, { data }: { data?: unknown }) => {
      // A 401 signs the user out, and react-admin then resolves the save with an empty record.
      if (saved.id === undefined) return;
      notice(success(saved as R, data as V));
      redirect('list', resource);
    },
    onError: (e: unknown) => setError(failure(e)),
  };

  return { mutationOptions, error, dismissError: () => setError(null) };
}
