import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { createGroupCommit } from '../db/group-commit';

interface Sent {
  id: string;
  providerMessageId: string;
  sentAt: Date;
}

/** Most `sent` outcomes written by one statement. */
const GROUP_MAX = 200;

/**
 * Writes `sent` outcomes, the dispatcher's busiest write, by group commit (db/group-commit.ts): a
 * group in one statement that moves the rows (only those still claimed by this dispatcher) and
 * appends their history.
 * `record` resolves false when the row was no longer ours (see the dispatcher's fallback).
 */
export function createSentWriter(db: Db, dispatcherId: string) {
  async function write(group: Sent[]): Promise<boolean[]> {
    const rows = sql.join(
      group.map(
        (p) => sql`(${p.id}::uuid, ${p.providerMessageId}::text, ${p.sentAt}::timestamptz)`,
      ),
      sql`, `,
    );
    const result = await db.execute(sql`
      with outcome (id, provider_message_id, sent_at) as (values ${rows}),
      moved as (
        update outbound_messages m
        set status = 'sent', sent_at = o.sent_at, provider_message_id = o.provider_message_id,
            attempts = m.attempts + 1, error_code = null, error_message = null,
            claimed_by = null, updated_at = o.sent_at
        from outcome o
        where m.id = o.id and m.status = 'sending' and m.claimed_by = ${dispatcherId}
        returning m.id, o.sent_at
      )
      insert into outbound_message_events (message_id, status, source, at)
      select id, 'sent', 'dispatcher', sent_at from moved
      returning message_id`);
    const moved = new Set(
      (result as unknown as { rows: { message_id: string }[] }).rows.map((r) => r.message_id),
    );
    return group.map((p) => moved.has(p.id));
  }

  const record = createGroupCommit(write, GROUP_MAX);
  return {
    record: (id: string, providerMessageId: string, sentAt: Date): Promise<boolean> =>
      record({ id, providerMessageId, sentAt }),
  };
}
