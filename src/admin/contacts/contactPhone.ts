import type { ApiUser } from '../../shared/responses/users';

/** The contact's phone as the API gives it (in the profile, and flat on older answers), or null. */
export const contactPhone = (
  contact: Pick<ApiUser, 'phone'> & { profile?: Partial<ApiUser['profile']> },
) => contact.profile?.phone ?? contact.phone ?? null;
