import type { FastifyInstance } from 'fastify';
import { conversationQuerySchema, inboundListQuerySchema } from '../../shared/validation/consent';
import { parseInput } from '../http/validate';
import { consentLog } from '../services/consent-log';
import { contactConversation } from '../services/conversation';
import { listInboundMessages } from '../services/inbound-messages';
import { contactId } from './contacts';

/**
 * What staff read of consent and replies (issue 12): a contact's consent log and conversation,
 * read by any signed-in user as the contact is, and every reply received, also from numbers
 * Tidings does not know.
 */
export async function consentRoutes(app: FastifyInstance) {
  app.get('/contacts/:id/consent', async (request) => {
    return consentLog(app.db, contactId(request.params));
  });

  app.get('/contacts/:id/conversation', async (request) => {
    const id = contactId(request.params);
    return contactConversation(app.db, id, parseInput(conversationQuerySchema, request.query));
  });

  app.get('/inbound-messages', async (request) => {
    return listInboundMessages(app.db, parseInput(inboundListQuerySchema, request.query));
  });
}
