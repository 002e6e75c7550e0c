import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { contactImports } from '../db/schema';
import { createPollLoop } from '../jobs/poll-loop';
import type { OptinPolicy } from '../outbox/optin';
import { HEARTBEAT_NOW, writeBatch, type ImportJob, type Ownership } from './batch';
import { fileBatches } from './file-batches';

/** How often the runner looks for queued imports when nothing wakes it. */
export const IMPORT_POLL_MS = 5_000;

/**
 * Claims in a row without a batch written, after which an import is failed: its next batch
 * failed each time (or took its server down), and trying it forever would hide that.
 */
export const IMPORT_MAX_ATTEMPTS = 3;

export interface ImportRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /**
   * An import whose runner has shown no sign of life for this long is taken over by another
   * (IMPORT_LEASE_SECONDS). A runner shows one after every batch, and at least every second
   * while it reads again the rows written before a restart.
   */
  leaseMs: number;
  /** Rows written per transaction (IMPORT_BATCH_SIZE). */
  batchSize: number;
  /** The limits on the opt-in requests an import queues, which count against its importer's. */
  optin: OptinPolicy;
  /**
   * The embedded database belongs to one process: an import it finds running at start was left
   * by a process that was killed, and is taken back at once rather than after the lease.
   */
  resumeAtStart?: boolean;
  pollMs?: number;
}

export interface ImportRunner {
  /** Works the queue every `pollMs` until stopped. */
  start(): void;
  /** Looks for queued imports now rather than at the next poll. */
  wake(): void;
  /** Works imports until none is left to claim (tests, benchmarks). */
  drain(): Promise<void>;
  /**
   * Finishes the batch under way and puts its import back in the queue, so the next start (of
   * this server or another) goes on with it at once.
   */
  stop(): Promise<void>;
}

/**
 * Runs contact imports in the background, one at a time per process: claims the oldest queued
 * import (or one whose runner stopped showing signs of life), and writes its file's rows a batch
 * per transaction until the file ends. Each batch moves the import's next row on in the same
 * transaction that writes its contacts, so an import taken up again after a crash goes on from
 * the first row not written, and nothing is created twice. Claims skip locked rows, so several
 * server processes on one PostgreSQL share the queue.
 */
export function createImportRunner(options: ImportRunnerOptions): ImportRunner {
  const { db, log, leaseMs, batchSize } = options;
  const pollMs = options.pollMs ?? IMPORT_POLL_MS;
  let resumePending = options.resumeAtStart ?? false;

  async function claim() {
    const claimable = db
      .select({ id: contactImports.id })
      .from(contactImports)
      .where(
        and(
          // The partial index of unfinished imports serves this.
          inArray(contactImports.status, ['queued', 'running']),
          or(
            eq(contactImports.status, 'queued'),
            lt(contactImports.heartbeatAt, sql`now() - ${leaseMs} * interval '1 millisecond'`),
          ),
        ),
      )
      .orderBy(contactImports.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await db
      .update(contactImports)
      .set({
        status: 'running',
        heartbeatAt: HEARTBEAT_NOW,
        attempts: sql`${contactImports.attempts} + 1`,
      })
      .where(inArray(contactImports.id, claimable))
      .returning({
        id: contactImports.id,
        attempts: contactImports.attempts,
        importerRole: contactImports.importerRole,
        duplicates: contactImports.duplicates,
        sendOptin: contactImports.sendOptin,
        columns: contactImports.columns,
        mapping: contactImports.mapping,
        format: contactImports.format,
        content: contactImports.content,
        nextRow: contactImports.nextRow,
        heartbeatAt: contactImports.heartbeatAt,
      });
    return claimed;
  }

  /** Back to the queue, unless another runner has taken it over meanwhile. */
  async function release(job: ImportJob, owner: Ownership) {
    await db
      .update(contactImports)
      .set({ status: 'queued' })
      .where(
        and(
          eq(contactImports.id, job.id),
          eq(contactImports.status, 'running'),
          eq(contactImports.nextRow, owner.nextRow),
          eq(contactImports.heartbeatAt, owner.heartbeatAt),
        ),
      );
  }

  /** Fails an import whose next batch could not be written in IMPORT_MAX_ATTEMPTS claims. */
  async function giveUp(claimed: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    const t = serverTexts.contactImport;
    const reason = formatMessage(t.gaveUp, { attempts: IMPORT_MAX_ATTEMPTS });
    await db
      .update(contactImports)
      .set({
        status: 'failed',
        error: formatMessage(t.stoppedAt, { row: claimed.nextRow, reason }),
        finishedAt: sql`now()`,
        content: null,
      })
      .where(
        and(
          eq(contactImports.id, claimed.id),
          eq(contactImports.heartbeatAt, claimed.heartbeatAt!),
        ),
      );
    log.error(
      { importId: claimed.id },
      'a contact import failed: its next batch could not be written',
    );
  }

  async function work(claimed: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    const job: ImportJob = claimed;
    let owner: Ownership = { nextRow: claimed.nextRow, heartbeatAt: claimed.heartbeatAt! };
    const batches = fileBatches({
      content: claimed.content ?? Buffer.alloc(0),
      format: claimed.format,
      mapping: claimed.mapping,
      importerRole: claimed.importerRole,
      nextRow: claimed.nextRow,
      batchSize,
      // Often enough for the lease, and for stop() not to wait long for the next batch.
      keepAliveMs: Math.min(leaseMs / 4, 1_000),
    });
    for await (const batch of batches) {
      const next = await writeBatch(db, job, owner, batch, options.optin);
      if (!next) {
        log.warn({ importId: job.id }, 'a contact import was taken over by another server');
        return;
      }
      owner = next;
      if (batch.end) {
        log.info(
          { importId: job.id, failed: batch.end.failure !== null },
          'a contact import finished',
        );
        return;
      }
      if (loop.stopping) {
        await release(job, owner);
        return;
      }
    }
  }

  /**
   * Claims the next import and works it until its file ends or the runner stops. True when there
   * may be another to claim; false when none was left, or the import could not go on.
   */
  async function next(): Promise<boolean> {
    if (resumePending) {
      await db
        .update(contactImports)
        .set({ status: 'queued' })
        .where(eq(contactImports.status, 'running'));
      resumePending = false;
    }
    const claimed = await claim();
    if (!claimed) return false;
    if (claimed.attempts > IMPORT_MAX_ATTEMPTS) {
      await giveUp(claimed).catch((error: unknown) =>
        log.error({ err: error, importId: claimed.id }, 'a contact import could not be failed'),
      );
      return true;
    }
    try {
      await work(claimed);
    } catch (error) {
      // Most likely the database: the import stays claimed, and is taken up again once its
      // lease has passed (by this process or another), not at once in a loop.
      log.error({ err: error, importId: claimed.id }, 'a contact import could not go on');
      return false;
    }
    return true;
  }

  // Imports one after another until none is left to claim, or the runner stops.
  const loop = createPollLoop({
    tick: next,
    pollMs,
    log,
    failure: 'the import runner could not read the queue of imports',
  });

  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    drain: () => loop.drain(),
    stop: () => loop.stop(),
  };
}
