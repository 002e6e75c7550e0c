import { z } from 'zod';
import { CONTACT_STATUSES, POD_STATUSES } from '../constants';
import { messages } from '../messages';
import { listQuerySchema, oneOrMany } from './list';

/**
 * Pod rules (spec section 5): Pod ID and Pod Name are both required once trimmed, with the one
 * message the spec gives for either; creating a pod needs at least one contact, always added as a
 * participant (section 6).
 */
const t = messages.pods;

/** Pods created from a selection of the contacts list, or members added at once, at most. */
export const MAX_MEMBERS_PER_REQUEST = 10_000;

const podField = z
  .string({ error: t.idAndNameRequired })
  .trim()
  .min(1, { error: t.idAndNameRequired })
  .max(100);

export const podDetailsSchema = z.object({ podId: podField, podName: podField });

export const podMemberSchema = z.object({
  userId: z.uuid({ error: 'userId must be a contact id' }),
  role: z
    .literal('participant', { error: "Pod members are always added with role 'participant'" })
    .default('participant'),
});

export const podCreateSchema = podDetailsSchema.extend({
  members: z
    .array(podMemberSchema, { error: t.selectAtLeastOne })
    .min(1, { error: t.selectAtLeastOne })
    .max(MAX_MEMBERS_PER_REQUEST),
});

export type PodCreateInput = z.output<typeof podCreateSchema>;

export const POD_SORT_FIELDS = [
  'podId',
  'podName',
  'activeMemberCount',
  'status',
  'createdAt',
] as const;

/** GET /api/pods: search over pod id and name; status and program filters (spec section 7). */
export const podListQuerySchema = listQuerySchema(POD_SORT_FIELDS).extend({
  status: oneOrMany(POD_STATUSES, 'status'),
  programId: z.uuid({ error: 'programId must be a program id' }).optional(),
});

export const POD_MEMBER_SORT_FIELDS = ['fullName', 'email', 'phone', 'joinedAt'] as const;

/** GET /api/pods/{id}/members: a page of the active members, searchable. */
export const podMembersQuerySchema = listQuerySchema(POD_MEMBER_SORT_FIELDS);

/** GET /api/pods/{id}: `members=none` leaves the member list out (the console pages it). */
export const podDetailQuerySchema = z.object({
  members: z.enum(['all', 'none'], { error: 'members must be all or none' }).default('all'),
});

const oneMemberSchema = podMemberSchema.transform((member) => ({
  kind: 'one' as const,
  userId: member.userId,
}));

const memberListSchema = z
  .object({
    members: z
      .array(podMemberSchema, { error: t.selectAtLeastOneToAdd })
      .min(1, { error: t.selectAtLeastOneToAdd })
      .max(MAX_MEMBERS_PER_REQUEST),
  })
  .transform(({ members }) => ({
    kind: 'list' as const,
    userIds: [...new Set(members.map((member) => member.userId))],
  }));

const matchingSchema = z
  .object({
    matching: z.object({
      q: z.string().trim().max(200).optional(),
      status: z.enum(CONTACT_STATUSES, { error: 'status must be a contact status' }).optional(),
    }),
  })
  .transform(({ matching }) => ({ kind: 'matching' as const, ...matching }));

/**
 * POST /api/pods/{id}/members takes one member (the spec's `{userId, role}`), a list
 * (`{members: [...]}`), or every participant a search matches (`{matching: {q, status}}`). The
 * body's keys say which, so each shape gets its own precise errors (a union would report the
 * failures of all three).
 */
function podMembersAddSchemaFor(body: unknown) {
  const keys = typeof body === 'object' && body !== null ? Object.keys(body) : [];
  if (keys.includes('members')) return memberListSchema;
  if (keys.includes('matching')) return matchingSchema;
  return oneMemberSchema;
}

export const podMembersAddSchema = z.unknown().transform((body, ctx) => {
  const parsed = podMembersAddSchemaFor(body).safeParse(body);
  if (parsed.success) return parsed.data;
  for (const { path, message } of parsed.error.issues)
    ctx.addIssue({ code: 'custom', path, message });
  return z.NEVER;
});

/** The shapes podMembersAddSchema takes, as one type (for the API's reference). */
export const podMembersAddShapes = z.union([oneMemberSchema, memberListSchema, matchingSchema]);

export type PodMembersAddInput = z.output<typeof podMembersAddSchema>;
