import { DEFAULT_COUNTRY, ROLES, type ContactStatus, type Role } from './constants';

/**
 * A contact as the contact forms hold it (flat, as the create form reads it), and the role rules
 * of spec section 4 that keep its verification flags and password consistent with its role.
 */
export interface ContactAddress {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export interface ContactFormValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  status: ContactStatus;
  address: ContactAddress;
  bio: string;
  emailVerified: boolean;
  smsVerified: boolean;
  sendOptinMessage: boolean;
  sendWelcomeEmail: boolean;
}

export type ContactFormMode = 'create' | 'edit';

export function newContactDraft(): ContactFormValues {
  return {
    email: '',
    password: '',
    confirmPassword: '',
    firstName: '',
    lastName: '',
    phone: '',
    role: 'participant',
    status: 'active',
    address: { street: '', city: '', state: '', zipCode: '', country: DEFAULT_COUNTRY },
    bio: '',
    emailVerified: false,
    smsVerified: false,
    sendOptinMessage: false,
    sendWelcomeEmail: false,
  };
}

/**
 * What choosing `role` changes in the form (spec section 4): participant clears emailVerified,
 * the password and its confirmation; admin clears smsVerified and the password; host clears
 * smsVerified. On edit, moving to participant resets emailVerified and moving to another role
 * resets smsVerified, which the same changes cover. Checkboxes a role cannot use are cleared too.
 */
export function roleChange(role: Role): Partial<ContactFormValues> {
  switch (role) {
    case 'participant':
      return {
        role,
        emailVerified: false,
        password: '',
        confirmPassword: '',
        sendWelcomeEmail: false,
      };
    case 'admin':
      return {
        role,
        smsVerified: false,
        password: '',
        confirmPassword: '',
        sendOptinMessage: false,
      };
    case 'host':
      return { role, smsVerified: false, sendOptinMessage: false };
  }
}

/**
 * The roles of the contacts a signed-in user may create and change (the spec shows no rule; these
 * are Tidings'): admins everyone, hosts participants only. The server enforces the same rule
 * (server/auth/permissions.ts); the console uses this to offer only what will be accepted.
 */
export function rolesManagedBy(role: Role): readonly Role[] {
  if (role === 'admin') return ROLES;
  return role === 'host' ? ['participant'] : [];
}

/**
 * Who may have a password: hosts and admins. The spec gives one to new hosts only (section 6), but
 * admins made in the console could then never sign in until email verification exists, so an admin
 * may set one for a host or an admin, on create and on edit. Participants never have one.
 */
export const mayHavePassword = (role: Role): boolean => role !== 'participant';

/** Only a new host must have a password (spec section 5); elsewhere blank means none, or unchanged. */
export const passwordRequired = (role: Role, mode: ContactFormMode): boolean =>
  mode === 'create' && role === 'host';

/** The opt-in checkbox is for participants with a phone whose phone is not verified yet. */
export function canSendOptin(
  values: Pick<ContactFormValues, 'role' | 'phone' | 'smsVerified'>,
): boolean {
  return values.role === 'participant' && values.phone.trim() !== '' && !values.smsVerified;
}

/**
 * The flags as they are sent (spec section 4): emailVerified only for non-participants, smsVerified
 * only for participants, a password only for a host or an admin, a welcome email only for a new
 * non-participant whose email is not marked verified, an opt-in only where the checkbox allows it.
 */
export function applyRoleRules<T extends ContactFormValues>(values: T, mode: ContactFormMode): T {
  const participant = values.role === 'participant';
  const password = mayHavePassword(values.role);
  return {
    ...values,
    emailVerified: !participant && values.emailVerified,
    smsVerified: participant && values.smsVerified,
    password: password ? values.password : '',
    confirmPassword: password ? values.confirmPassword : '',
    sendWelcomeEmail: mode === 'create' && !participant && values.sendWelcomeEmail,
    sendOptinMessage: values.sendOptinMessage && participant && !values.smsVerified,
  };
}
