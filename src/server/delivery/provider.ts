import type { MessageStatus } from '../../shared/delivery';

/**
 * What the dispatcher needs of an SMS provider. A provider never touches the database: the
 * dispatcher records what it answers, and provider status reports go through `applyStatusReport`
 * (status.ts), the same path as Twilio's callbacks.
 */

export interface OutgoingSms {
  /** Our outbox row id: Twilio echoes it back through the status callback URL. */
  id: string;
  to: string;
  body: string;
  /** Absolute URL of the MMS media, or null. */
  mediaUrl: string | null;
}

/** The provider took the message; its id settles later status reports. */
export interface Accepted {
  ok: true;
  providerMessageId: string;
}

/**
 * The provider did not take the message. `retryable`: a transient failure (network, 429, 5xx,
 * throttling) worth another try later; otherwise it is refused for good. `optedOut`: the recipient
 * has unsubscribed at the carrier (Twilio 21610); the contact is marked opted out.
 */
export interface Refused {
  ok: false;
  retryable: boolean;
  errorCode: string | null;
  errorMessage: string;
  optedOut?: boolean;
  /**
   * The request may have reached the provider before it failed (a timeout or a connection cut
   * after it was sent): the message becomes `unknown`, settled by callback or lookup, never resent
   * blindly.
   */
  uncertain?: boolean;
}

export type SendOutcome = Accepted | Refused;

/** A status a provider reports for a message, by callback or when asked. */
export interface StatusReport {
  status: Extract<MessageStatus, 'sent' | 'delivered' | 'undelivered' | 'failed'>;
  providerMessageId?: string;
  errorCode?: string | null;
  errorMessage?: string | null;
}

export interface SmsProvider {
  readonly name: 'log' | 'twilio';
  /** What the server prints at start: where messages go. */
  readonly label: string;
  /** The sending identity that pacing counts against (a number or a messaging service). */
  readonly sender: string;
  /** Hands one message to the provider. Never throws: every failure is a `Refused`. */
  send(message: OutgoingSms): Promise<SendOutcome>;
  /**
   * What became of a message whose send was cut off (status `unknown`): the provider's own record
   * of it, found by recipient, body and time; null when the provider has none (it never got it).
   */
  lookup(
    message: OutgoingSms & { claimedAt: Date },
  ): Promise<(StatusReport & { providerMessageId: string }) | null>;
  close?(): void;
}
