import { z } from 'zod';
import {
  applyRoleRules,
  mayHavePassword,
  newContactDraft,
  passwordRequired,
  type ContactFormMode,
  type ContactFormValues,
} from '../contact';
import { CONSENT_STATES } from '../consent';
import { CONTACT_STATUSES, LIMITS, ROLES } from '../constants';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../email';
import { formatMessage } from '../format';
import { messages } from '../messages';
import { phoneProblem, toE164 } from '../phone';
import { richTextToPlain } from '../rich-text';
import { PASSWORD_MAX_LENGTH, requiredString } from './common';
import { listQuerySchema, oneOrMany } from './list';

/**
 * The contact rules of spec sections 4 and 5, for the contact forms and the contacts API alike.
 * Both the create form's flat shape and the API's nested `profile` are accepted; the role rules are
 * applied first, so a participant never keeps a password or a verified email, whoever sends it.
 */

const t = messages.contacts;

/** The one text for a field over its length, named as the form labels it. */
const tooLong = (field: keyof typeof t.fields, max: number) => ({
  error: formatMessage(t.tooLong, { field: t.fields[field], max }),
});

const text = (field: keyof typeof t.fields, max: number) =>
  z.string().trim().max(max, tooLong(field, max)).default('');

const addressSchema = z
  .object({
    street: text('street', 200),
    city: text('city', 100),
    state: text('state', 100),
    zipCode: text('zipCode', 20),
    country: text('country', 100),
  })
  .default(newContactDraft().address);

/**
 * The bio/notes, plain text or the editor's HTML (shared/rich-text.ts). Its length is that of its
 * text, so formatting does not use up the limit; the HTML has a cap of its own. The server
 * sanitises it before storing (server/services/rich-text.ts).
 */
const bioTooLong = formatMessage(t.bioTooLong, { max: LIMITS.bioText });
const bioSchema = z
  .string()
  .trim()
  .max(LIMITS.bioHtml, { error: bioTooLong })
  .refine((bio) => richTextToPlain(bio).length <= LIMITS.bioText, { error: bioTooLong })
  .default('');

const PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'address', 'bio'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The flat form shape from either payload: fields given flat win over the same under `profile`. */
export function flattenContactBody(body: unknown): Record<string, unknown> | unknown {
  if (!isObject(body)) return body;
  const { profile, ...rest } = body;
  const nested = isObject(profile) ? profile : {};
  const flat: Record<string, unknown> = { ...rest };
  for (const field of PROFILE_FIELDS) flat[field] = rest[field] ?? nested[field];
  const draft = newContactDraft();
  const address = isObject(flat.address) ? flat.address : {};
  // Missing flags and fields take the draft's values; a missing country is the default country.
  const merged = Object.fromEntries(
    Object.entries({ ...draft, ...flat }).map(([key, value]) => [
      key,
      value ?? draft[key as keyof ContactFormValues],
    ]),
  );
  // An API client may leave the confirmation out; then there is nothing to compare.
  const confirmPassword = rest.confirmPassword ?? undefined;
  return { ...merged, confirmPassword, address: { ...draft.address, ...stripUndefined(address) } };
}

function stripUndefined(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * First and last name with the contact form's rules and texts; Profile's name form (and
 * PUT /api/profile) uses the same ones.
 */
export const nameFields = {
  firstName: requiredString(t.firstNameRequired).max(100, tooLong('firstName', 100)),
  lastName: requiredString(t.lastNameRequired).max(100, tooLong('lastName', 100)),
};

const fields = {
  email: requiredString(t.emailRequired)
    .max(EMAIL_MAX_LENGTH, { error: t.emailInvalid })
    .transform(normalizeEmail)
    .refine(isValidEmail, { error: t.emailInvalid }),
  password: z.string().max(PASSWORD_MAX_LENGTH, { error: t.passwordTooShort }).default(''),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  ...nameFields,
  phone: text('phone', 40),
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }),
  status: z.enum(CONTACT_STATUSES, {
    error: `Status must be one of ${CONTACT_STATUSES.join(', ')}`,
  }),
  address: addressSchema,
  bio: bioSchema,
  emailVerified: z.boolean().default(false),
  smsVerified: z.boolean().default(false),
  sendOptinMessage: z.boolean().default(false),
  sendWelcomeEmail: z.boolean().default(false),
};

/**
 * Why a contact's phone cannot be saved, or null. A new number must pass the phone rule
 * (shared/phone.ts). On edit, a number stored before the rule that the rule would refuse only as
 * not valid (the spec's digit counts still hold) may be kept exactly as it is, so that the rest of
 * the contact can still be edited; it is flagged ('Phone needs attention'), not changed. Asking it
 * to opt in needs a valid number. `stored` is the contact's stored phone; on edit without it (the
 * API's body, read before the contact is), any such number passes here, and the update checks it
 * again against the stored one.
 */
