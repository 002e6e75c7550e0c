import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { messageListQuerySchema } from '../../shared/validation/message';
import { assertAdmin } from '../auth/permissions';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/validate';
import { getMessage, listMessages, retryMessage } from '../services/messages';

const t = messages.delivery.api;

const idParams = z.object({ id: z.uuid() });

/** The message id of the path: a malformed one is 400, one that names nothing is 404 later. */
function messageId(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw badRequest(t.invalidId, [{ field: 'id', message: t.invalidId }]);
  return parsed.data.id;
}

/** The outbox of SMS/MMS, read-only for staff: `{messages, total}`, `{message}` for one. */
export async function messageRoutes(app: FastifyInstance) {
  app.get('/messages', async (request) => {
    return listMessages(app.db, parseInput(messageListQuerySchema, request.query));
  });

  app.get('/messages/:id', async (request) => {
    return { message: await getMessage(app.db, messageId(request.params)) };
  });

  // Sends a failed message, or one whose fate is unknown, again: an admin's decision.
  app.post('/messages/:id/retry', async (request) => {
    assertAdmin(request.user, t.retryAdminsOnly);
    return { message: await retryMessage(app.db, messageId(request.params)) };
  });
}
