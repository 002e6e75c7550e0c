import { CreateBase } from 'react-admin';
import { newContactDraft } from '../../shared/contact';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { ContactForm } from './form/ContactForm';
import { useContactSaveOutcome } from './form/useContactSaveOutcome';
import { useManagedRoles } from './useManagedRoles';

const DRAFT = newContactDraft();

/** /contacts/create: a new participant unless another role is chosen (admins only). */
export default function ContactCreate() {
  const t = useMessages();
  const { mutationOptions, error, dismissError } = useContactSaveOutcome('create');
  const roles = useManagedRoles();
  if (!roles) return <LoadingPage label={t('app.loading')} />;
  return (
    <CreateBase resource="contacts" mutationOptions={mutationOptions}>
      <ContactForm
        mode="create"
        record={DRAFT}
        error={error}
        onDismissError={dismissError}
        roles={roles}
      />
    </CreateBase>
  );
}
