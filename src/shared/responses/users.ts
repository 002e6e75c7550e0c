import { z } from 'zod';
import { CONTACT_STATUSES, ROLES } from '../constants';
import type {
  ApiContactDetail,
  ApiOwnProfile,
  ApiOwnSession,
  ApiUser,
  LoginResponse,
  VerifyEmailResponse,
  VerifyResponse,
} from '../types';
import { listOf } from './common';

/** Contacts, and the signed-in user's own account. */

const time = z.iso.datetime();

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
  phoneNeedsAttention: z.boolean(),
}) satisfies z.ZodType<ApiUser>;

export const loginResponse = z.object({
  user: apiUserSchema,
  token: z.string(),
}) satisfies z.ZodType<LoginResponse>;

export const verifyResponse = z.object({
  valid: z.boolean(),
  user: apiUserSchema.optional(),
  error: z.string().optional(),
}) satisfies z.ZodType<VerifyResponse>;

export const verifyEmailResponse = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  setPasswordToken: z.string(),
}) satisfies z.ZodType<VerifyEmailResponse>;

export const contactListResponse = listOf('contacts', apiUserSchema);

/** GET /api/contacts/export.csv (text/csv, streamed). */
export const contactsCsvResponse = z.string().describe('CSV: a header row, then one contact a row');

export const contactDetailResponse = z.object({
  contact: apiUserSchema.extend({
    welcomeEmail: z
      .object({
        status: z.enum(['queued', 'sending', 'sent', 'failed']),
        error: z.string().nullable(),
        attempts: z.number().int(),
        queuedAt: time,
        sentAt: time.nullable(),
      })
      .nullable(),
  }) satisfies z.ZodType<ApiContactDetail>,
});

/** POST and PUT /api/contacts: the contact, and what was sent to them. */
export const contactWriteResponse = z.object({
  contact: apiUserSchema,
  optinMessageSent: z.boolean(),
  welcomeEmailSent: z.boolean().optional(),
  /** The save gave the contact a number that had opted out: they are opted out with it. */
  phoneOptedOut: z.boolean(),
});

export const welcomeEmailResponse = z.object({ welcomeEmailSent: z.boolean() });

export const profileResponse = z.object({
  profile: z.object({
    _id: z.uuid(),
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    role: z.enum(ROLES),
    lastSignIn: time.nullable(),
    createdAt: time,
  }) satisfies z.ZodType<ApiOwnProfile>,
});

export const changePasswordResponse = z.object({
  success: z.literal(true),
  signedOutSessions: z.number().int(),
});

export const sessionsResponse = z.object({
  sessions: z.array(
    z.object({
      id: z.uuid(),
      createdAt: time,
      lastSeenAt: time,
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      current: z.boolean(),
    }) satisfies z.ZodType<ApiOwnSession>,
  ),
});

export const signOutOthersResponse = z.object({ signedOut: z.number().int() });
