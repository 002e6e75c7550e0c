import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { issueOneTimeToken } from '../auth/one-time-tokens';
import type { Db } from '../db/client';
import { outboundEmails, users, webhookEndpoints, type OutboundEmailKind } from '../db/schema';
import { createPollLoop } from '../jobs/poll-loop';
import { retryDelayMs } from './backoff';
import {
  EMAIL_TOKEN_PURPOSE,
  renderEmail,
  renderWebhookDisabledEmail,
  type LinkEmailKind,
  type RenderedEmail,
} from './templates';
import type { MailTransport } from './transport';

/**
 * A claim older than this was left by a worker that died mid-send, and is taken back. It is well
 * above the longest an SMTP conversation can last (see SMTP_TIMEOUTS) times the batch size, so a
 * slow but living worker never has its email taken from under it and sent twice.
 */
export const CLAIM_TIMEOUT_MS = 15 * 60 * 1000;
/** Emails claimed at once. Small, so each waits little between its claim and its send. */
export const MAIL_BATCH_SIZE = 5;
/** How often the worker looks for due emails when nothing wakes it. */
export const MAIL_POLL_MS = 2_000;
/** The mail server's words are kept to explain a failure; never more than this. */
const LAST_ERROR_MAX = 500;

export const EMAIL_SKIPPED_ERROR =
  "Not sent: the contact's email address changed, or the contact was removed, after it was queued.";
export const NOTICE_SKIPPED_ERROR =
  "Not sent: the webhook endpoint was enabled again or deleted, or the admin's email address changed, after it was queued.";

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  /** Base of the links (PUBLIC_URL), and the domain of the Message-IDs. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The clock: tests move it to make retries due without waiting minutes. */
  now?: () => Date;
  batchSize?: number;
  pollMs?: number;
}

interface ClaimedEmail {
  id: string;
  kind: OutboundEmailKind;
  userId: string;
  toEmail: string;
  webhookEndpointId: string | null;
  attempts: number;
  claimedAt: Date;
}

export interface MailWorker {
  /** Claims one batch of due emails and sends them; resolves with how many it claimed. */
  runOnce(): Promise<number>;
  /** Looks for due emails now, then `pollMs` after each look, until stopped. */
  start(): void;
  /** Looks for due emails now rather than at the next poll (after the batch under way, if any). */
  wake(): void;
  /** Stops polling and waits for the batch under way, so nothing is cut off mid-update. */
  stop(): Promise<void>;
}

