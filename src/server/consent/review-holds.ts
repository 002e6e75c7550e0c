import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { inboundMessages } from '../db/schema';

/** A reply that may be a request to stop and is still waiting for a staff member's decision. */
export const reviewPending = and(
  eq(inboundMessages.intent, 'review'),
  isNull(inboundMessages.reviewDecision),
)!;

/** Its negation, true for free text too (NOT of reviewPending would be null where intent is). */
export const reviewNotPending = sql`(${inboundMessages.intent} is distinct from 'review' or ${inboundMessages.reviewDecision} is not null)`;

/**
 * The phones among `phones` with a reply that may be a request to stop and is still waiting for a
 * staff member's decision: Tidings sends them nothing of its own until it is decided (one query,
 * on a partial index that holds exactly the undecided replies).
 */
export async function phonesInReview(db: Db | Tx, phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ phone: inboundMessages.fromPhone })
    .from(inboundMessages)
    .where(and(inArray(inboundMessages.fromPhone, [...phones]), reviewPending));
  return new Set(rows.map((row) => row.phone));
}
