import {
  and,
  count,
  countDistinct,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  min,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ApiProgramAudience } from '../../shared/responses/programs';
import { phoneHasOptedOut } from '../consent/log';
import type { Db, Tx } from '../db/client';
import { podMembers, pods, programEnrollments, programPods, users } from '../db/schema';
import type { LocalDate } from '../../shared/schedule';

/**
 * Who receives a program's messages: the active participant members of its active pods whose
 * contact is active, has a phone, opted in (`smsVerified`) and has not opted out, and whose phone's
 * last word on consent is not STOP (consent belongs to the phone, whichever contact carries it).
 * The planner, the dispatcher's last check and the Deliveries panel all use this one rule. A phone
 * carried by several recipients gets each day once (the planner sees to that).
 */
export const recipientConditions = (programId: string | SQL): SQL =>
  and(podConditions(programId), memberConditions, contactConditions)!;

/** recipientConditions' part on the program's pods (`programPods`, `pods`). */
const podConditions = (programId: string | SQL): SQL =>
  and(eq(programPods.programId, programId), eq(pods.status, 'active'))!;

/** recipientConditions' part on a membership (`podMembers`). */
const memberConditions: SQL = eq(podMembers.status, 'active');

/** recipientConditions' part on the contact (`users`) and their phone. */
const contactConditions: SQL = and(
  eq(users.role, 'participant'),
  eq(users.status, 'active'),
  eq(users.smsVerified, true),
  isNull(users.smsOptedOutAt),
  isNotNull(users.phone),
  not(phoneHasOptedOut(users.phone)),
)!;

/** The contact's part of a recipient row. */
const contactColumns = {
  contactId: users.id,
  phone: users.phone,
  // Where the contact may be, for quiet hours (recipient-zones.ts): grouped by the contact's id,
  // its primary key, so PostgreSQL takes the contact's columns as they are.
  state: users.state,
  country: users.country,
  // The personal fields of a program message (shared/personal-fields.ts).
  firstName: users.firstName,
  lastName: users.lastName,
};

/** What a recipient row holds, one per contact (grouped by the contact). */
const memberColumns = {
  ...contactColumns,
  /** The earliest of their memberships: a late joiner gets the days from then on. */
  // Aliased, so the query can be used as a subquery (the planner batches over it).
  joinedAt: min(podMembers.joinedAt).as('joined_at'),
};

/** program_pods joined to its pods, their members and the members' contacts. */
const fromProgramMembers = (db: Db | Tx) =>
  db
    .select(memberColumns)
    .from(programPods)
    .innerJoin(pods, eq(pods.id, programPods.podId))
    .innerJoin(podMembers, eq(podMembers.podId, pods.id))
    .innerJoin(users, eq(users.id, podMembers.userId));

/** As fromProgramMembers, each with `run`: the run their rows of a program day belong to. */
const fromDayMembers = (db: Db | Tx, run: SQL.Aliased<number>) =>
  db
    .select({ ...memberColumns, run })
    .from(programPods)
    .innerJoin(pods, eq(pods.id, programPods.podId))
    .innerJoin(podMembers, eq(podMembers.podId, pods.id))
    .innerJoin(users, eq(users.id, podMembers.userId))
    .$dynamic();

/**
 * The program's recipients now, one row per contact; `among`, a condition on the contact
 * (`users`), narrows them before they are grouped, so a narrow one reads only its contacts.
 */
export function programRecipients(db: Db | Tx, programId: string, among?: SQL) {
  return fromProgramMembers(db)
    .where(and(recipientConditions(programId), among))
    .groupBy(users.id, users.phone);
}

/** The program's recipients now (among `among`) as a subquery, for a query to read them from. */
export const recipientsSubquery = (db: Db | Tx, programId: string, among?: SQL) =>
  programRecipients(db, programId, among).as('recipients');

const DAY_RECIPIENTS = 'day_recipients';

/**
 * dayRecipients' `run` by its qualified name, for a subquery that reads other rows with a `run`
 * (the outbox): Drizzle names an aliased expression of a subquery by its alias alone, which the
 * inner table's own column would shadow.
 */
export const dayRecipientsRun = sql<number>`${sql.identifier(DAY_RECIPIENTS)}.${sql.identifier('run')}`;

