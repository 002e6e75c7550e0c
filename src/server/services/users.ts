import { isValidEmail } from '../../shared/email';
import { phoneNeedsAttention } from '../../shared/phone';
import type { ApiUser } from '../../shared/responses/users';
import type { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A contact's name as lists and answers show it: first and last, either may be empty. */
export const fullNameOf = (user: { firstName: string; lastName: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

/**
 * A contact (or the signed-in user) as the API returns it. Never includes the password hash. A
 * list passes `phoneFlagged` as the list of phones made at start has it
 * (stored-phones.ts); one contact's phone is checked here.
 */
export function toApiUser(
  row: UserRow,
  phoneFlagged: boolean = phoneNeedsAttention(row.phone),
): ApiUser {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    fullName: fullNameOf(row),
    phone: row.phone,
    emailVerified: row.emailVerified,
    smsVerified: row.smsVerified,
    smsOptedOutAt: row.smsOptedOutAt?.toISOString() ?? null,
    profile: {
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      address: {
        street: row.street,
        city: row.city,
        state: row.state,
        zipCode: row.zipCode,
        country: row.country,
      },
      bio: row.bio,
    },
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    loginCount: row.loginCount,
    // Rows imported from elsewhere may hold addresses the form would refuse; the list flags them.
    hasCorruptedEmail: !isValidEmail(row.email),
    // Phones stored before the phone rule are kept as they are; the list flags and filters them.
    phoneNeedsAttention: phoneFlagged,
  };
}
