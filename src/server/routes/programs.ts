import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { programListQuerySchema, programSchema } from '../../shared/validation/program';
import { pathId } from '../http/path-ids';
import { parseInput } from '../http/validate';
import { programDeliveries } from '../services/deliveries';
import {
  createProgram,
  getProgram,
  listPrograms,
  setPaused,
  updateProgram,
} from '../services/programs';

/** The id of the URL, or a 404: a malformed id names no program. */
const programId = (params: unknown): string => pathId(params, messages.programs.notFound);

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
