import { CreateBase } from 'react-admin';
import { newContactDraft } from '../../shared/contact';
import { ContactForm } from './form/ContactForm';
import { useContactSave } from './form/useContactSave';

const DRAFT = newContactDraft();

/** /contacts/create: a new participant unless another role is chosen. */
export default function ContactCreate() {
  const { save, error, dismissError } = useContactSave('create');
  return (
    // CreateBase for the resource's access checks; the form saves through useContactSave.
    <CreateBase resource="contacts">
      <ContactForm
        mode="create"
        record={DRAFT}
        onSubmit={save}
        error={error}
        onDismissError={dismissError}
      />
    </CreateBase>
  );
}
