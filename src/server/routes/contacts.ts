import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactDetailResponse,
  contactListResponse,
  contactsCsvResponse,
  contactWriteResponse,
  welcomeEmailResponse,
} from '../../shared/responses/users';
import { contactListQuerySchema, contactSchema } from '../../shared/validation/contact';
import { serverTexts } from '../texts';
import { csvAnswer, sendCsv } from '../http/csv-answer';
import { notFound } from '../http/errors';
import { answerList } from '../http/list-answer';
import { idParams } from '../http/path-ids';
import { engineClock } from '../delivery/engine';
import { optinPolicy } from '../outbox/optin';
import { contactsCsv } from '../services/contacts-csv';
import { resendWelcomeEmail } from '../services/account';
import { contactList, createContact, getContactDetail, updateContact } from '../services/contacts';

/** The contact id of the path: one that is no id names no contact (404, as an unknown one). */
export const contactParams = idParams(serverTexts.contacts.notFound);
const tags = ['Contacts'];

/** Contacts (spec section 7): `{contacts}` for lists, `{contact}` for one. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const optin = optinPolicy(app.config, engineClock(app.config));
  app.get(
    '/contacts',
    {
      schema: {
        summary: 'List contacts',
        tags,
        querystring: contactListQuerySchema,
        response: { 200: contactListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'contacts',
        contactListResponse.shape.contacts.element,
        contactList(app.db, request.query),
        request.query,
      ),
  );

  // The filtered list as CSV, with the list's own query parameters (paging aside).
  app.get(
    '/contacts/export.csv',
    {
      schema: {
        summary: 'The filtered contact list as CSV',
        tags,
        querystring: contactListQuerySchema,
        response: { 200: csvAnswer(contactsCsvResponse) },
      },
    },
    async (request, reply) => {
      const { page: _page, perPage: _perPage, ...query } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, `contacts-${day}.csv`, contactsCsv(app.db, query));
    },
  );

  app.get(
    '/contacts/:id',
    {
      schema: {
        summary: 'A contact, with the state of their last welcome email',
        tags,
        params: contactParams,
        response: { 200: contactDetailResponse },
      },
    },
    async (request) => {
      const contact = await getContactDetail(app.db, request.params.id);
      if (!contact) throw notFound(serverTexts.contacts.notFound);
      return { contact };
    },
  );

  app.post(
    '/contacts',
    {
      schema: {
        summary: 'Create a contact',
        tags,
        body: contactSchema('create'),
        response: { 201: contactWriteResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createContact(app.db, request.body, request.user, optin)),
  );

  app.put(
    '/contacts/:id',
    {
      schema: {
        summary: 'Update a contact',
        tags,
        params: contactParams,
        body: contactSchema('edit'),
        response: { 200: contactWriteResponse },
      },
    },
    async (request) =>
      updateContact(
        app.db,
        request.params.id,
        request.body,
        request.user,
        request.session?.id,
        optin,
      ),
  );

  // A new welcome email for a host or admin who has not verified their address yet.
  app.post(
    '/contacts/:id/welcome-email',
    {
      schema: {
        summary: 'Send a host or admin a new welcome email',
        tags,
        params: contactParams,
        response: { 200: welcomeEmailResponse },
      },
    },
    async (request) => resendWelcomeEmail(app.db, request.params.id, request.user),
  );
};
