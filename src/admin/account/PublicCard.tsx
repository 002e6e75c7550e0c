import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Form } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { LOGIN_PATH } from '../providers/authProvider';

/** The frame of the pages people reach without signing in: a centred card, like /login. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 440 }} component="main">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** An error these pages cannot get past, with the way back to /login. */
export function ErrorWithLogin({ message, label }: { message: string; label: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" component={RouterLink} to={LOGIN_PATH}>
          {label}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * The form of a public page: react-admin's `Form`, checked on submit with a shared zod schema (its
 * messages, not the browser's: noValidate), and the call's error above the fields until dismissed.
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
