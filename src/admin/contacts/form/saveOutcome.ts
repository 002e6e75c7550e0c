import { HttpError, type RaRecord } from 'react-admin';
import type { ContactFormMode, ContactFormValues } from '../../../shared/contact';
import type { ApiSimulation } from '../../../shared/responses/common';
import type { ApiUser } from '../../../shared/responses/users';
import type { useMessages } from '../../i18n';
import { serverMessage } from '../../providers/httpClient';
import { NoSessionError } from '../../providers/sessionRequired';

type Translate = ReturnType<typeof useMessages>;

/**
 * The record `dataProvider.create/update` return for a contact: the stored contact, with what
 * POST /api/contacts (201) and PUT /api/contacts/{id} report beside it (spec section 7).
 */
export type SavedContact = RaRecord &
  Partial<Omit<ApiUser, 'id'>> & {
    optinMessageSent?: boolean;
    welcomeEmailSent?: boolean;
    phoneOptedOut?: boolean;
  };

/**
 * 'Contact {first} {last} created successfully!' (or updated), plus a sentence for each message
 * the server says it queued (saying where it goes while that channel is simulated). The names are
 * the server's, as stored (trimmed), when it returns them.
 */
export function saveSuccessMessage(
  t: Translate,
  mode: ContactFormMode,
  saved: SavedContact,
  values: ContactFormValues,
  simulation: ApiSimulation,
): string {
  const names = {
    first: saved.profile?.firstName ?? values.firstName.trim(),
    last: saved.profile?.lastName ?? values.lastName.trim(),
  };
  let text = t(mode === 'create' ? 'contacts.created' : 'contacts.updated', names);
  // `…Sent` is the spec's name for "put in the outbox in the same transaction"
  // (see docs/decisions/queued-not-sent.md).
  if (saved.optinMessageSent) {
    text += t(simulation.sms ? 'simulation.optinQueued' : 'contacts.optinQueued');
  }
  if (saved.welcomeEmailSent) {
    text += t(simulation.email ? 'simulation.welcomeQueued' : 'contacts.welcomeQueued');
  }
  if (saved.phoneOptedOut) text += t('contacts.phoneOptedOut');
  return text;
}

/**
 * Spec section 8: the server's text when it gave one, the screen's fallback when it answered
 * without one, the network text when no answer came at all, and 'log in again' when nothing could
 * be sent for want of a token.
 */
export function saveErrorMessage(t: Translate, mode: ContactFormMode, error: unknown): string {
  if (error instanceof NoSessionError) return error.message;
  if (!(error instanceof HttpError)) return t('contacts.errors.networkSubmit');
  return serverMessage(
    error,
    t(mode === 'create' ? 'contacts.errors.create' : 'contacts.errors.update'),
  );
}

/** The server's validation `details`, shaped like the form, to show beside each field. */
export function serverFieldErrors(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
  return errors && Object.keys(errors).length > 0 ? errors : undefined;
}
