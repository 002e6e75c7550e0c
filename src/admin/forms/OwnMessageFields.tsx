import { FormHelperText } from '@mui/material';
import { TextInput } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { MediaField } from '../products/form/MediaField';
import { MessageCounter } from '../products/form/MessageCounter';
import { SmsDetails } from '../products/form/SmsDetails';

/**
 * A message a staff member writes themselves (a test send, a reply): its text in `body`, with the
 * product editor's counter and SMS details, and one picture or video in `attachment`. The
 * server's word on `mediaUrl` has no input of its own: it is shown under the media.
 */
export function OwnMessageFields({ label, minRows }: { label: string; minRows: number }) {
  const { setValue } = useFormContext<{ body: string }>();
  const { isSubmitted, errors } = useFormState({ name: 'mediaUrl' });
  const body = useWatch<{ body: string }, 'body'>({ name: 'body' }) ?? '';
  const mediaError = (errors as { mediaUrl?: { message?: string } }).mediaUrl?.message;
  return (
    <>
      <TextInput
        source="body"
        label={label}
        multiline
        minRows={minRows}
        isRequired
        fullWidth
        helperText={false}
      />
      <MessageCounter text={body} links={[]} />
      <SmsDetails
        text={body}
        links={[]}
        onReplace={(text) =>
          setValue('body', text, { shouldDirty: true, shouldValidate: isSubmitted })
        }
      />
      <MediaField path="attachment" withFallback={false} />
      {mediaError && (
        <FormHelperText error data-testid="media-error">
          {mediaError}
        </FormHelperText>
      )}
    </>
  );
}
