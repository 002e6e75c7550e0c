import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { PodMember, PodMembersAddResult } from '../../shared/responses/pods';
import type { PodMembersAddInput } from '../../shared/validation/pod';
import { serverTexts } from '../texts';
import type { Db, Tx } from '../db/client';
import { defineList } from '../db/list-page';
import { podMembers, pods, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { contactSearch } from './contact-search';
import { contactFilter } from './contacts';
import { sortOf, type ListParams } from './list';
import {
  assertParticipants,
  countActiveMembers,
  fullNameKey,
  isActiveMemberOf,
  toPodMember,
  toPodSummary,
} from './pod-records';

type UserRow = typeof users.$inferSelect;

async function assertPodExists(db: Db | Tx, podId: string, lock = false) {
  const query = db.select({ id: pods.id }).from(pods).where(eq(pods.id, podId));
  const [pod] = lock ? await query.for('update') : await query;
  if (!pod) throw notFound(messages.pods.notFound);
}

const MEMBER_SORT_COLUMNS = {
  fullName: fullNameKey,
  email: users.email,
  phone: users.phone,
  joinedAt: podMembers.joinedAt,
  createdAt: podMembers.joinedAt,
};

/**
 * Active members of a pod, a page at a time or all of them; by name unless asked otherwise. The
 * pod must exist (404 otherwise).
 */
export async function podMemberList(db: Db, podId: string, query: ListParams & { q?: string }) {
  await assertPodExists(db, podId);
  const sorted = { ...query, sort: query.sort ?? 'fullName', order: query.order ?? 'asc' };
  return defineList({
    source: {
      from: (fields) =>
        db
          .select(fields)
          .from(podMembers)
          .innerJoin(users, eq(users.id, podMembers.userId))
          .$dynamic(),
      where: and(isActiveMemberOf(podId), contactSearch(query.q)),
      id: podMembers.id,
      order: sortOf(MEMBER_SORT_COLUMNS, sorted, podMembers.id),
    },
    rows: ({ page, total, order }) =>
      db
        .select({ member: podMembers, user: users, total })
        .from(page)
        .innerJoin(podMembers, eq(podMembers.id, page.id))
        .innerJoin(users, eq(users.id, podMembers.userId))
        .orderBy(...order),
    toApi: (rows): PodMember[] => rows.map(({ member, user }) => toPodMember(member, user)),
  });
}

/**
 * Makes contacts active members: the ones listed, or every contact `where` matches (in one
 * INSERT … SELECT, however many). Contacts never in the pod get a row, removed members come back
 * (joined again now), active members are left as they are. Counts what was inserted and what
 * came back.
 */
async function upsertMembers(tx: Tx, podId: string, who: string[] | SQL) {
  if (Array.isArray(who) && who.length === 0) return { added: 0, reactivated: 0 };
  const insert = Array.isArray(who)
    ? tx.insert(podMembers).values(who.map((userId) => ({ podId, userId })))
    : tx.insert(podMembers).select(
        tx
          .select({
            // Every column, in the table's order, as an INSERT … SELECT needs.
            id: sql`gen_random_uuid()`.as('id'),
            podId: sql`${podId}::uuid`.as('pod_id'),
            userId: users.id,
            role: sql`'participant'`.as('role'),
            status: sql`'active'`.as('status'),
            joinedAt: sql`now()`.as('joined_at'),
            removedAt: sql`null::timestamptz`.as('removed_at'),
            demo: sql`false`.as('demo'),
          })
          .from(users)
          .where(who),
      );
  const rows = await insert
    .onConflictDoUpdate({
      target: [podMembers.podId, podMembers.userId],
      set: { status: 'active', joinedAt: sql`now()`, removedAt: null },
      setWhere: eq(podMembers.status, 'removed'),
    })
    // xmax is 0 for a row this statement inserted, and set for one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const added = rows.filter((row) => row.inserted).length;
  return { added, reactivated: rows.length - added };
}

/** Contacts among `userIds` that cannot be members, with why; and the ones that can. */
async function sortOutCandidates(tx: Tx, userIds: string[]) {
  const found = await tx
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  const byId = new Map(found.map((row) => [row.id, row]));
  const notAdded: PodMembersAddResult['notAdded'] = [];
  const valid: string[] = [];
  for (const userId of userIds) {
    const user = byId.get(userId);
    if (!user) notAdded.push({ userId, name: userId, reason: serverTexts.contacts.notFound });
    else if (user.role !== 'participant') {
      const name = `${user.firstName} ${user.lastName}`.trim();
      notAdded.push({
        userId,
        name,
        reason: formatMessage(serverTexts.pods.participantsOnly, { names: name }),
      });
    } else valid.push(userId);
  }
  return { valid, notAdded };
}

/** Every participant the add-members search matches who is not an active member yet. */
function matchingParticipants(podId: string, input: { q?: string; status?: string }): SQL {
  return and(
    eq(users.role, 'participant'),
    contactFilter({
      q: input.q,
      status: input.status ? [input.status as UserRow['status']] : undefined,
      notInPod: podId,
    }),
  )!;
}

export type AddMembersOutcome =
  | { kind: 'one'; member: PodMember; reactivated: boolean }
  | ({ kind: 'many' } & PodMembersAddResult);

/**
 * Adds members to a pod in one transaction. One member (the spec's call): 409 if already active,
 * 400 if not a participant, a removed member comes back. A list or a search: the ones that can
 * be members are added or brought back, the others are named in `notAdded`.
 */
export async function addPodMembers(
  db: Db,
  podId: string,
  input: PodMembersAddInput,
): Promise<AddMembersOutcome> {
  return db.transaction(async (tx) => {
    // Locked, so two requests adding to the same pod at once count their results truly.
    await assertPodExists(tx, podId, true);
    if (input.kind === 'one') {
      await assertParticipants(tx, [input.userId]);
      const [existing] = await tx
        .select({ status: podMembers.status })
        .from(podMembers)
        .where(and(eq(podMembers.podId, podId), eq(podMembers.userId, input.userId)));
      if (existing?.status === 'active') throw conflict(serverTexts.pods.alreadyActiveMember);
      await upsertMembers(tx, podId, [input.userId]);
      const [row] = await tx
        .select({ member: podMembers, user: users })
        .from(podMembers)
        .innerJoin(users, eq(users.id, podMembers.userId))
        .where(and(eq(podMembers.podId, podId), eq(podMembers.userId, input.userId)));
      return {
        kind: 'one',
        member: toPodMember(row!.member, row!.user),
        reactivated: Boolean(existing),
      };
    }

    let outcome: { added: number; reactivated: number };
    let alreadyMembers = 0;
    let notAdded: PodMembersAddResult['notAdded'] = [];
    if (input.kind === 'list') {
      const candidates = await sortOutCandidates(tx, input.userIds);
      notAdded = candidates.notAdded;
      outcome = await upsertMembers(tx, podId, candidates.valid);
      alreadyMembers = candidates.valid.length - outcome.added - outcome.reactivated;
    } else {
      // The search leaves out active members already, so none is counted as such.
      outcome = await upsertMembers(tx, podId, matchingParticipants(podId, input));
    }
    const [pod] = await tx.select().from(pods).where(eq(pods.id, podId));
    return {
      kind: 'many',
      ...outcome,
      alreadyMembers,
      notAdded,
      pod: toPodSummary(pod!, await countActiveMembers(tx, podId)),
    };
  });
}

/** Ends a membership, keeping it as history (status removed, with the time). */
export async function removePodMember(db: Db, podId: string, userId: string): Promise<void> {
  await assertPodExists(db, podId);
  const removed = await db
    .update(podMembers)
    .set({ status: 'removed', removedAt: new Date() })
    .where(and(isActiveMemberOf(podId), eq(podMembers.userId, userId)))
    .returning({ id: podMembers.id });
  if (removed.length === 0) throw notFound(serverTexts.pods.notAMember);
}
