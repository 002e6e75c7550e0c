import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { outboundMessages } from '../db/schema';
import { retryDelayMs } from './backoff';
import { CLAIM_USE_MS, type Claimed, type Claims } from './claim';
import { optOutPhone } from './opt-out';
import type { OutgoingSms, Refused, SendOutcome, SmsProvider } from './provider';
import { createSentWriter } from './sent-writer';
import { applyStatusReport, trimError } from './status';

export interface SendOptions {
  db: Db;
  provider: SmsProvider;
  /** The dispatcher whose claims these are. */
  id: string;
  now: () => Date;
  /** The jitter of the retry backoff. */
  random: () => number;
  settle: Claims['settle'];
}

/**
 * Sends one claimed message at its pacing slot (`slotAt`, epoch ms) and writes what the provider
 * answered: sent, queued again for a retry, failed, or `unknown` when whether it went is in doubt.
 */
export function createSend(
  options: SendOptions,
): (message: Claimed, slotAt: number) => Promise<void> {
  const { db, provider, id, now, random, settle } = options;
  const sentWriter = createSentWriter(db, id);

  /** The provider took it. If a quick callback already moved the row on, only fill in the gaps. */
  async function accepted(message: Claimed, providerMessageId: string) {
    const sentAt = now();
    if (await sentWriter.record(message.id, providerMessageId, sentAt)) return;
    // Taken back as `unknown` while we were slow: this is the answer it waits for.
    if (await applyStatusReport(db, message.id, { status: 'sent', providerMessageId }, sentAt)) {
      return;
    }
    await db
      .update(outboundMessages)
      .set({
        providerMessageId: sql`coalesce(${outboundMessages.providerMessageId}, ${providerMessageId})`,
        sentAt: sql`coalesce(${outboundMessages.sentAt}, ${sentAt})`,
        attempts: message.attempts + 1,
        // Only gaps are filled, the status stays: so does when it last changed.
        updatedAt: sql`${outboundMessages.updatedAt}`,
      })
      .where(eq(outboundMessages.id, message.id));
  }

  async function refused(message: Claimed, outcome: Refused) {
    const attempts = message.attempts + 1;
    const error = { errorCode: outcome.errorCode, errorMessage: trimError(outcome.errorMessage) };
    if (outcome.uncertain) {
      await settle(message, 'unknown', { attempts, ...error });
      return;
    }
    if (outcome.retryable) {
      const delay = retryDelayMs(attempts, random);
      if (delay === null) {
        await settle(message, 'failed', {
          attempts,
          errorCode: outcome.errorCode,
          errorMessage: formatMessage(serverTexts.delivery.retriesExhausted, { attempts }),
        });
      } else {
        await settle(message, 'queued', {
          attempts,
          sendAfter: new Date(now().getTime() + delay),
          ...error,
        });
      }
      return;
    }
    await settle(message, 'failed', { attempts, ...error }, async (tx, at) => {
      if (!outcome.optedOut) return;
      await optOutPhone(tx, {
        phone: message.toPhone,
        at,
        source: 'provider',
        text: error.errorMessage,
        outboundMessageId: message.id,
      });
    });
  }

  return async function send(message: Claimed, slotAt: number) {
    const wait = slotAt - now().getTime();
    if (wait > 0) await sleep(wait);
    if (now().getTime() - message.claimedAt.getTime() > CLAIM_USE_MS) {
      await settle(message, 'queued', {});
      return;
    }
    const sms: OutgoingSms = {
      id: message.id,
      to: message.toPhone,
      body: message.body,
      mediaUrl: message.mediaUrl,
    };
    let outcome: SendOutcome;
    try {
      outcome = await provider.send(sms);
    } catch (error) {
      // A provider must not throw; if one does, whether it sent is unknown.
      outcome = {
        ok: false,
        retryable: false,
        uncertain: true,
        errorCode: null,
        errorMessage: error instanceof Error ? error.message : String(error),
      };
    }
    if (outcome.ok) await accepted(message, outcome.providerMessageId);
    else await refused(message, outcome);
  };
}
