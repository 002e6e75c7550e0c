import { z } from 'zod';
import { POD_MEMBER_STATUSES, POD_STATUSES, ROLES } from '../constants';
import { listOf } from './common';

const time = z.iso.datetime();

/** A pod as the API returns it (spec section 3). */
const podSummarySchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  podId: z.string(),
  podName: z.string(),
  status: z.enum(POD_STATUSES),
  activeMemberCount: z.number().int(),
  createdAt: time,
  updatedAt: time,
});
export type PodSummary = z.infer<typeof podSummarySchema>;

/** The contact of a pod member, as spec section 3 shows it (`userId` is an object). */
const podMemberContactSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  fullName: z.string(),
  profile: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type PodMemberContact = z.infer<typeof podMemberContactSchema>;

/** One membership: GET /api/pods/{id} and GET /api/pods/{id}/members list active ones. */
const podMemberSchema = z.object({
  _id: z.uuid(),
  userId: podMemberContactSchema,
  status: z.enum(POD_MEMBER_STATUSES),
  joinedAt: time,
  removedAt: time.nullable(),
});
export type PodMember = z.infer<typeof podMemberSchema>;

/** A program that sends to the pod. */
const podProgramSchema = z.object({ _id: z.uuid(), id: z.uuid(), programName: z.string() });
export type PodProgram = z.infer<typeof podProgramSchema>;

/**
 * GET /api/pods/{id} -> `{pod}`: the pod, its active members (left out with `?members=none`,
 * which the console sends: it pages them through GET /api/pods/{id}/members) and its programs.
 */
const podDetailSchema = podSummarySchema.extend({
  members: z.array(podMemberSchema),
  programs: z.array(podProgramSchema),
});
export type PodDetail = z.infer<typeof podDetailSchema>;

export const podListResponse = listOf('pods', podSummarySchema);
export const podResponse = z.object({ pod: podSummarySchema });
export const podDetailResponse = z.object({ pod: podDetailSchema });
export const podMemberListResponse = listOf('members', podMemberSchema);
/** One member added (201) or brought back (200). */
export const podMemberResponse = z.object({ member: podMemberSchema });

/**
 * POST /api/pods/{id}/members with a list (`{members: [{userId, role}]}`) or a filter
 * (`{matching: {q, status}}`: every participant the add-members search matches): one
 * transaction. Contacts already active in the pod are skipped, removed members come back, and
 * contacts that cannot be members (unknown, or not participants) are named in `notAdded`.
 */
export const podMembersAddResponse = z.object({
  added: z.number().int(),
  reactivated: z.number().int(),
  alreadyMembers: z.number().int(),
  notAdded: z.array(z.object({ userId: z.string(), name: z.string(), reason: z.string() })),
  pod: podSummarySchema,
});
export type PodMembersAddResult = z.infer<typeof podMembersAddResponse>;
