import { useMemo } from 'react';
import { EditBase, useEditContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ApiContactDetail } from '../../shared/types';
import { RecordLoadError } from '../forms/RecordLoadError';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { recordErrorMessage } from '../lists/listErrors';
import { ContactDetails } from './ContactDetails';
import { contactToFormValues } from './form/contactToFormValues';
import { ContactForm } from './form/ContactForm';
import { useContactSave } from './form/useContactSave';
import { RecentMessages } from './RecentMessages';
import { useManagedRoles } from './useManagedRoles';
import { WelcomeEmailStatus } from './WelcomeEmailStatus';

function ContactEditView() {
  const t = useMessages();
  const { record, isPending, error: loadError } = useEditContext<ApiContactDetail>();
  const { save, error, dismissError } = useContactSave('edit', record?.id);
  const values = useMemo(() => (record ? contactToFormValues(record) : null), [record]);
  const roles = useManagedRoles();
  if (isPending || !roles) return <LoadingPage label={t('contacts.loading')} />;
  if (loadError || !record || !values) {
    return (
      <RecordLoadError
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
        <RecentMessages contactId={record.id} />
      </>
    );
  }
  return (
    <>
      <ContactForm
        mode="edit"
        record={values}
        roles={roles}
        onSubmit={save}
        error={error}
        onDismissError={dismissError}
        emailHelp={record.hasCorruptedEmail ? t('contacts.corruptedEmail') : undefined}
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
      <RecentMessages contactId={record.id} />
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
  return (
    <EditBase
      resource="contacts"
      id={id}
      redirect={false}
      // The view shows load failures itself, with 'Back to Contacts'.
      queryOptions={{ onError: () => undefined, retry: false }}
    >
      <ContactEditView />
    </EditBase>
  );
}
