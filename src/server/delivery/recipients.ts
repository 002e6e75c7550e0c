import { and, countDistinct, eq, inArray, isNotNull, isNull, min, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { podMembers, pods, programPods, users } from '../db/schema';

/**
 * Who receives a program's messages: the active participant members of its active pods whose
 * contact is active, has a phone, opted in (`smsVerified`) and has not opted out. The planner, the
 * dispatcher's last check and the Deliveries panel all use this one rule.
 */
export const recipientConditions = (programId: string | SQL): SQL =>
  and(
    eq(programPods.programId, programId),
    eq(pods.status, 'active'),
    eq(podMembers.status, 'active'),
    eq(users.role, 'participant'),
    eq(users.status, 'active'),
    eq(users.smsVerified, true),
    isNull(users.smsOptedOutAt),
    isNotNull(users.phone),
  )!;

/** program_pods joined to its pods, their members and the members' contacts. */
const fromProgramMembers = (db: Db | Tx) =>
  db
    .select({
      contactId: users.id,
      phone: users.phone,
      /** The earliest of their memberships: a late joiner gets the days from then on. */
      // Aliased, so the query can be used as a subquery (the planner batches over it).
      joinedAt: min(podMembers.joinedAt).as('joined_at'),
    })
    .from(programPods)
    .innerJoin(pods, eq(pods.id, programPods.podId))
    .innerJoin(podMembers, eq(podMembers.podId, pods.id))
    .innerJoin(users, eq(users.id, podMembers.userId));

/** The program's recipients now, one row per contact. */
export function programRecipients(db: Db | Tx, programId: string) {
  return fromProgramMembers(db)
    .where(recipientConditions(programId))
    .groupBy(users.id, users.phone);
}

/** Which of `contactIds` are recipients of the program now: the dispatcher's check at send time. */
export async function currentRecipients(
  db: Db | Tx,
  programId: string,
  contactIds: string[],
): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const rows = await fromProgramMembers(db)
    .where(and(recipientConditions(programId), inArray(users.id, contactIds)))
    .groupBy(users.id, users.phone);
  return new Set(rows.map((row) => row.contactId));
}

/** How many contacts would receive the program's next message now. */
export async function countProgramRecipients(db: Db | Tx, programId: string): Promise<number> {
  const [row] = await db
    .select({ recipients: countDistinct(users.id) })
    .from(programPods)
    .innerJoin(pods, eq(pods.id, programPods.podId))
    .innerJoin(podMembers, eq(podMembers.podId, pods.id))
    .innerJoin(users, eq(users.id, podMembers.userId))
    .where(recipientConditions(programId));
  return row?.recipients ?? 0;
}
