import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import type { PodMember, PodSummary } from '../../shared/responses/pods';
import { serverTexts } from '../texts';
import type { Db, Tx } from '../db/client';
import { podMembers, pods, users } from '../db/schema';
import { badRequest } from '../http/errors';
import { fullNameOf } from './users';

/**
 * Pods and their members as the API shows them, and the rule of who may be a member: shared by
 * the pod routes and the membership routes.
 */
type PodRow = typeof pods.$inferSelect;
type MemberRow = typeof podMembers.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A contact's full name in lower case, for sorting by name. */
export const fullNameKey = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;

export function toPodSummary(row: PodRow, activeMemberCount: number): PodSummary {
  return {
    _id: row.id,
    id: row.id,
    podId: row.podId,
    podName: row.podName,
    status: row.status,
    activeMemberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A membership in the shape of spec section 3: `userId` is the contact itself. */
export function toPodMember(member: MemberRow, user: UserRow): PodMember {
  return {
    _id: member.id,
    userId: {
      _id: user.id,
      id: user.id,
      email: user.email,
      phone: user.phone,
      role: user.role,
      fullName: fullNameOf(user),
      profile: { firstName: user.firstName, lastName: user.lastName },
    },
    status: member.status,
    joinedAt: member.joinedAt.toISOString(),
    removedAt: member.removedAt?.toISOString() ?? null,
  };
}

export const isActiveMemberOf = (podId: string) =>
  and(eq(podMembers.podId, podId), eq(podMembers.status, 'active'));

export async function countActiveMembers(db: Db | Tx, podId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(podMembers).where(isActiveMemberOf(podId));
  return row?.n ?? 0;
}

/** Every active member of a pod, by name (the spec's GET /api/pods/{id}). */
export async function allActiveMembers(db: Db, podId: string): Promise<PodMember[]> {
  const rows = await db
    .select({ member: podMembers, user: users })
    .from(podMembers)
    .innerJoin(users, eq(users.id, podMembers.userId))
    .where(isActiveMemberOf(podId))
    .orderBy(asc(fullNameKey), asc(podMembers.id));
  return rows.map(({ member, user }) => toPodMember(member, user));
}

/**
 * Checks that every id names a contact and that each is a participant (spec section 6: pod
 * members are always participants). The error names the offenders.
 */
export async function assertParticipants(tx: Tx, userIds: string[]) {
  const found = await tx
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  const known = new Set(found.map((row) => row.id));
  const unknown = userIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(
      formatMessage(serverTexts.pods.unknownContacts, { ids: unknown.slice(0, 10).join(', ') }),
    );
  }
  const staff = found.filter((row) => row.role !== 'participant');
  if (staff.length > 0) {
    const names = staff.slice(0, 10).map((row) => `${row.firstName} ${row.lastName}`.trim());
    throw badRequest(formatMessage(serverTexts.pods.participantsOnly, { names: names.join(', ') }));
  }
}
