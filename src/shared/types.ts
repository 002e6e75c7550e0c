/**
 * Shapes of the objects the HTTP API returns (spec sections 3 and 7). Every object carries both
 * `_id` and `id` with the same value, because the spec's client reads either.
 */
import type { ContactStatus, Role } from './constants';
import type { ConsentEvent, ConsentSource, InboundState, ReviewDecision } from './consent';
import type { MessageEventSource, MessageKind, MessageStatus, SmsProviderName } from './delivery';
import type { ReplyIntent } from './keywords';

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
  /** When the contact opted out (STOP, or the provider's 21610); null while they have not. */
  smsOptedOutAt: string | null;
  profile: ApiProfile;
  createdAt: string;
  lastLogin: string | null;
  loginCount: number;
  hasCorruptedEmail: boolean;
  /** The stored phone is one the phone rule would not store (shared/phone.ts). */
  phoneNeedsAttention: boolean;
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

/**
 * GET and PUT /api/profile: the signed-in user's own account. `lastSignIn` is the sign-in before
 * the one that opened the current session (null until there was one).
 */
export interface ApiOwnProfile {
  _id: string;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  role: Role;
  lastSignIn: string | null;
  createdAt: string;
}

export interface ProfileResponse {
  profile: ApiOwnProfile;
}

/** POST /api/profile/password: how many other sessions the new password ended. */
export interface ChangePasswordResponse {
  success: true;
  signedOutSessions: number;
}

/** One live session of the signed-in user (GET /api/profile/sessions). */
export interface ApiOwnSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  /** The browser's User-Agent header as it was sent at sign-in (at most 500 characters). */
  userAgent: string | null;
  /** The session making this request. */
  current: boolean;
}

/** GET /api/profile/sessions: newest first, the current one always among them. */
export interface ProfileSessionsResponse {
  sessions: ApiOwnSession[];
}

/** POST /api/profile/sessions/sign-out-others. */
export interface SignOutOthersResponse {
  signedOut: number;
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
  /**
   * Its messages quiet hours hold past the day's time, by when they will go: at SEND_WINDOW.earliest
   * in `timeZone` (where the recipients may be), soonest first. Empty when none waits.
   */
  waiting: ApiQuietWait[];
}

/** Messages of a day waiting for the morning in one zone: '12 waiting for 8:00 AM in Los Angeles'. */
export interface ApiQuietWait {
  /** When they go (ISO): 08:00 on the clock of `timeZone`. */
  until: string;
  /** The IANA zone whose morning they wait for. */
  timeZone: string;
  count: number;
}

export interface ApiProgramDeliveries {
  days: ApiDeliveryDay[];
  /** Participants who would receive the program's next message now. */
  recipients: number;
  /**
   * The program's pods' active participant members counted once each, by whether they receive its
   * messages and, if not, the first reason why (in this order): recipients + the rest = total.
   */
  audience: ApiProgramAudience;
}

export interface ApiProgramAudience {
  total: number;
  recipients: number;
  /** The contact is inactive. */
  inactive: number;
  /** They, or their phone, opted out (STOP or 21610). */
  optedOut: number;
  /** No phone number. */
  noPhone: number;
  /** Not opted in (smsVerified false). */
  notOptedIn: number;
  /** Their phone is another recipient's too: the number receives each day once, through them. */
  sharedPhone: number;
}

/** One row of the consent log (GET /api/contacts/{id}/consent), newest first. */
export interface ApiConsentEvent {
  id: string;
  contactId: string | null;
  phone: string;
  event: ConsentEvent;
  source: ConsentSource;
  /** The staff user, when source is staff or simulated (who typed the simulated reply). */
  staffUserId: string | null;
  /** The staff user's full name, when source is staff or simulated. */
  staffName: string | null;
  keyword: string | null;
  text: string | null;
  at: string;
}

export interface ApiConsentLog {
  events: ApiConsentEvent[];
}

/** An SMS/MMS a phone sent to Tidings. */
export interface ApiInboundMessage {
  _id: string;
  id: string;
  providerMessageId: string;
  fromPhone: string;
  toPhone: string;
  body: string;
  mediaUrls: string[];
  contactId: string | null;
  contactName: string | null;
  intent: ReplyIntent | null;
  receivedAt: string;
  /** The staff user who typed it with Simulate reply; null for a message a phone sent. */
  simulatedBy: string | null;
  /** Their full name, when simulated. */
  simulatedByName: string | null;
  /** The inbox: new until a staff member marks it handled (replying to the contact does). */
  state: InboundState;
  /** The staff member it is assigned to, and their name; null: unassigned. */
  assigneeId: string | null;
  assigneeName: string | null;
  /** When it was handled, and by whom (null with a handledAt: Tidings answered it itself). */
  handledAt: string | null;
  handledByName: string | null;
  /** A staff member's decision on a reply that needs review (intent `review`); null: undecided. */
  reviewDecision: ReviewDecision | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
}

/** GET /api/inbound-messages/counts: the inbox at a glance (the top bar, the dashboard). */
export interface ApiInboxCounts {
  /** New messages. */
  new: number;
  /** New messages assigned to the signed-in user. */
  mine: number;
  /** Replies that may be requests to stop, still waiting for a decision. */
  needsReview: number;
}

/**
 * One entry of a contact's conversation (GET /api/contacts/{id}/conversation): a message Tidings
 * sent them (`out`, with its status) or one they sent (`in`, with what it asked for). `at` is when
 * it stands in the thread: for `out`, when it was handed to the provider (its `sentAt`) or, while
 * it has not been, when it is due (its `sendAfter`); for `in`, when it arrived.
 */
export type ApiConversationEntry =
  | ({ direction: 'out'; at: string } & ApiMessage)
  | ({ direction: 'in'; at: string } & ApiInboundMessage);

/** Newest first; `before` (an ISO time) of the next call is the last entry's `at` while hasMore. */
export interface ApiConversation {
  entries: ApiConversationEntry[];
  hasMore: boolean;
}

/** POST /api/contacts/{id}/simulate-reply: the stored reply (and what it did, in the log). */
export interface ApiSimulateReplyResponse {
  message: ApiInboundMessage;
}

/**
 * POST /api/messages/test: a recipient (`to`, E.164, or `contactId`) and either `body` with an
 * optional `mediaUrl` (a Tidings media URL from POST /api/media), or `productId` with `day`.
 */
export interface ApiTestMessageRequest {
  to?: string;
  contactId?: string;
  body?: string;
  mediaUrl?: string | null;
  productId?: string;
  day?: number;
}

export interface ApiTestMessageResponse {
  message: ApiMessage;
}

/**
 * GET /api/simulation (no sign-in): which channels this server only pretends to send on. SMS with
 * SMS_PROVIDER=log, email without SMTP_URL; every screen says so while either is true.
 */
export interface ApiSimulation {
  sms: boolean;
  email: boolean;
}

/** GET /api/sms: what the console needs to know of the SMS set-up (signed in). */
export interface ApiSmsSettings {
  provider: SmsProviderName;
  /** Simulate reply is offered (the log provider only: with Twilio, replies come from phones). */
  simulateReplies: boolean;
  /** Test sends allowed per user in `windowMinutes` (TEST_SEND_LIMIT). */
  testSendLimit: { max: number; windowMinutes: number };
}
