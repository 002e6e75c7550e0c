import { z } from 'zod';
import { POD_MEMBER_STATUSES, POD_STATUSES, ROLES } from '../constants';
import type { PodDetail, PodMember, PodMembersAddResult, PodSummary } from '../pod';
import { listOf } from './common';

const time = z.iso.datetime();

const podSummarySchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  podId: z.string(),
  podName: z.string(),
  status: z.enum(POD_STATUSES),
  activeMemberCount: z.number().int(),
  createdAt: time,
  updatedAt: time,
}) satisfies z.ZodType<PodSummary>;

const podMemberSchema = z.object({
  _id: z.uuid(),
  userId: z.object({
    _id: z.uuid(),
    id: z.uuid(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
    fullName: z.string(),
    profile: z.object({ firstName: z.string(), lastName: z.string() }),
  }),
  status: z.enum(POD_MEMBER_STATUSES),
  joinedAt: time,
  removedAt: time.nullable(),
}) satisfies z.ZodType<PodMember>;

export const podListResponse = listOf('pods', podSummarySchema);
export const podResponse = z.object({ pod: podSummarySchema });
export const podDetailResponse = z.object({
  pod: podSummarySchema.extend({
    members: z.array(podMemberSchema),
    programs: z.array(z.object({ _id: z.uuid(), id: z.uuid(), programName: z.string() })),
  }) satisfies z.ZodType<PodDetail>,
});
export const podMemberListResponse = listOf('members', podMemberSchema);
/** One member added (201) or brought back (200). */
export const podMemberResponse = z.object({ member: podMemberSchema });
/** A list or a search added. */
export const podMembersAddResponse = z.object({
  added: z.number().int(),
  reactivated: z.number().int(),
  alreadyMembers: z.number().int(),
  notAdded: z.array(z.object({ userId: z.string(), name: z.string(), reason: z.string() })),
  pod: podSummarySchema,
}) satisfies z.ZodType<PodMembersAddResult>;
