import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { programListQuerySchema, programSchema } from '../../shared/validation/program';
import { notFound } from '../http/errors';
import { parseInput } from '../http/validate';
import { programDeliveries } from '../services/deliveries';
import {
  createProgram,
  getProgram,
  listPrograms,
  setPaused,
  updateProgram,
} from '../services/programs';

const idParams = z.object({ id: z.uuid() });

function programId(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound(messages.programs.notFound);
  return parsed.data.id;
}

/**
 * Programs (spec section 7): `{programs}` for the list; one program is answered as the object
 * itself, as the spec's client reads it.
 */
export async function programRoutes(app: FastifyInstance) {
  app.get('/programs', async (request) => {
    return listPrograms(app.db, parseInput(programListQuerySchema, request.query));
  });

  app.get('/programs/:id', async (request) => getProgram(app.db, programId(request.params)));

  app.post('/programs', async (request, reply) => {
    const input = parseInput(programSchema, request.body);
    return reply.code(201).send(await createProgram(app.db, input, request.user.id));
  });

  app.put('/programs/:id', async (request) => {
    const id = programId(request.params);
    return updateProgram(app.db, id, parseInput(programSchema, request.body));
  });

  app.post('/programs/:id/pause', async (request) =>
    setPaused(app.db, programId(request.params), true),
  );

  // The Deliveries panel: each day's messages by status, their failures, the recipients now.
  app.get('/programs/:id/deliveries', async (request) =>
    programDeliveries(app.db, programId(request.params)),
  );

  app.post('/programs/:id/resume', async (request) =>
    setPaused(app.db, programId(request.params), false),
  );
}
