import { inArray } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { PodSummary } from '../../shared/pod';
import type { PodCreateInput } from '../../shared/validation/pod';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { podMembers, pods, users } from '../db/schema';
import { badRequest, conflict } from '../http/errors';

type PodRow = typeof pods.$inferSelect;

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
      formatMessage(messages.pods.unknownContacts, { ids: unknown.slice(0, 10).join(', ') }),
    );
  }
  const staff = found.filter((row) => row.role !== 'participant');
  if (staff.length > 0) {
    const names = staff.slice(0, 10).map((row) => `${row.firstName} ${row.lastName}`.trim());
    throw badRequest(formatMessage(messages.pods.participantsOnly, { names: names.join(', ') }));
  }
}

/**
 * Creates a pod with its members in one transaction (spec: all or none). A duplicate pod id is a
 * 409; any member that is not a participant refuses the whole pod.
 */
export async function createPod(
  db: Db,
  input: PodCreateInput,
  createdBy: string,
): Promise<PodSummary> {
  const userIds = [...new Set(input.members.map((member) => member.userId))];
  try {
    return await db.transaction(async (tx) => {
      await assertParticipants(tx, userIds);
      const [pod] = await tx
        .insert(pods)
        .values({ podId: input.podId, podName: input.podName, createdBy })
        .returning();
      await tx.insert(podMembers).values(userIds.map((userId) => ({ podId: pod!.id, userId })));
      return toPodSummary(pod!, userIds.length);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'pods_pod_id_unique')) {
      throw conflict(formatMessage(messages.pods.duplicatePodId, { podId: input.podId }));
    }
    throw error;
  }
}
