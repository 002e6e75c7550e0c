import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Form,
  HttpError,
  SaveButton,
  TextInput,
  useDataProvider,
  useGetIdentity,
} from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ApiOwnProfile } from '../../shared/responses/users';
import { profileNameSchema, type ProfileNameInput } from '../../shared/validation/profile';
import { serverFieldErrors } from '../contacts/form/saveOutcome';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { PanelCard } from '../lists/PanelCard';
import { useSuccessNotice } from '../lists/useSuccessNotice';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { session } from '../providers/session';
import { profileKeys } from './profileQueries';

// The contact form's rules and texts for the two names (shared/validation/profile.ts).
// react-admin's Form is typed for any values; the schema types what onSubmit receives.
const resolver = zodResolver(profileNameSchema) as unknown as Resolver<FieldValues>;

/**
 * The user's first and last name. Once saved, the stored session user and react-admin's identity
 * take the new name at once (the dashboard greets by it), without waiting for the next session
 * check.
 */
export function NameForm({ profile }: { profile: ApiOwnProfile }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const queryClient = useQueryClient();
  const notice = useSuccessNotice();
  const { refetch: refetchIdentity } = useGetIdentity();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: ProfileNameInput) => dataProvider.updateOwnName(input),
  });

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(values as ProfileNameInput);
      queryClient.setQueryData(profileKeys.profile, saved);
      session.updateUser((user) => ({
        ...user,
        fullName: saved.fullName,
        profile: { ...user.profile, firstName: saved.firstName, lastName: saved.lastName },
      }));
      await refetchIdentity();
      notice(t('profile.nameSaved'));
      return undefined;
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (!fields) {
        setError(
          e instanceof HttpError ? serverMessage(e, t('profile.nameFailed')) : t('profile.network'),
        );
      }
      return fields;
    }
  };

  return (
    <PanelCard title={t('profile.nameTitle')}>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <Form
        defaultValues={{ firstName: profile.firstName, lastName: profile.lastName }}
        resolver={resolver}
        onSubmit={submit}
        mode="onSubmit"
        reValidateMode="onChange"
        noValidate
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextInput
            source="firstName"
            label={t('profile.firstName')}
            autoComplete="given-name"
            helperText={false}
            fullWidth
          />
          <TextInput
            source="lastName"
            label={t('profile.lastName')}
            autoComplete="family-name"
            helperText={false}
            fullWidth
          />
        </Stack>
        <Box>
          <SaveButton label={t('profile.saveName')} />
        </Box>
      </Form>
    </PanelCard>
  );
}
