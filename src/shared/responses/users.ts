import { z } from 'zod';
import { CONTACT_STATUSES, ROLES } from '../constants';
import { listOf } from './common';

/** Contacts, and the signed-in user's own account. */

const time = z.iso.datetime();

/** A contact as the API returns it; the signed-in user has the same shape. */
export const apiUserSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(CONTACT_STATUSES),
  fullName: z.string(),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  smsVerified: z.boolean(),
  /** When the contact opted out (STOP, or the provider's 21610); null while they have not. */
  smsOptedOutAt: time.nullable(),
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    address: z.object({
      street: z.string(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
      country: z.string(),
    }),
    bio: z.string(),
  }),
  createdAt: time,
  lastLogin: time.nullable(),
  loginCount: z.number().int(),
  hasCorruptedEmail: z.boolean(),
  /** The stored phone is one the phone rule would not store (shared/phone.ts). */
  phoneNeedsAttention: z.boolean(),
});
export type ApiUser = z.infer<typeof apiUserSchema>;

export const loginResponse = z.object({
  user: apiUserSchema,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const verifyResponse = z.object({
  valid: z.boolean(),
  user: apiUserSchema.optional(),
  error: z.string().optional(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

/** GET /api/contacts/verify-email/{token}: who was verified, and the token for setting a password. */
export const verifyEmailResponse = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  setPasswordToken: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const contactListResponse = listOf('contacts', apiUserSchema);

/** GET /api/contacts/export.csv (text/csv, streamed). */
export const contactsCsvResponse = z.string().describe('CSV: a header row, then one contact a row');

/** What became of an email Tidings queued for a contact (see the email outbox). */
const emailStateSchema = z.object({
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  /** The mail server's last refusal, while it is retried or once it failed. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  queuedAt: time,
  sentAt: time.nullable(),
});
export type ApiEmailState = z.infer<typeof emailStateSchema>;

/** GET /api/contacts/{id}: the contact, with the state of their last welcome email. */
const contactDetailSchema = apiUserSchema.extend({ welcomeEmail: emailStateSchema.nullable() });
export type ApiContactDetail = z.infer<typeof contactDetailSchema>;

export const contactDetailResponse = z.object({ contact: contactDetailSchema });

/** POST and PUT /api/contacts: the contact, and what was sent to them. */
export const contactWriteResponse = z.object({
  contact: apiUserSchema,
  optinMessageSent: z.boolean(),
  welcomeEmailSent: z.boolean().optional(),
  /** The save gave the contact a number that had opted out: they are opted out with it. */
  phoneOptedOut: z.boolean(),
});

/**
 * POST /api/contacts/{id}/welcome-email: whether an email is queued (one already waiting counts;
 * see queueEmail on the server).
 */
export const welcomeEmailResponse = z.object({ welcomeEmailSent: z.boolean() });
export type WelcomeEmailResponse = z.infer<typeof welcomeEmailResponse>;

/**
 * GET and PUT /api/profile: the signed-in user's own account. `lastSignIn` is the sign-in before
 * the one that opened the current session (null until there was one).
 */
const ownProfileSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  lastSignIn: time.nullable(),
  createdAt: time,
});
export type ApiOwnProfile = z.infer<typeof ownProfileSchema>;

export const profileResponse = z.object({ profile: ownProfileSchema });
export type ProfileResponse = z.infer<typeof profileResponse>;

/** POST /api/profile/password: how many other sessions the new password ended. */
export const changePasswordResponse = z.object({
  success: z.literal(true),
  signedOutSessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** One live session of the signed-in user. */
const ownSessionSchema = z.object({
  id: z.uuid(),
  createdAt: time,
  lastSeenAt: time,
  ip: z.string().nullable(),
  /** The browser's User-Agent header as it was sent at sign-in (at most 500 characters). */
  userAgent: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type ApiOwnSession = z.infer<typeof ownSessionSchema>;

/** GET /api/profile/sessions: newest first, the current one always among them. */
export const sessionsResponse = z.object({ sessions: z.array(ownSessionSchema) });
export type ProfileSessionsResponse = z.infer<typeof sessionsResponse>;

/** POST /api/profile/sessions/sign-out-others. */
export const signOutOthersResponse = z.object({ signedOut: z.number().int() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponse>;
