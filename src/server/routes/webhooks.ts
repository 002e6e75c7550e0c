import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import {
  webhookAttemptListResponse,
  webhookDeliveryResponse,
  webhookListResponse,
  webhookResponse,
  webhookWithSecretResponse,
} from '../../shared/responses/webhooks';
import { listQuerySchema } from '../../shared/validation/list';
import { webhookSchema } from '../../shared/validation/webhook';
import { assertAdmin } from '../auth/permissions';
import { answerList } from '../http/list-answer';
import { idParams } from '../http/path-ids';
import {
  WEBHOOK_ATTEMPT_SORT_FIELDS,
  WEBHOOK_SORT_FIELDS,
  createWebhook,
  deleteWebhook,
  getWebhook,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  webhookAttemptList,
  webhookList,
} from '../services/webhooks';

const tags = ['Webhooks'];
const t = messages.webhooks;

/**
 * Webhook endpoints (issue 29), for admins. What decides where participants' data goes (adding,
 * changing, deleting an endpoint; its secret) takes a console session (`sessionOnly`), as API keys
 * do: a leaked key cannot set up a copy of every event that outlives its revocation. Reading the
 * endpoints and their logs, sending a test event and resending one also work with an admin key.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessionOnly = { sessionOnly: true };
  const allowLoopback = app.config.webhookAllowLoopback;
  app.addHook('preValidation', async (request) => assertAdmin(request.user, t.adminsOnly));

  app.post(
    '/webhooks',
    {
      config: sessionOnly,
      schema: {
        summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
        tags,
        body: webhookSchema,
        response: { 201: webhookWithSecretResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createWebhook(app.db, request.body, request.user, allowLoopback);
    },
  );

  app.get(
    '/webhooks',
    {
      schema: {
        summary: 'List webhook endpoints',
        tags,
        querystring: listQuerySchema(WEBHOOK_SORT_FIELDS),
        response: { 200: webhookListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'webhooks',
        webhookListResponse.shape.webhooks.element,
        webhookList(app.db, request.query),
        request.query,
      ),
  );

  app.get(
    '/webhooks/:id',
    {
      schema: {
        summary: 'Get a webhook endpoint',
        tags,
        params: idParams(t.notFound),
        response: { 200: webhookResponse },
      },
    },
    async (request) => getWebhook(app.db, request.params.id),
  );

  app.put(
    '/webhooks/:id',
    {
      config: sessionOnly,
      schema: {
        summary: 'Change a webhook endpoint',
        tags,
        params: idParams(t.notFound),
        body: webhookSchema,
        response: { 200: webhookResponse },
      },
    },
    async (request) => updateWebhook(app.db, request.params.id, request.body, allowLoopback),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: sessionOnly,
      schema: {
        summary: 'Delete a webhook endpoint, its deliveries and its log',
        tags,
        params: idParams(t.notFound),
        response: { 200: webhookResponse },
      },
    },
    async (request) => deleteWebhook(app.db, request.params.id),
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: sessionOnly,
      schema: {
        summary: 'Rotate the signing secret (the old one signs beside it for 24 hours)',
        tags,
        params: idParams(t.notFound),
        response: { 200: webhookWithSecretResponse },
      },
    },
    async (request) => rotateWebhookSecret(app.db, request.params.id),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        summary: 'Send a webhook.test event to the endpoint',
        tags,
        params: idParams(t.notFound),
        response: { 202: webhookDeliveryResponse },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return sendTestEvent(app.db, request.params.id, request.user);
    },
  );

  app.get(
    '/webhooks/:id/attempts',
    {
      schema: {
        summary: "The endpoint's delivery log: every call made to it",
        tags,
        params: idParams(t.notFound),
        querystring: listQuerySchema(WEBHOOK_ATTEMPT_SORT_FIELDS),
        response: { 200: webhookAttemptListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'attempts',
        webhookAttemptListResponse.shape.attempts.element,
        await webhookAttemptList(app.db, request.params.id, request.query),
        request.query,
      ),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        summary: 'Send an event to the endpoint again, now',
        tags,
        params: idParams(t.deliveryNotFound, ['id', 'deliveryId']),
        response: { 202: webhookDeliveryResponse },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return resendDelivery(app.db, request.params.id, request.params.deliveryId);
    },
  );
};
