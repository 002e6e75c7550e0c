import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageDetailResponse,
  messageListResponse,
  messageResponse,
} from '../../shared/responses/messages';
import { messageListQuerySchema } from '../validation/message';
import { testMessageSchema } from '../validation/test-message';
import { serverTexts } from '../texts';
import { assertAdmin } from '../auth/permissions';
import { engineClock } from '../delivery/engine';
import { badRequest } from '../http/errors';
import { idParams } from '../http/path-ids';
import { answerList } from '../http/list-answer';
import { getMessage, messageList, retryMessage } from '../services/messages';
import { sendTestMessage } from '../services/test-messages';

const t = serverTexts.delivery.api;

/** The message id of the path: a malformed one is 400, one that names nothing is 404 later. */
const params = idParams(() => badRequest(t.invalidId, [{ field: 'id', message: t.invalidId }]));
const tags = ['Outbox'];

/**
 * The outbox of SMS/MMS, read-only for staff: `{messages, total}`, `{message}` for one; an admin
 * may retry a failed message, and any staff user may send a test message.
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      schema: {
        summary: 'List outbound messages',
        tags,
        querystring: messageListQuerySchema,
        response: { 200: messageListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'messages',
        messageListResponse.shape.messages.element,
        messageList(app.db, request.query),
        request.query,
      ),
  );

  app.get(
    '/messages/:id',
    {
      schema: {
        summary: 'An outbound message with its history',
        tags,
        params,
        response: { 200: messageDetailResponse },
      },
    },
    async (request) => ({ message: await getMessage(app.db, request.params.id) }),
  );

  // Sends a failed message, or one whose fate is unknown, again: an admin's decision, checked
  // before the id is looked at, so a host learns nothing of it.
  app.post(
    '/messages/:id/retry',
    {
      preValidation: async (request) => assertAdmin(request.user, t.retryAdminsOnly),
      schema: {
        summary: 'Send a failed message again (admins)',
        tags,
        params,
        response: { 200: messageResponse },
      },
    },
    async (request) => ({ message: await retryMessage(app.db, request.params.id) }),
  );

  // Send Test MMS: a staff user texts a phone (their own, usually) to see a message as it arrives.
  // Due by the engine's clock, which tests may move, so the engine finds it due and not expired.
  app.post(
    '/messages/test',
    {
      schema: {
        summary: 'Send a test SMS/MMS to a phone or a contact',
        tags,
        body: testMessageSchema,
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      const message = await sendTestMessage(app.db, request.body, {
        userId: request.user.id,
        publicUrl: app.config.publicUrl,
        shortLinkBase: app.config.messageSettings.shortLinkBase,
        cutoffMs: app.config.deliveryCutoffMs,
        allowedCountries: app.config.smsAllowedCountries,
        now: engineClock(app.config)(),
      });
      return reply.code(201).send({ message });
    },
  );
};
