import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { messageListQuerySchema } from '../../shared/validation/message';
import { testMessageSchema } from '../../shared/validation/test-message';
import { assertAdmin } from '../auth/permissions';
import { engineClock } from '../delivery/engine';
import { badRequest } from '../http/errors';
import { pathId } from '../http/path-ids';
import { parseInput } from '../http/validate';
import { getMessage, listMessages, retryMessage } from '../services/messages';
import { sendTestMessage } from '../services/test-messages';

const t = messages.delivery.api;

/** The message id of the path: a malformed one is 400, one that names nothing is 404 later. */
const messageId = (params: unknown): string =>
  pathId(params, () => badRequest(t.invalidId, [{ field: 'id', message: t.invalidId }]));

/**
 * The outbox of SMS/MMS, read-only for staff: `{messages, total}`, `{message}` for one; an admin
 * may retry a failed message, and any staff user may send a test message.
 */
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

  // Send Test MMS: a staff user texts a phone (their own, usually) to see a message as it arrives.
  // Due by the engine's clock, which tests may move, so the engine finds it due and not expired.
  app.post('/messages/test', async (request, reply) => {
    const input = parseInput(testMessageSchema, request.body);
    const message = await sendTestMessage(app.db, input, {
      userId: request.user.id,
      publicUrl: app.config.publicUrl,
      cutoffMs: app.config.deliveryCutoffMs,
      now: engineClock(app.config)(),
    });
    return reply.code(201).send({ message });
  });
}
