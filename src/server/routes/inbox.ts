import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inboundMessageResponse,
  inboxCountsResponse,
  messageResponse,
} from '../../shared/responses/messages';
import { inboundPatchSchema, reviewDecisionSchema, staffReplySchema } from '../validation/inbox';
import { serverTexts } from '../texts';
import { engineClock } from '../delivery/engine';
import { idParams } from '../http/path-ids';
import { decideReview, inboxCounts, updateInbound } from '../services/inbox';
import { sendStaffReply } from '../services/staff-replies';
import { contactParams } from './contacts';

const tags = ['Inbox and staff replies'];
const inboundParams = idParams(serverTexts.inboxApi.notFound);

/**
 * Two-way conversations: the inbox of replies received (its counts, marking replies handled,
 * assigning them, deciding the ones that may ask to stop) and staff replies to a contact. Any
 * signed-in staff member works the inbox, as any may read the replies.
 */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = engineClock(app.config);

  app.get(
    '/inbound-messages/counts',
    {
      schema: {
        summary: 'The inbox at a glance: new replies, those assigned to you, those needing review',
        tags,
        response: { 200: inboxCountsResponse },
      },
    },
    async (request) => inboxCounts(app.db, request.user.id),
  );

  app.patch(
    '/inbound-messages/:id',
    {
      schema: {
        summary: 'Mark a reply new or handled, and/or assign it to a staff member (null: nobody)',
        tags,
        params: inboundParams,
        body: inboundPatchSchema,
        response: { 200: inboundMessageResponse },
      },
    },
    async (request) => ({
      message: await updateInbound(app.db, request.params.id, request.body, request.user, now()),
    }),
  );

  app.post(
    '/inbound-messages/:id/review',
    {
      schema: {
        summary:
          'Decide a reply that may be a request to stop: optout (opts the phone out) or not_optout',
        tags,
        params: inboundParams,
        body: reviewDecisionSchema,
        response: { 200: inboundMessageResponse },
      },
    },
    async (request) => ({
      message: await decideReview(
        app.db,
        request.params.id,
        request.body.decision,
        request.user,
        now(),
      ),
    }),
  );

  app.post(
    '/contacts/:id/messages',
    {
      schema: {
        summary:
          'Reply to a contact by SMS/MMS: at once if they wrote in the last 24 hours, else within the quiet hours where they are',
        tags,
        params: contactParams,
        body: staffReplySchema,
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      const message = await sendStaffReply(app.db, request.params.id, request.body, {
        userId: request.user.id,
        publicUrl: app.config.publicUrl,
        allowedCountries: app.config.smsAllowedCountries,
        now: now(),
      });
      return reply.code(201).send({ message });
    },
  );
};
