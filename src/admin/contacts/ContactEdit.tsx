import { Box } from '@mui/material';
import { useMemo } from 'react';
import { EditBase, useEditContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ApiContactDetail } from '../../shared/responses/users';
import { RecordLoadError } from '../forms/RecordLoadError';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { recordErrorMessage } from '../lists/listErrors';
import { ConsentHistory } from './ConsentHistory';
import { ConsentStatus } from './ConsentStatus';
import { ContactDetails } from './ContactDetails';
import { contactPhone } from './contactPhone';
import { contactToFormValues } from './form/contactToFormValues';
import { ContactForm } from './form/ContactForm';
import { useContactSaveOutcome } from './form/useContactSaveOutcome';
import { ContactPrograms } from './ContactPrograms';
import { Conversation } from './Conversation';
import { useManagedRoles } from './useManagedRoles';
import { WelcomeEmailStatus } from './WelcomeEmailStatus';

/**
 * Below the contact: their conversation and their consent history, side by side where there is
 * room (as the form's two columns), one above the other on a narrow screen.
 */
function ContactActivity({ contact }: { contact: ApiContactDetail }) {
  return (
    <Box
      sx={{
        mt: 3,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      <Conversation contact={contact} />
      <Box>
        <ConsentHistory contact={contact} />
        {contact.role === 'participant' && <ContactPrograms contact={contact} />}
      </Box>
    </Box>
  );
}

function ContactEditView({
  error,
  onDismissError,
}: {
  error: string | null;
  onDismissError: () => void;
}) {
  const t = useMessages();
  const { record, isPending, error: loadError } = useEditContext<ApiContactDetail>();
  const values = useMemo(() => (record ? contactToFormValues(record) : null), [record]);
  const roles = useManagedRoles();
  if (isPending || !roles) return <LoadingPage label={t('contacts.loading')} />;
  if (loadError || !record || !values) {
    return (
      <RecordLoadError
        title={t('contacts.editTitle')}
        message={recordErrorMessage(loadError, {
          fetch: t('contacts.errors.load'),
          load: t('contacts.errors.network'),
        })}
        backTo="/contacts"
        backLabel={t('contacts.back')}
      />
    );
  }
  // A contact the user may not change is shown, not offered as a form the server would refuse.
  if (!roles.includes(record.role)) {
    return (
      <>
        <ContactDetails contact={record} />
        <ContactActivity contact={record} />
      </>
    );
  }
  return (
    <>
      <ContactForm
        mode="edit"
        record={values}
        roles={roles}
        error={error}
        onDismissError={onDismissError}
        emailHelp={record.hasCorruptedEmail ? t('contacts.corruptedEmail') : undefined}
        phoneHelp={record.phoneNeedsAttention ? t('contacts.phoneNeedsAttention') : undefined}
        storedPhone={contactPhone(record)}
        // Opting in is a participant's; anyone's opt-out matters (a test send to them is refused).
        phoneStatus={
          (record.role === 'participant' || record.smsOptedOutAt) && (
            <ConsentStatus contact={record} />
          )
        }
        emailStatus={
          record.role !== 'participant' && (
            <WelcomeEmailStatus
              contactId={record.id}
              emailVerified={record.emailVerified}
              welcomeEmail={record.welcomeEmail}
              canResend
            />
          )
        }
      />
      <ContactActivity contact={record} />
    </>
  );
}

/**
 * /contacts/{id}: the contact form for a stored contact, with a host's or admin's email state and
 * 'Resend welcome email' instead of the create form's checkbox; read-only for a contact the
 * signed-in user may not change.
 */
export default function ContactEdit() {
  const { id } = useParams();
  const { mutationOptions, error, dismissError } = useContactSaveOutcome('edit');
  return (
    <EditBase
      resource="contacts"
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      // The view shows load failures itself, with 'Back to Contacts'.
      queryOptions={{ onError: () => undefined, retry: false }}
      mutationOptions={mutationOptions}
    >
      <ContactEditView error={error} onDismissError={dismissError} />
    </EditBase>
  );
}
