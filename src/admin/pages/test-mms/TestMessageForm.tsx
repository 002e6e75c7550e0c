import {
  Alert,
  AlertTitle,
  Box,
  Button,
  DialogActions,
  DialogContent,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AutocompleteInput,
  Form,
  HttpError,
  RadioButtonGroupInput,
  ReferenceInput,
  TextInput,
  useDataProvider,
  useNotify,
} from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import type { ApiMessage, ApiSmsSettings } from '../../../shared/responses/messages';
import type { ApiUser } from '../../../shared/responses/users';
import { OwnMessageFields } from '../../forms/OwnMessageFields';
import { useMessages } from '../../i18n';
import { UploadsProvider, useUploads } from '../../products/form/uploads';
import { serverFieldErrors } from '../../contacts/form/saveOutcome';
import type { TidingsDataProvider } from '../../providers/dataProvider';
import { ProductDayFields } from './ProductDayFields';
import {
  testMessageProblems,
  toTestMessageRequest,
  type TestMessageFormValues,
} from './testMessageValues';

type Translate = ReturnType<typeof useMessages>;

/** Why a send was refused: the server's text, with a title for the two refusals that are no typo. */
interface SendError {
  title: string | null;
  text: string;
}

function sendErrorOf(t: Translate, error: unknown): SendError {
  if (!(error instanceof HttpError)) return { title: null, text: t('testMms.network') };
  const text = error.message || t('testMms.failed');
  if (error.status === 409) return { title: t('testMms.optedOutTitle'), text };
  if (error.status === 429) return { title: t('testMms.rateLimitedTitle'), text };
  return { title: null, text };
}

const validate = (values: FieldValues) => testMessageProblems(values as TestMessageFormValues);

/** Contacts sort by name: the API refuses a sort on `id`. */
const BY_FULL_NAME = { field: 'fullName', order: 'ASC' } as const;

/** The contacts list searches name, email and phone server-side with `q`. */
const searchContacts = (q: string) => ({ q });

function RecipientFields() {
  const t = useMessages();
  const recipient = useWatch<TestMessageFormValues, 'recipient'>({ name: 'recipient' });
  const contactText = (contact: ApiUser | undefined) => {
    if (!contact) return '';
    const name = contact.fullName;
    if (!contact.phone) return t('testMms.contactNoPhone', { name });
    return contact.smsOptedOutAt
      ? t('testMms.contactOptedOut', { name, phone: contact.phone })
      : t('testMms.contactOption', { name, phone: contact.phone });
  };
  return (
    <>
      <RadioButtonGroupInput
        source="recipient"
        label={t('testMms.recipient')}
        choices={[
          { id: 'phone', name: t('testMms.recipients.phone') },
          { id: 'contact', name: t('testMms.recipients.contact') },
        ]}
        row
        helperText={false}
      />
      {recipient === 'contact' ? (
        <ReferenceInput source="contactId" reference="contacts" sort={BY_FULL_NAME} perPage={20}>
          <AutocompleteInput
            label={t('testMms.contact')}
            optionText={contactText}
            filterToQuery={searchContacts}
            // Without a phone there is nothing to send to; an opted-out phone would be refused.
            getOptionDisabled={(contact: ApiUser) => !contact.phone || !!contact.smsOptedOutAt}
            helperText={t('testMms.contactHelp')}
            isRequired
            fullWidth
          />
        </ReferenceInput>
      ) : (
        <TextInput
          source="to"
          label={t('testMms.phone')}
          type="tel"
          autoComplete="off"
          helperText={t('contacts.phoneHint')}
          isRequired
          fullWidth
        />
      )}
    </>
  );
}

function ContentFields() {
  const t = useMessages();
  const content = useWatch<TestMessageFormValues, 'content'>({ name: 'content' });
  return (
    <>
      <RadioButtonGroupInput
        source="content"
        label={t('testMms.content')}
        choices={[
          { id: 'text', name: t('testMms.contents.text') },
          { id: 'product', name: t('testMms.contents.product') },
        ]}
        row
        helperText={false}
      />
      {content === 'product' ? (
        <ProductDayFields />
      ) : (
        <OwnMessageFields label={t('testMms.body')} minRows={3} />
      )}
    </>
  );
}

function FormButtons({ onClose }: { onClose: () => void }) {
  const t = useMessages();
  const { isSubmitting } = useFormState();
  const { active } = useUploads();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      {active > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
          {t('products.errors.uploadInProgress')}
        </Typography>
      )}
      <Button onClick={onClose}>{t('dashboard.close')}</Button>
      <Button type="submit" variant="contained" disabled={isSubmitting || active > 0}>
        {isSubmitting ? t('testMms.sending') : t('testMms.send')}
      </Button>
    </DialogActions>
  );
}

/**
 * The dialog's form: a recipient, the content, 'Send'. On success `onSent` gets the stored message
 * (and the values, for 'Send another'); a refusal stays here, its text above the fields and the
 * server's field errors beside their fields.
 */
export function TestMessageForm({
  values,
  settings,
  onSent,
  onClose,
}: {
  values: TestMessageFormValues;
  settings: ApiSmsSettings | undefined;
  onSent: (message: ApiMessage, values: TestMessageFormValues) => void;
  onClose: () => void;
}) {
  const t = useMessages();
  const notify = useNotify();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const [error, setError] = useState<SendError | null>(null);
  const { mutateAsync } = useMutation({ mutationFn: dataProvider.sendTestMessage });

  const submit = async (formValues: FieldValues) => {
    const filled = formValues as TestMessageFormValues;
    setError(null);
    try {
      const message = await mutateAsync(toTestMessageRequest(filled));
      notify(t('testMms.queued', { to: message.toPhone }), { type: 'info' });
      onSent(message, filled);
      return undefined;
    } catch (e) {
      setError(sendErrorOf(t, e));
      return serverFieldErrors(e);
    }
  };

  return (
    <UploadsProvider>
      {/* noValidate: the dialog's own messages, not the browser's, say what is missing. */}
      <Form
        defaultValues={values}
        validate={validate}
        onSubmit={submit}
        mode="onSubmit"
        reValidateMode="onChange"
        disableInvalidFormNotification
        noValidate
      >
        <DialogContent sx={{ pt: 0 }}>
          {settings && (
            <Typography variant="body2" color="text.secondary">
              {t('testMms.limit', {
                max: settings.testSendLimit.max,
                minutes: settings.testSendLimit.windowMinutes,
              })}
            </Typography>
          )}
          {settings?.provider === 'log' && (
            <Typography variant="body2" color="info.main" sx={{ mt: 1 }}>
              {t('testMms.logProvider')}
            </Typography>
          )}
          {error && (
            <Alert
              severity="error"
              variant={error.title ? 'filled' : 'standard'}
              onClose={() => setError(null)}
              sx={{ mt: 2 }}
            >
              {error.title && <AlertTitle>{error.title}</AlertTitle>}
              {error.text}
            </Alert>
          )}
          <Box sx={{ mt: 2 }}>
            <RecipientFields />
          </Box>
          <Box sx={{ mt: 1 }}>
            <ContentFields />
          </Box>
        </DialogContent>
        <FormButtons onClose={onClose} />
      </Form>
    </UploadsProvider>
  );
}
