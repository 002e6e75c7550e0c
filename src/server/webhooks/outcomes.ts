import { sql } from 'drizzle-orm';
import { WEBHOOK_POLICY } from '../../shared/webhooks';
import type { Db, Tx } from '../db/client';
import { createGroupCommit } from '../db/group-commit';
import { rowsOf } from '../db/rows';

/** What one call to an endpoint came to, for its delivery, its log and its endpoint's health. */
export interface CallRecord {
  deliveryId: string;
  endpointId: string;
  /** The claim the call was made under: only a delivery still so claimed is moved. */
  claimedAt: Date;
  attempt: number;
  at: Date;
  durationMs: number;
  statusCode: number | null;
  succeeded: boolean;
  error: string | null;
  answer: string | null;
  /** When to try again; null after a success or the last failure. */
  nextAttemptAt: Date | null;
}

/** Endpoints Tidings has just disabled for failing, in the transaction that disabled them. */
export type OnDisabled = (tx: Tx, endpoints: { id: string; url: string }[]) => Promise<void>;

/** Most outcomes written by one statement. */
const GROUP_MAX = 200;

/**
 * Writes what calls came to by group commit (db/group-commit.ts), as the SMS dispatcher writes
 * `sent`: each group in one transaction that moves the
 * deliveries (only those still claimed as they were), appends the calls to the endpoints' logs,
 * brings each endpoint's `failing_since` up to date, and disables an endpoint that has failed for
 * WEBHOOK_POLICY.disableAfterFailingMs.
 */
export function createOutcomeWriter(db: Db, now: () => Date, onDisabled: OnDisabled) {
  async function write(group: CallRecord[]): Promise<void[]> {
    const values = sql.join(
      group.map(
        (r) =>
          sql`(${r.deliveryId}::uuid, ${r.endpointId}::uuid, ${r.claimedAt}::timestamptz, ${r.attempt}::int, ${r.at}::timestamptz, ${r.durationMs}::int, ${r.statusCode}::int, ${r.succeeded}::boolean, ${r.error}::text, ${r.answer}::text, ${r.nextAttemptAt}::timestamptz)`,
      ),
      sql`, `,
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with outcome (id, endpoint_id, claimed_at, attempt, at, duration_ms, status_code, succeeded,
                      error, answer, next_attempt_at) as (values ${values}),
        moved as (
          update webhook_deliveries d
          set status = case when o.succeeded then 'succeeded'
                            when o.next_attempt_at is null then 'failed' else 'queued' end,
              next_attempt_at = coalesce(o.next_attempt_at, d.next_attempt_at),
              claimed_at = null, last_attempt_at = o.at, last_status_code = o.status_code,
              last_error = coalesce(o.error, case when o.succeeded then null
                                                  else 'HTTP ' || o.status_code end)
          from outcome o
          where d.id = o.id and d.status = 'sending' and d.claimed_at = o.claimed_at
          returning d.id
        ),
        logged as (
          insert into webhook_attempts (delivery_id, endpoint_id, attempt, at, duration_ms,
                                        status_code, succeeded, error, answer)
          select o.id, o.endpoint_id, o.attempt, o.at, o.duration_ms, o.status_code, o.succeeded,
                 o.error, o.answer
          from outcome o
          where exists (select 1 from webhook_deliveries d where d.id = o.id)
        ),
        health as (
          select endpoint_id, bool_or(succeeded) as answered,
                 min(at) filter (where not succeeded) as first_failure
          from outcome group by endpoint_id
        )
        update webhook_endpoints e
        set failing_since = case when h.answered then null
                                 else coalesce(e.failing_since, h.first_failure) end
        from health h
        where e.id = h.endpoint_id
          and (case when h.answered then e.failing_since is not null
                    else e.failing_since is null end)`);
      const at = now();
      const failingBefore = new Date(at.getTime() - WEBHOOK_POLICY.disableAfterFailingMs);
      const endpointIds = [...new Set(group.filter((r) => !r.succeeded).map((r) => r.endpointId))];
      if (endpointIds.length === 0) return;
      const disabled = await rowsOf<{ id: string; url: string }>(
        tx,
        sql`update webhook_endpoints set enabled = false, disabled_at = ${at}
            where id in (${sql.join(
              endpointIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
              and enabled and failing_since <= ${failingBefore}
            returning id, url`,
      );
      if (disabled.length > 0) await onDisabled(tx, disabled);
    });
    return group.map(() => undefined);
  }

  return { record: createGroupCommit(write, GROUP_MAX) };
}
