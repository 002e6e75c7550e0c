import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import {
  podCreateSchema,
  podDetailQuerySchema,
  podDetailsSchema,
  podListQuerySchema,
  podMembersAddSchemaFor,
  podMembersQuerySchema,
} from '../../shared/validation/pod';
import { pathIds } from '../http/path-ids';
import { parseInput } from '../http/validate';
import { addPodMembers, listPodMembers, removePodMember } from '../services/pod-members';
import { createPod, getPodDetail, listPods, updatePod } from '../services/pods';

const podParams = z.object({ id: z.uuid() });
const memberParams = podParams.extend({ userId: z.uuid() });

/** Pods and their members (spec section 7). */
export async function podRoutes(app: FastifyInstance) {
  app.get('/pods', async (request) => {
    return listPods(app.db, parseInput(podListQuerySchema, request.query));
  });

  // A pod and its members, in one transaction: all of them or none.
  app.post('/pods', async (request, reply) => {
    const input = parseInput(podCreateSchema, request.body);
    return reply.code(201).send({ pod: await createPod(app.db, input, request.user.id) });
  });

  app.get('/pods/:id', async (request) => {
    const { id } = pathIds(podParams, request.params, messages.pods.notFound);
    const { members } = parseInput(podDetailQuerySchema, request.query);
    return { pod: await getPodDetail(app.db, id, { withMembers: members === 'all' }) };
  });

  app.put('/pods/:id', async (request) => {
    const { id } = pathIds(podParams, request.params, messages.pods.notFound);
    return { pod: await updatePod(app.db, id, parseInput(podDetailsSchema, request.body)) };
  });

  app.get('/pods/:id/members', async (request) => {
    const { id } = pathIds(podParams, request.params, messages.pods.notFound);
    return listPodMembers(app.db, id, parseInput(podMembersQuerySchema, request.query));
  });

  // One member (the spec's call), a list, or everyone a search matches: one transaction.
  app.post('/pods/:id/members', async (request, reply) => {
    const { id } = pathIds(podParams, request.params, messages.pods.notFound);
    const input = parseInput(podMembersAddSchemaFor(request.body), request.body);
    const outcome = await addPodMembers(app.db, id, input);
    if (outcome.kind === 'one') {
      return reply.code(outcome.reactivated ? 200 : 201).send({ member: outcome.member });
    }
    const { kind: _kind, ...result } = outcome;
    return result;
  });

  app.delete('/pods/:id/members/:userId', async (request) => {
    const { id, userId } = pathIds(memberParams, request.params, messages.pods.notAMember);
    await removePodMember(app.db, id, userId);
    return { success: true };
  });
}
