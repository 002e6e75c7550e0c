import { newContactDraft, type ContactFormValues } from '../../../shared/contact';
import type { ApiUser } from '../../../shared/responses/users';

/**
 * The API's contact (profile nested) as the contact form holds it (flat). The stored address is
 * kept as it is, country included, so saving an untouched contact changes nothing; only parts the
 * API left out take the draft's values. The one-off checkboxes (opt-in, welcome email) start
 * unchecked, and the password fields stay empty: the stored password is never read back, and a
 * blank password keeps it.
 */
export function contactToFormValues(contact: ApiUser): ContactFormValues {
  const draft = newContactDraft();
  const profile: Partial<ApiUser['profile']> = contact.profile ?? {};
  return {
    ...draft,
    email: contact.email ?? '',
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ?? contact.phone ?? '',
    role: contact.role,
    status: contact.status,
    address: { ...draft.address, ...withoutNulls(profile.address) },
    bio: profile.bio ?? '',
    emailVerified: Boolean(contact.emailVerified),
    smsVerified: Boolean(contact.smsVerified),
  };
}

function withoutNulls<T extends object>(value: T | null | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, part]) => part !== null && part !== undefined),
  ) as Partial<T>;
}