export function keptPhoneProblem(
  phone: string,
  stored: string | null | undefined,
  sendOptinMessage: boolean,
): string | null {
  const problem = phoneProblem(phone);
  const kept = stored === undefined || phone.trim() === stored;
  return problem === t.phoneInvalid && kept && !sendOptinMessage ? null : problem;
}

/**
 * The contact rules for `mode`. On edit, `storedPhone` is the contact's phone as stored (the
 * console has it; the API checks it in the update, see keptPhoneProblem).
 */
export function contactSchema(mode: ContactFormMode, storedPhone?: string | null) {
  return z.preprocess(
    (body) => {
      const flat = flattenContactBody(body);
      return isObject(flat) ? applyRoleRules(flat as unknown as ContactFormValues, mode) : flat;
    },
    z
      .object(fields)
      .superRefine((contact, ctx) => {
        const issue = (path: string, message: string) =>
          ctx.addIssue({ code: 'custom', path: [path], message });
        // A host on create must have a password; for hosts and admins otherwise it is optional
        // (blank: none, or on edit the current one kept), and one that is given is checked alike.
        if (!contact.password) {
          if (passwordRequired(contact.role, mode)) issue('password', t.hostPasswordRequired);
        } else if (contact.password.length < LIMITS.passwordMin) {
          issue('password', t.passwordTooShort);
        } else if (
          contact.confirmPassword !== undefined &&
          contact.confirmPassword !== contact.password
        ) {
          issue('confirmPassword', t.passwordsDoNotMatch);
        }
        if (!contact.phone) {
          if (contact.sendOptinMessage) issue('phone', t.phoneRequiredForOptin);
        } else {
          const problem =
            mode === 'create'
              ? phoneProblem(contact.phone)
              : keptPhoneProblem(contact.phone, storedPhone, contact.sendOptinMessage);
          if (problem) issue('phone', problem);
        }
        if (contact.emailVerified && contact.sendWelcomeEmail)
          issue('sendWelcomeEmail', t.verifiedOrWelcome);
      })
      .transform(({ confirmPassword: _confirm, ...contact }) => ({
        ...contact,
        password: contact.password || null,
        phone: contact.phone ? toE164(contact.phone) : null,
      })),
  );
}

export type ContactInput = z.output<ReturnType<typeof contactSchema>>;

/**
 * A contact as an import writes it: the form's rules for email, names, phone, role,
 * status, address and bio. No password and no verification: those only the person can give.
 */
export const importedContactSchema = z
  .object({
    email: fields.email,
    firstName: fields.firstName,
    lastName: fields.lastName,
    phone: fields.phone,
    role: fields.role,
    status: fields.status,
    address: addressSchema,
    bio: bioSchema,
  })
  .superRefine((contact, ctx) => {
    const problem = contact.phone ? phoneProblem(contact.phone) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
  })
  .transform((contact) => ({ ...contact, phone: contact.phone ? toE164(contact.phone) : null }));

export type ImportedContact = z.output<typeof importedContactSchema>;

/**
 * The write shape of section 3 that the console sends: the profile nested, flags beside it, a
 * password for a host or an admin when one is typed (always for a new host, who must have one),
 * the welcome email only on create. On edit a blank password is left out: the current one stays.
 */
export function toContactPayload(values: ContactFormValues, mode: ContactFormMode) {
  const v = applyRoleRules(values, mode);
  const withPassword =
    mayHavePassword(v.role) && (v.password !== '' || passwordRequired(v.role, mode));
  return {
    email: v.email,
    ...(withPassword ? { password: v.password, confirmPassword: v.confirmPassword } : {}),
    profile: {
      firstName: v.firstName,
      lastName: v.lastName,
      phone: v.phone,
      address: v.address,
      bio: v.bio,
    },
    role: v.role,
    status: v.status,
    emailVerified: v.emailVerified,
    smsVerified: v.smsVerified,
    sendOptinMessage: v.sendOptinMessage,
    ...(mode === 'create' ? { sendWelcomeEmail: v.sendWelcomeEmail } : {}),
  };
}

export const CONTACT_SORT_FIELDS = [
  'fullName',
  'email',
  'phone',
  'role',
  'status',
  'verified',
  'createdAt',
  'lastLogin',
] as const;

/**
 * GET /api/contacts (and its CSV export): search over name, email and phone; role, status,
 * consent state (shared/consent.ts) and phones that need attention.
 */
export const contactListQuerySchema = listQuerySchema(CONTACT_SORT_FIELDS).extend({
  role: oneOrMany(ROLES, 'role'),
  status: oneOrMany(CONTACT_STATUSES, 'status'),
  consent: oneOrMany(CONSENT_STATES, 'consent'),
  /** Contacts whose stored phone the phone rule would not store (shared/phone.ts). */
  phone: z.enum(['needs_attention'], { error: 'phone must be needs_attention' }).optional(),
  ids: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'ids must be contact ids' })).max(1000))
    .optional(),
  /** Contacts that are not active members of this pod: the add-members candidates. */
  notInPod: z.uuid({ error: 'notInPod must be a pod id' }).optional(),
});
