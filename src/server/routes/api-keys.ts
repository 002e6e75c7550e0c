import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import {
  apiKeyListResponse,
  apiKeyResponse,
  createdApiKeyResponse,
} from '../../shared/responses/api-keys';
import { createApiKeySchema } from '../../shared/validation/api-key';
import { listQuerySchema } from '../../shared/validation/list';
import { assertAdmin } from '../auth/permissions';
import { answerList } from '../http/list-answer';
import { idParams } from '../http/path-ids';
import { API_KEY_SORT_FIELDS, apiKeyList, createApiKey, revokeApiKey } from '../services/api-keys';

const tags = ['API keys'];
const t = messages.apiKeys;

/**
 * API keys (issue 29): admins create, list and revoke them, from a console session only
 * (`sessionOnly`): a key cannot make or unmake keys, so a leaked one cannot leave successors
 * behind once revoked.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { sessionOnly: true };
  // This plugin's routes only (Fastify encapsulates its hooks): admins, before the input is read.
  app.addHook('preValidation', async (request) => assertAdmin(request.user, t.adminsOnly));

  app.post(
    '/api-keys',
    {
      config,
      schema: {
        summary: 'Create an API key (its secret is in this answer only)',
        tags,
        body: createApiKeySchema,
        response: { 201: createdApiKeyResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createApiKey(app.db, request.body, request.user);
    },
  );

  app.get(
    '/api-keys',
    {
      config,
      schema: {
        summary: 'List API keys',
        tags,
        querystring: listQuerySchema(API_KEY_SORT_FIELDS),
        response: { 200: apiKeyListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'apiKeys',
        apiKeyListResponse.shape.apiKeys.element,
        apiKeyList(app.db, request.query),
        request.query,
      ),
  );

  app.delete(
    '/api-keys/:id',
    {
      config,
      schema: {
        summary: 'Revoke an API key (at once)',
        tags,
        params: idParams(t.notFound),
        response: { 200: apiKeyResponse },
      },
    },
    async (request) => revokeApiKey(app.db, request.params.id, request.user.id),
  );
};
