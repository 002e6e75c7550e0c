import { CreateBase } from 'react-admin';
import { newContactDraft } from '../../shared/contact';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { ContactForm } from './form/ContactForm';
import { useContactSave } from './form/useContactSave';
import { useManagedRoles } from './useManagedRoles';

const DRAFT = newContactDraft();

/** /contacts/create: a new participant unless another role is chosen (admins only). */
export default function ContactCreate() {
  const t = useMessages();
  const { save, error, dismissError } = useContactSave('create');
  const roles = useManagedRoles();
  if (!roles) return <LoadingPage label={t('app.loading')} />;
  return (
    // CreateBase for the resource's access checks; the form saves through useContactSave.
    <CreateBase resource="contacts">
      <ContactForm
        mode="create"
        record={DRAFT}
        onSubmit={save}
        error={error}
        onDismissError={dismissError}
        roles={roles}
      />
    </CreateBase>
  );
}
