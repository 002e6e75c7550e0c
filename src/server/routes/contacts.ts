import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { contactListQuerySchema, contactSchema } from '../../shared/validation/contact';
import { notFound } from '../http/errors';
import { pathId } from '../http/path-ids';
import { parseInput } from '../http/validate';
import { contactsCsv } from '../services/contacts-csv';
import { resendWelcomeEmail } from '../services/account';
import { createContact, getContactDetail, listContacts, updateContact } from '../services/contacts';

/** The contact id of the path: one that is no id names no contact (404, as an unknown one). */
export const contactId = (params: unknown): string => pathId(params, messages.contacts.notFound);

/** Contacts (spec section 7): `{contacts}` for lists, `{contact}` for one. */
export async function contactRoutes(app: FastifyInstance) {
  app.get('/contacts', async (request) => {
    return listContacts(app.db, parseInput(contactListQuerySchema, request.query));
  });

  // The filtered list as CSV, with the list's own query parameters (paging aside).
  app.get('/contacts/export.csv', async (request, reply) => {
    const {
      page: _page,
      perPage: _perPage,
      ...query
    } = parseInput(contactListQuerySchema, request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="contacts-${day}.csv"`)
      .send(contactsCsv(app.db, query));
  });

  app.get('/contacts/:id', async (request) => {
    const contact = await getContactDetail(app.db, contactId(request.params));
    if (!contact) throw notFound(messages.contacts.notFound);
    return { contact };
  });

  app.post('/contacts', async (request, reply) => {
    const input = parseInput(contactSchema('create'), request.body);
    return reply.code(201).send(await createContact(app.db, input, request.user));
  });

  app.put('/contacts/:id', async (request) => {
    const id = contactId(request.params);
    const input = parseInput(contactSchema('edit'), request.body);
    return updateContact(app.db, id, input, request.user, request.session.id);
  });

  // A new welcome email for a host or admin who has not verified their address yet.
  app.post('/contacts/:id/welcome-email', async (request) => {
    return resendWelcomeEmail(app.db, contactId(request.params), request.user);
  });
}
