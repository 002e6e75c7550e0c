import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consentLogResponse,
  conversationResponse,
  inboundListResponse,
} from '../../shared/responses/messages';
import { conversationQuerySchema, inboundListQuerySchema } from '../../shared/validation/consent';
import { consentLog } from '../services/consent-log';
import { contactConversation } from '../services/conversation';
import { answerList } from '../http/list-answer';
import { inboundMessageList } from '../services/inbound-messages';
import { contactParams } from './contacts';

const tags = ['Consent and replies'];

/**
 * What staff read of consent and replies (issue 12): a contact's consent log and conversation,
 * read by any signed-in user as the contact is, and every reply received, also from numbers
 * Tidings does not know.
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts/:id/consent',
    {
      schema: {
        summary: "A contact's consent log, newest first",
        tags,
        params: contactParams,
        response: { 200: consentLogResponse },
      },
    },
    async (request) => consentLog(app.db, request.params.id),
  );

  app.get(
    '/contacts/:id/conversation',
    {
      schema: {
        summary: 'The messages sent to a contact and the replies they sent, newest first',
        tags,
        params: contactParams,
        querystring: conversationQuerySchema,
        response: { 200: conversationResponse },
      },
    },
    async (request) => contactConversation(app.db, request.params.id, request.query),
  );

  app.get(
    '/inbound-messages',
    {
      schema: {
        summary: 'Every reply received',
        tags,
        querystring: inboundListQuerySchema,
        response: { 200: inboundListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'messages',
        inboundListResponse.shape.messages.element,
        inboundMessageList(app.db, request.query, request.user.id),
        request.query,
      ),
  );
};
