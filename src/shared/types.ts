/**
 * Shapes of the objects the HTTP API returns (spec sections 3 and 7). Every object carries both
 * `_id` and `id` with the same value, because the spec's client reads either.
 */
import type { ContactStatus, Role } from './constants';
import type { MessageEventSource, MessageKind, MessageStatus } from './delivery';

export interface ApiAddress {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export interface ApiProfile {
  firstName: string;
  lastName: string;
  phone: string | null;
  address: ApiAddress;
  bio: string;
}

/** A contact as the API returns it; the signed-in user has the same shape. */
export interface ApiUser {
  _id: string;
  id: string;
  email: string;
  role: Role;
  status: ContactStatus;
  fullName: string;
  phone: string | null;
  emailVerified: boolean;
  smsVerified: boolean;
  profile: ApiProfile;
  createdAt: string;
  lastLogin: string | null;
  loginCount: number;
  hasCorruptedEmail: boolean;
}

/** What became of an email Tidings queued for a contact (see the email outbox). */
export interface ApiEmailState {
  status: 'queued' | 'sending' | 'sent' | 'failed';
  /** The mail server's last refusal, while it is retried or once it failed. */
  error: string | null;
  attempts: number;
  queuedAt: string;
  sentAt: string | null;
}

/** GET /api/contacts/{id}: the contact, with the state of their last welcome email. */
export interface ApiContactDetail extends ApiUser {
  welcomeEmail: ApiEmailState | null;
}

export interface LoginResponse {
  user: ApiUser;
  token: string;
}

export interface VerifyResponse {
  valid: boolean;
  user?: ApiUser;
  error?: string;
}

/** One failed rule of a validation error: which field, and the spec's message for it. */
export interface ValidationDetail {
  field: string;
  message: string;
  /** For product messages: the day the field belongs to (0 is the pre-message). */
  day?: number;
}

export interface ApiErrorBody {
  error: string;
  /** The first failing fields (at most ERROR_BODY_LIMITS.details of them). */
  details?: ValidationDetail[];
  /** How many more fields failed than `details` lists. */
  moreDetails?: number;
}

/** GET /api/contacts/verify-email/{token}: who was verified, and the token for setting a password. */
export interface VerifyEmailResponse {
  userId: string;
  firstName: string;
  setPasswordToken: string;
}

/** POST /api/contacts/set-password. */
export interface SetPasswordRequest {
  userId: string;
  token: string;
  password: string;
  confirmPassword: string;
}

export interface SetPasswordResponse {
  success: true;
}

/** POST /api/auth/forgot-password: always this, whether or not the address has an account. */
export interface ForgotPasswordResponse {
  success: true;
}

/** POST /api/contacts/{id}/welcome-email. */
export interface WelcomeEmailResponse {
  welcomeEmailSent: true;
}

/** One change in an outbound message's life (GET /api/messages/{id}). */
export interface ApiMessageEvent {
  status: MessageStatus;
  source: MessageEventSource;
  errorCode: string | null;
  errorMessage: string | null;
  at: string;
}

/** An outbound SMS/MMS as GET /api/messages lists it. Times are ISO strings or null. */
export interface ApiMessage {
  _id: string;
  id: string;
  kind: MessageKind;
  status: MessageStatus;
  toPhone: string;
  body: string;
  mediaUrl: string | null;
  programId: string | null;
  programName: string | null;
  contactId: string | null;
  contactName: string | null;
  day: number | null;
  segments: number;
  attempts: number;
  providerMessageId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  sendAfter: string;
  sentAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** GET /api/messages/{id}: the message with its history, oldest change first. */
export interface ApiMessageDetail extends ApiMessage {
  history: ApiMessageEvent[];
}

/** One day of a program in GET /api/programs/{id}/deliveries: its messages counted by status. */
export interface ApiDeliveryDay {
  day: number;
  /** When the day goes out (ISO), from the program's schedule. */
  sendAt: string;
  queued: number;
  sending: number;
  unknown: number;
  sent: number;
  delivered: number;
  undelivered: number;
  failed: number;
  expired: number;
  canceled: number;
  skipped: number;
  /** The failures of the day by reason, most frequent first. */
  failures: { errorCode: string | null; errorMessage: string | null; count: number }[];
}

export interface ApiProgramDeliveries {
  days: ApiDeliveryDay[];
  /** Participants who would receive the program's next message now. */
  recipients: number;
}
