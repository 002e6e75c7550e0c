import { Alert, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Form } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * The form of a public page: react-admin's `Form`, checked on submit with a shared zod schema (its
 * messages, not the browser's: noValidate), and the call's error above the fields until dismissed.
 * A module apart from PublicCard: /login shows the card without this form, and would otherwise
 * fetch react-hook-form with it.
 */
export function PublicForm({
  resolver,
  onSubmit,
  error,
  onDismissError,
  children,
}: {
  resolver: Resolver;
  onSubmit: (values: FieldValues) => Promise<void>;
  error: string | null;
  onDismissError: () => void;
  children: ReactNode;
}) {
  return (
    <Form
      resolver={resolver}
      onSubmit={onSubmit}
      mode="onSubmit"
      reValidateMode="onChange"
      noValidate
    >
      <Stack spacing={1}>
        {error && (
          <Alert severity="error" onClose={onDismissError}>
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </Form>
  );
}