/**
 * The recipients a program's day goes to, as a subquery, each with the run their rows of the day
 * belong to: every recipient of a cohort program (run 1); of a rolling program, the participants
 * still enrolled whose day 0 is `cohort`, on their current run (staff restarting one starts the
 * next, program_enrollments.run). Joined before the recipients are grouped, so a rolling group
 * reads only its own contacts.
 */
export function dayRecipients(db: Db | Tx, programId: string, cohort: LocalDate | null) {
  if (cohort === null) {
    return fromDayMembers(db, sql<number>`1`.as('run'))
      .where(recipientConditions(programId))
      .groupBy(users.id, users.phone)
      .as(DAY_RECIPIENTS);
  }
  // One enrollment per contact: the max is its run (the rows are grouped by contact).
  return fromDayMembers(db, sql<number>`max(${programEnrollments.run})`.as('run'))
    .innerJoin(
      programEnrollments,
      and(
        eq(programEnrollments.programId, programId),
        eq(programEnrollments.contactId, users.id),
        eq(programEnrollments.startDate, cohort),
        isNull(programEnrollments.endedAt),
      ),
    )
    .where(recipientConditions(programId))
    .groupBy(users.id, users.phone)
    .as(DAY_RECIPIENTS);
}

/**
 * A cohort program's dayRecipients among the contacts whose ids are after `range.after` and up to
 * `range.upTo` (a batch of the planner): the same rows, by the same conditions, read contact by
 * contact. For each contact of the range, a lateral subquery looks up their memberships by the
 * contact (pod_members' user index) among the program's pods, listed once for the statement, and
 * their phone's consent by the phone; being an aggregate, it is run for each contact rather than
 * merged into a join. So a batch costs what its own contacts do. dayRecipients' grouped join
 * narrowed to a range was planned as that join, reading every member of every pod and every
 * phone's consent for each batch (a million participants: 0.2 to 0.5 s a batch, 200 batches):
 * PostgreSQL cannot tell how many contacts a range of ids holds. (A rolling group's batches read
 * dayRecipients, which starts from the group's enrollments.)
 */
export function cohortRecipientsBetween(
  db: Db | Tx,
  programId: string,
  range: { after: string; upTo: string | null },
) {
  const programPodIds = db
    .select({ id: pods.id })
    .from(programPods)
    .innerJoin(pods, eq(pods.id, programPods.podId))
    .where(podConditions(programId));
  // Without GROUP BY: one row per contact, its joined_at null when no membership makes them a
  // recipient (recipientConditions, in its parts).
  const memberships = db
    .select({ joinedAt: min(podMembers.joinedAt).as('joined_at') })
    .from(podMembers)
    .where(
      and(
        eq(podMembers.userId, users.id),
        sql`${podMembers.podId} = any(array(${programPodIds}))`,
        memberConditions,
        contactConditions,
      ),
    )
    .as('memberships');
  return db
    .select({
      ...contactColumns,
      joinedAt: memberships.joinedAt,
      run: sql<number>`1`.as('run'),
    })
    .from(users)
    .crossJoinLateral(memberships)
    .where(
      and(
        gt(users.id, range.after),
        range.upTo === null ? undefined : lte(users.id, range.upTo),
        isNotNull(memberships.joinedAt),
      ),
    )
    .as(DAY_RECIPIENTS);
}

type MessageColumn = 'contactId' | 'phone' | 'state' | 'country' | 'firstName' | 'lastName';

/**
 * What a recipient's message is made of, read from `from` (the recipients, or a query over them):
 * who and which phone, where they may be (quiet hours) and their names (personal fields).
 */
export const messageColumns = <T extends Record<MessageColumn, unknown>>(
  from: T,
): Pick<T, MessageColumn> => ({
  contactId: from.contactId,
  phone: from.phone,
  state: from.state,
  country: from.country,
  firstName: from.firstName,
  lastName: from.lastName,
});

/**
 * Of the day's recipients (dayRecipients) `where` keeps, one per phone: the one the phone gets the
 * day through, the first by contact id (a phone gets a day once, whichever of its contacts are
 * recipients), with what their message is made of and the run of their row.
 */