/** The link an email carries: the console page that takes its token. */
export function emailLink(
  publicUrl: string,
  kind: OutboundEmailKind,
  userId: string,
  token: string,
): string {
  const url =
    kind === 'welcome'
      ? new URL(`${publicUrl}/verify-email`)
      : new URL(`${publicUrl}/set-password`);
  if (kind === 'password_reset') url.searchParams.set('userId', userId);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Sends the email outbox outside any request, so a slow or unreachable mail server never slows
 * or fails one. Each email is claimed (`sending`, committed) before the mail server is spoken to,
 * and its outcome written in a second short transaction: no transaction is ever open across SMTP.
 * A worker that dies between the two leaves a claim that another takes back after
 * CLAIM_TIMEOUT_MS and sends again with the same Message-ID. Claims use SKIP LOCKED, so several
 * server processes on one PostgreSQL share the outbox without sending anything twice.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, publicUrl, log } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  const pollMs = options.pollMs ?? MAIL_POLL_MS;
  const messageIdDomain = new URL(publicUrl).hostname || 'tidings.localhost';

  async function claim(): Promise<ClaimedEmail[]> {
    const at = now();
    // The database keeps microseconds and this clock milliseconds: an email queued earlier in
    // this same millisecond (its default time is the database's now()) is due too.
    const dueBefore = new Date(at.getTime() + 1);
    const due = db
      .select({ id: outboundEmails.id })
      .from(outboundEmails)
      .where(
        or(
          and(eq(outboundEmails.status, 'queued'), lt(outboundEmails.nextAttemptAt, dueBefore)),
          and(
            eq(outboundEmails.status, 'sending'),
            lt(outboundEmails.claimedAt, new Date(at.getTime() - CLAIM_TIMEOUT_MS)),
          ),
        ),
      )
      .orderBy(outboundEmails.nextAttemptAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(outboundEmails)
      .set({ status: 'sending', claimedAt: at })
      .where(inArray(outboundEmails.id, due))
      .returning({
        id: outboundEmails.id,
        kind: outboundEmails.kind,
        userId: outboundEmails.userId,
        toEmail: outboundEmails.toEmail,
        webhookEndpointId: outboundEmails.webhookEndpointId,
        attempts: outboundEmails.attempts,
      });
    return rows.map((row) => ({ ...row, claimedAt: at }));
  }

  /** Only the claim that is still ours is updated: a claim taken back is another worker's now. */
  const ours = (email: ClaimedEmail) =>
    and(
      eq(outboundEmails.id, email.id),
      eq(outboundEmails.status, 'sending'),
      eq(outboundEmails.claimedAt, email.claimedAt),
    );

  /**
   * The token is made (and committed) just before sending, so the link works when it arrives and
   * no usable token ever sits in the outbox. A newer token supersedes the older link. The contact
   * is locked (shared) meanwhile, so a change to the account waits for the token and then ends it.
   */
  /** The email to send, or why it is not sent. */
  async function prepare(
    email: ClaimedEmail,
  ): Promise<{ rendered: RenderedEmail; link: string } | string> {
    if (email.kind === 'webhook_disabled') return prepareNotice(email);
    const kind: LinkEmailKind = email.kind;
    return db.transaction(async (tx) => {
      const [user] = await tx
        .select({ firstName: users.firstName, email: users.email })
        .from(users)
        .where(eq(users.id, email.userId))
        .for('share');
      // A link sent to an address the contact no longer has would let its owner in.
      if (!user || user.email !== email.toEmail) return EMAIL_SKIPPED_ERROR;
      const { token } = await issueOneTimeToken(
        tx,
        { id: email.userId, email: email.toEmail },
        EMAIL_TOKEN_PURPOSE[kind],
        now(),
      );
      const link = emailLink(publicUrl, kind, email.userId, token);
      return { rendered: renderEmail(kind, user, link), link };
    });
  }

  /**
   * A webhook endpoint was disabled: said to the admin at the address it was queued for, while the
   * endpoint exists (deleting it deletes the email) and is still disabled.
   */
  async function prepareNotice(email: ClaimedEmail) {
    if (!email.webhookEndpointId) return NOTICE_SKIPPED_ERROR;
    const [row] = await db
      .select({
        firstName: users.firstName,
        email: users.email,
        url: webhookEndpoints.url,
        enabled: webhookEndpoints.enabled,
      })
      .from(webhookEndpoints)
      .innerJoin(users, eq(users.id, email.userId))
      .where(eq(webhookEndpoints.id, email.webhookEndpointId));
    if (!row || row.email !== email.toEmail || row.enabled) return NOTICE_SKIPPED_ERROR;
    const link = `${publicUrl}/webhooks/${email.webhookEndpointId}`;
    return { rendered: renderWebhookDisabledEmail(row, row.url, link), link };
  }

  /** The transport's words for a failure (it keeps credentials out of them), kept short. */
  const errorText = (error: unknown) =>
    ((error instanceof Error ? error.message : String(error)) || 'Unknown error').slice(
      0,
      LAST_ERROR_MAX,
    );

  async function deliver(email: ClaimedEmail) {
    try {
      const prepared = await prepare(email);
      if (typeof prepared === 'string') {
        await db
          .update(outboundEmails)
          .set({ status: 'failed', lastError: prepared })
          .where(ours(email));
        return;
      }
      await transport.send({
        to: email.toEmail,
        ...prepared.rendered,
        messageId: `<email-${email.id}@${messageIdDomain}>`,
        link: prepared.link,
      });
    } catch (error) {
      const attempts = email.attempts + 1;
      const delay = retryDelayMs(attempts);
      const lastError = errorText(error);
      log.warn({ emailId: email.id, attempts, error: lastError }, 'sending an email failed');
      await db
        .update(outboundEmails)
        .set(
          delay === null
            ? { status: 'failed', attempts, lastError }
            : {
                status: 'queued',
                attempts,
                lastError,
                nextAttemptAt: new Date(now().getTime() + delay),
              },
        )
        .where(ours(email));
      return;
    }
    await db
      .update(outboundEmails)
      .set({ status: 'sent', sentAt: now(), lastError: null })
      .where(ours(email));
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    for (const email of claimed) {
      try {
        await deliver(email);
      } catch (error) {
        // The database failed while recording the outcome: the claim is taken back later.
        log.error({ err: error, emailId: email.id }, 'recording an email failed');
      }
    }
    return claimed.length;
  }

  const loop = createPollLoop({
    // A full batch may have left more due: the next goes at once, until one comes back short.
    tick: async () => (await runOnce()) === batchSize,
    pollMs,
    log,
    failure: 'the mail worker could not read the outbox',
  });

  return {
    runOnce,
    start: () => loop.start(),
    wake: () => loop.wake(),
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
