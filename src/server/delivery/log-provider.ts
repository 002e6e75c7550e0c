import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider, StatusReport } from './provider';

/** How long after a send the log provider reports the message delivered. */
export const LOG_DELIVERY_DELAY_MS = 1_000;

export interface LogProviderOptions {
  log: FastifyBaseLogger;
  /** Where its delivery reports go: the same path as a real provider's status callback. */
  report: (messageId: string, report: StatusReport) => Promise<unknown>;
  deliveryDelayMs?: number;
}

/**
 * The default provider: sends nothing. Each message is logged and given an id, and a moment later
 * reported delivered through the status path a Twilio callback takes, so a new installation shows
 * the whole life of a message with no SMS account.
 */
export function createLogProvider(options: LogProviderOptions): SmsProvider {
  const { log, report } = options;
  const delay = options.deliveryDelayMs ?? LOG_DELIVERY_DELAY_MS;
  const pending = new Set<NodeJS.Timeout>();
  /** Every id it handed out, so a lookup of a message cut off mid-send finds the truth. */
  const sentIds = new Map<string, string>();

  return {
    name: 'log',
    label: 'SMS is not sent: each message is logged and reported delivered (SMS_PROVIDER=log)',
    sender: 'log',

    async send(message) {
      const providerMessageId = `LOG${randomBytes(16).toString('hex')}`;
      sentIds.set(message.id, providerMessageId);
      log.info(
        { messageId: message.id, providerMessageId, to: message.to, mediaUrl: message.mediaUrl },
        `SMS (log provider, not sent): ${message.body}`,
      );
      const timer = setTimeout(() => {
        pending.delete(timer);
        sentIds.delete(message.id);
        report(message.id, { status: 'delivered', providerMessageId }).catch((error: unknown) =>
          log.error({ err: error, messageId: message.id }, 'recording a delivery report failed'),
        );
      }, delay);
      timer.unref();
      pending.add(timer);
      return { ok: true, providerMessageId };
    },

    async lookup(message) {
      // Only this process's memory knows: a message cut off by a crash was never logged as sent.
      const providerMessageId = sentIds.get(message.id);
      return providerMessageId ? { status: 'sent', providerMessageId } : null;
    },

    close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}