export const onePerPhone = (
  db: Db | Tx,
  recipients: ReturnType<typeof dayRecipients>,
  where: SQL | undefined,
) =>
  db
    .selectDistinctOn([recipients.phone], { ...messageColumns(recipients), run: recipients.run })
    .from(recipients)
    .where(where)
    .orderBy(recipients.phone, recipients.contactId);

/**
 * Which of `contactIds` are recipients of the program now: the dispatcher's check at send time, on
 * each claimed batch. The rule of recipientConditions, asked contact by contact: each one's
 * memberships are looked up by the member index (OFFSET 0 keeps the subquery a lookup per contact).
 * Joined the other way, PostgreSQL read every member of the program's pods whenever its statistics
 * took the program for one of a pod or two: a program made after the last ANALYZE, say. For 200
 * contacts of such a program of 100,000 people: 83 to 88 ms on an idle machine, 250 to 390 ms
 * while bench:scale's paced run sent; asked this way, 4 to 7 ms.
 */
export async function currentRecipients(
  db: Db | Tx,
  programId: string,
  contactIds: string[],
): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const membership = db
    .select({ one: sql`1` })
    .from(podMembers)
    .innerJoin(pods, eq(pods.id, podMembers.podId))
    .innerJoin(programPods, eq(programPods.podId, pods.id))
    .where(and(eq(podMembers.userId, users.id), podConditions(programId), memberConditions));
  const rows = await db
    .select({ contactId: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, contactIds),
        contactConditions,
        // Written out: Drizzle leaves out an OFFSET of 0.
        sql`exists (${membership} offset 0)`,
      ),
    );
  return new Set(rows.map((row) => row.contactId));
}

/** How many phones would receive the program's next message now. */
export async function countProgramRecipients(db: Db | Tx, programId: string): Promise<number> {
  const [row] = await db
    .select({ recipients: countDistinct(users.phone) })
    .from(programPods)
    .innerJoin(pods, eq(pods.id, programPods.podId))
    .innerJoin(podMembers, eq(podMembers.podId, pods.id))
    .innerJoin(users, eq(users.id, podMembers.userId))
    .where(recipientConditions(programId));
  return row?.recipients ?? 0;
}

/**
 * The program's audience: the active participant members of its active pods, each counted once,
 * by whether they receive its messages and, if not, the first reason why (inactive, opted out, no
 * phone, not opted in, or a phone another recipient already receives the days at). The reasons are
 * the conditions of `recipientConditions`, in one grouped query.
 */
export async function programAudience(db: Db | Tx, programId: string): Promise<ApiProgramAudience> {
  const reason = sql<string>`case
    when ${users.status} <> 'active' then 'inactive'
    when ${users.smsOptedOutAt} is not null or ${phoneHasOptedOut(users.phone)} then 'optedOut'
    when ${users.phone} is null then 'noPhone'
    when not ${users.smsVerified} then 'notOptedIn'
    else 'recipients' end`;
  const reasons = db
    .selectDistinct({ id: users.id, phone: users.phone, reason: reason.as('reason') })
    .from(programPods)
    .innerJoin(pods, eq(pods.id, programPods.podId))
    .innerJoin(podMembers, eq(podMembers.podId, pods.id))
    .innerJoin(users, eq(users.id, podMembers.userId))
    .where(
      and(
        eq(programPods.programId, programId),
        eq(pods.status, 'active'),
        eq(podMembers.status, 'active'),
        eq(users.role, 'participant'),
      ),
    )
    .as('reasons');
  // Of the recipients sharing a phone, one receives the days: the others are counted apart.
  const members = db
    .select({
      reason: sql<string>`case when ${reasons.reason} = 'recipients' and row_number() over (
          partition by ${reasons.reason}, ${reasons.phone} order by ${reasons.id}) > 1
        then 'sharedPhone' else ${reasons.reason} end`.as('reason'),
    })
    .from(reasons)
    .as('members');
  const rows = await db
    .select({ reason: members.reason, count: count() })
    .from(members)
    .groupBy(members.reason);
  const audience: ApiProgramAudience = {
    total: 0,
    recipients: 0,
    inactive: 0,
    optedOut: 0,
    noPhone: 0,
    notOptedIn: 0,
    sharedPhone: 0,
  };
  for (const row of rows) {
    audience[row.reason as Exclude<keyof ApiProgramAudience, 'total'>] = row.count;
    audience.total += row.count;
  }
  return audience;
}
