import { z } from 'zod';
import { messages } from '../messages';

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
