import AddIcon from '@mui/icons-material/Add';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Form, HttpError, SaveButton } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { serverFieldErrors } from '../contacts/form/saveOutcome';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { serverMessage } from '../providers/httpClient';

/**
 * A dialog that makes one record with its own API call (an API key, a webhook endpoint: their
 * secret comes back once, beside them): the form, the API's field errors under their inputs, any
 * other refusal above them, then `onCreated` with the answer once the list (`resource`) is
 * refreshed.
 */
export function CreateDialog<T, R>({
  title,
  submitLabel,
  failedText,
  resource,
  defaultValues,
  resolver,
  create,
  fieldErrors = serverFieldErrors,
  onClose,
  onCreated,
  children,
}: {
  title: string;
  submitLabel: string;
  failedText: string;
  resource: string;
  defaultValues: FieldValues;
  resolver: Resolver<FieldValues>;
  create: (input: T) => Promise<R>;
  fieldErrors?: (error: unknown) => Record<string, unknown> | undefined;
  onClose: () => void;
  onCreated: (created: R) => void;
  children: ReactNode;
}) {
  const t = useMessages();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: create });

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      const created = await mutation.mutateAsync(values as T);
      await queryClient.invalidateQueries({ queryKey: [resource] });
      onCreated(created);
      return undefined;
    } catch (e) {
      const fields = fieldErrors(e);
      if (!fields) setError(e instanceof HttpError ? serverMessage(e, failedText) : failedText);
      return fields;
    }
  };

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <Form
        defaultValues={defaultValues}
        resolver={resolver}
        onSubmit={submit}
        mode="onSubmit"
        reValidateMode="onChange"
        noValidate
      >
        <DialogContent>
          <ErrorBanner message={error} onClose={() => setError(null)} />
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('app.cancel')}
          </Button>
          <SaveButton label={submitLabel} icon={<AddIcon />} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
