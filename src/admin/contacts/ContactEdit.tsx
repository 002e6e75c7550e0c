import { useMemo } from 'react';
import { EditBase, useEditContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ApiUser } from '../../shared/types';
import { RecordLoadError } from '../forms/RecordLoadError';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { recordErrorMessage } from '../lists/listErrors';
import { contactToFormValues } from './form/contactToFormValues';
import { ContactForm } from './form/ContactForm';
import { useContactSave } from './form/useContactSave';

function ContactEditView() {
  const t = useMessages();
  const { record, isPending, error: loadError } = useEditContext<ApiUser>();
  const { save, error, dismissError } = useContactSave('edit', record?.id);
  const values = useMemo(() => (record ? contactToFormValues(record) : null), [record]);
  if (isPending) return <LoadingPage label={t('contacts.loading')} />;
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
  return (
    <ContactForm
      mode="edit"
      record={values}
      onSubmit={save}
      error={error}
      onDismissError={dismissError}
      emailHelp={record.hasCorruptedEmail ? t('contacts.corruptedEmail') : undefined}
    />
  );
}

/** /contacts/{id}: the contact form for a stored contact, without the welcome email. */
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
