import { and, asc, count, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { PodDetail, PodSummary } from '../../shared/responses/pods';
import type {
  podDetailsSchema,
  PodCreateInput,
  podListQuerySchema,
} from '../../shared/validation/pod';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { defineList } from '../db/list-page';
import { isUniqueViolation } from '../db/errors';
import { podMembers, pods, programPods, programs } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { containsPattern, sortOf } from './list';
import {
  allActiveMembers,
  assertParticipants,
  countActiveMembers,
  toPodSummary,
} from './pod-records';

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
  return uniquePodId(input.podId, () =>
    db.transaction(async (tx) => {
      await assertParticipants(tx, userIds);
      const [pod] = await tx
        .insert(pods)
        .values({ podId: input.podId, podName: input.podName, createdBy })
        .returning();
      await tx.insert(podMembers).values(userIds.map((userId) => ({ podId: pod!.id, userId })));
      return toPodSummary(pod!, userIds.length);
    }),
  );
}

/** A duplicate pod id becomes a 409 that names it. */
async function uniquePodId<T>(podId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'pods_pod_id_unique')) {
      throw conflict(formatMessage(serverTexts.pods.duplicatePodId, { podId }));
    }
    throw error;
  }
}

export type PodListQuery = z.output<typeof podListQuerySchema>;

/** GET /api/pods: search over pod id and name, status and program filters, any column sorted. */
export function podList(db: Db, query: PodListQuery) {
  const memberCounts = db
    .select({ podId: podMembers.podId, n: count().as('n') })
    .from(podMembers)
    .where(eq(podMembers.status, 'active'))
    .groupBy(podMembers.podId)
    .as('member_counts');
  const activeMemberCount = sql<number>`coalesce(${memberCounts.n}, 0)`.mapWith(Number);
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    pattern ? or(ilike(pods.podId, pattern), ilike(pods.podName, pattern)) : undefined,
    query.status?.length ? inArray(pods.status, query.status) : undefined,
    query.programId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(programPods)
            .where(and(eq(programPods.podId, pods.id), eq(programPods.programId, query.programId))),
        )
      : undefined,
  );
  const sortColumns = {
    podId: pods.podId,
    podName: sql`lower(${pods.podName})`,
    activeMemberCount,
    status: pods.status,
    createdAt: pods.createdAt,
  };
  return defineList({
    source: {
      // Only the sort by member count reads the counts; PostgreSQL leaves the join out otherwise.
      from: (fields) =>
        db
          .select(fields)
          .from(pods)
          .leftJoin(memberCounts, eq(memberCounts.podId, pods.id))
          .$dynamic(),
      where,
      id: pods.id,
      order: sortOf(sortColumns, query, pods.id),
    },
    rows: ({ page, total, order }) =>
      db
        .select({ pod: pods, activeMemberCount, total })
        .from(page)
        .innerJoin(pods, eq(pods.id, page.id))
        .leftJoin(memberCounts, eq(memberCounts.podId, pods.id))
        .orderBy(...order),
    toApi: (rows) => rows.map((row) => toPodSummary(row.pod, row.activeMemberCount)),
  });
}

/** A pod with its programs, and its active members unless `withMembers` is false. */
export async function getPodDetail(
  db: Db,
  id: string,
  { withMembers }: { withMembers: boolean },
): Promise<PodDetail> {
  const [pod] = await db.select().from(pods).where(eq(pods.id, id));
  if (!pod) throw notFound(messages.pods.notFound);
  const [members, activeMemberCount, podPrograms] = await Promise.all([
    withMembers ? allActiveMembers(db, id) : [],
    countActiveMembers(db, id),
    db
      .select({ id: programs.id, programName: programs.programName })
      .from(programPods)
      .innerJoin(programs, eq(programs.id, programPods.programId))
      .where(eq(programPods.podId, id))
      .orderBy(asc(programs.programName)),
  ]);
  return {
    ...toPodSummary(pod, activeMemberCount),
    members,
    programs: podPrograms.map((program) => ({ _id: program.id, ...program })),
  };
}

/** PUT /api/pods/{id}: a new pod id and name (the pod id stays unique). */
export async function updatePod(
  db: Db,
  id: string,
  input: z.output<typeof podDetailsSchema>,
): Promise<PodSummary> {
  const [pod] = await uniquePodId(input.podId, () =>
    db
      .update(pods)
      .set({ podId: input.podId, podName: input.podName })
      .where(eq(pods.id, id))
      .returning(),
  );
  if (!pod) throw notFound(messages.pods.notFound);
  return toPodSummary(pod, await countActiveMembers(db, id));
}
