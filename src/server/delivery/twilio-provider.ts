import type { TwilioConfig } from '../env';
import type { OutgoingSms, SendOutcome, SmsProvider, StatusReport } from './provider';
import { classifyTwilioError } from './twilio-errors';

/** A send that gets no answer in this long is `unknown`: it may have gone through. */
const REQUEST_TIMEOUT_MS = 15_000;
/** How far back a lookup searches Twilio's log for a message cut off mid-send. */
const LOOKUP_MARGIN_MS = 60_000;

/** The callback URL Twilio reports a message's status to; our id names the message. */
export const statusCallbackUrl = (publicUrl: string, messageId: string): string =>
  `${publicUrl}/api/webhooks/twilio/status?message=${encodeURIComponent(messageId)}`;

/** Twilio's message statuses, as ours: only those a report can move a message to. */
export function statusOfTwilio(status: string): StatusReport['status'] | null {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
      return 'failed';
    default:
      // accepted, scheduled, queued, sending, receiving, received, canceled: nothing to record.
      return null;
  }
}

export interface TwilioProviderOptions {
  /** How long a send waits for Twilio's answer before it is `unknown` (tests shorten it). */
  timeoutMs?: number;
}

export function createTwilioProvider(
  config: TwilioConfig,
  publicUrl: string,
  options: TwilioProviderOptions = {},
): SmsProvider {
  // The official client is loaded with the first send or lookup, not at start: the package takes
  // nearly half a second to load, and a server that simulates SMS never needs it.
  let loaded: ReturnType<typeof loadClient> | undefined;
  const loadClient = () =>
    import('./twilio-client').then(({ createTwilioClient }) =>
      createTwilioClient(config, options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    );
  const twilioClient = () => (loaded ??= loadClient());
  const sender = config.messagingServiceSid ?? config.from!;
  const senderFields = config.messagingServiceSid
    ? { messagingServiceSid: config.messagingServiceSid }
    : { from: config.from! };

  return {
    name: 'twilio',
    label: `SMS is sent through Twilio (${config.messagingServiceSid ? 'messaging service' : 'number'} ${sender}${config.apiUrl ? ` at ${config.apiUrl}` : ''})`,
    sender,

    async send(message: OutgoingSms): Promise<SendOutcome> {
      try {
        const client = await twilioClient();
        const sent = await client.messages.create({
          ...senderFields,
          to: message.to,
          body: message.body,
          ...(message.mediaUrl ? { mediaUrl: [message.mediaUrl] } : {}),
          statusCallback: statusCallbackUrl(publicUrl, message.id),
        });
        return { ok: true, providerMessageId: sent.sid };
      } catch (error) {
        return classifyTwilioError(error);
      }
    },

    async lookup(message) {
      const since = new Date(message.claimedAt.getTime() - LOOKUP_MARGIN_MS);
      const client = await twilioClient();
      const recent = await client.messages.list({ to: message.to, limit: 50 });
      const match = recent.find(
        (m) => m.body === message.body && m.dateCreated && m.dateCreated >= since,
      );
      if (!match) return null;
      const status = statusOfTwilio(match.status) ?? 'sent';
      return {
        status,
        providerMessageId: match.sid,
        errorCode: match.errorCode === null ? null : String(match.errorCode),
        errorMessage: match.errorMessage,
      };
    },
  };
}
