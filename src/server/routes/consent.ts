import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentCsvResponse } from '../../shared/responses/carrier';
import {
  consentLogResponse,
  conversationResponse,
  inboundListResponse,
} from '../../shared/responses/messages';
import { conversationQuerySchema, inboundListQuerySchema } from '../validation/consent';
import { consentLog } from '../services/consent-log';
import { contactConsentCsv, programConsentCsv } from '../services/consent-csv';
import { csvAnswer, sendCsvOf } from '../http/csv-answer';
import { contactConversation } from '../services/conversation';
import { answerList } from '../http/list-answer';
import { inboundMessageList } from '../services/inbound-messages';
import { contactParams } from './contacts';
import { programParams } from './programs';

const tags = ['Consent and replies'];

/**
 * What staff read of consent and replies (issue 12): a contact's consent log and conversation,
 * read by any signed-in user as the contact is, and every reply received, also from numbers
 * Tidings does not know. The consent logs download as CSV (issue 26), a contact's or a program's,
 * for any signed-in user too: hosts and admins both read contacts and programs.
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

  // The same log as CSV, oldest first: proof of consent for carriers (issue 26).
  app.get(
    '/contacts/:id/consent.csv',
    {
      schema: {
        summary: "A contact's consent log as CSV, oldest first",
        tags,
        params: contactParams,
        response: { 200: csvAnswer(consentCsvResponse) },
      },
    },
    async (request, reply) =>
      sendCsvOf(reply, () => contactConsentCsv(app.db, request.params.id, app.config.wholeListMax)),
  );

  app.get(
    '/programs/:id/consent.csv',
    {
      schema: {
        summary:
          "A program's consent report as CSV: every consent event of its pods' participants and their phones, oldest first",
        tags,
        params: programParams,
        response: { 200: csvAnswer(consentCsvResponse) },
      },
    },
    async (request, reply) =>
      sendCsvOf(reply, () => programConsentCsv(app.db, request.params.id, app.config.wholeListMax)),
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
