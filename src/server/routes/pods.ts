import type { FastifyInstance } from 'fastify';
import { podCreateSchema } from '../../shared/validation/pod';
import { parseInput } from '../http/validate';
import { createPod } from '../services/pods';

/** Pods (spec section 7). */
export async function podRoutes(app: FastifyInstance) {
  // A pod and its members, in one transaction: all of them or none.
  app.post('/pods', async (request, reply) => {
    const input = parseInput(podCreateSchema, request.body);
    return reply.code(201).send({ pod: await createPod(app.db, input, request.user.id) });
  });
}
