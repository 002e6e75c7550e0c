import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INBOUND_LIMITS, TEST_SEND_LIMIT } from '../../shared/consent';
import { formatMessage } from '../../shared/format';
import { simulateReplyResponse, smsSettingsResponse } from '../../shared/responses/messages';
import { simulateReplySchema } from '../validation/reply';
import { twilioInboundForm } from '../validation/twilio';
import { serverTexts } from '../texts';
import { users } from '../db/schema';
import { engineClock } from '../delivery/engine';
import { readByHandler } from '../http/openapi-schemas';
import { badRequest, conflict, notFound } from '../http/errors';
import {
  acceptTwilioForms,
  formField,
  signedTwilioForm,
  type TwilioForm,
} from '../http/twilio-request';
import { receiveMessage, type ReceivedMessage } from '../inbound/receive';
import { contactParams } from './contacts';

const t = serverTexts.inbound.api;

/**
 * The sender a simulated reply is addressed to when no Twilio number is configured (always, with
 * the log provider): Twilio's own test number, so it looks like what a real reply carries.
 */
export const SIMULATED_SENDER = '+15005550006';

/** Twilio's answer to an incoming message: no reply in TwiML (answers go through the outbox). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** An incoming message's fields; MessageSid and From are required (400 without them). */
function receivedOf(form: TwilioForm): ReceivedMessage {
  const required = (name: string) => {
    const value = formField(form, name);
    if (value) return value;
    const message = formatMessage(t.missingField, { field: name });
    throw badRequest(message, [{ field: name, message }]);
  };
  const providerMessageId = required('MessageSid');
  const from = required('From');
  const mediaUrls: string[] = [];
  for (let i = 0; i < INBOUND_LIMITS.mediaMax; i++) {
    const url = formField(form, `MediaUrl${i}`);
    if (url) mediaUrls.push(url);
  }
  const body = form.Body;
  return {
    providerMessageId,
    from,
    to: formField(form, 'To') ?? '',
    body: typeof body === 'string' ? body.trim() : '',
    mediaUrls,
  };
}

/**
 * Replies from phones: Twilio's incoming-message webhook, Simulate reply (the log provider's
 * stand-in for a phone), and the SMS settings the console needs to offer it.
 */
export const replyRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = () => ({ helpContact: app.config.smsHelpContact });
  // Replies are received on the delivery engine's clock, like everything they set in motion.
  const now = engineClock(app.config);

  // POST /api/webhooks/twilio/inbound: each message a phone sends to Tidings' number. Public, but
  // refused (403) unless Twilio signed it; 404 unless the provider is Twilio. Stored and acted on
  // once per MessageSid, then answered with empty TwiML: a repeated webhook changes nothing.
  await app.register(async (webhook) => {
    acceptTwilioForms(webhook);
    webhook.post(
      '/webhooks/twilio/inbound',
      {
        config: { public: true },
        schema: {
          summary: "Twilio's incoming-message webhook (signed by Twilio)",
          tags: ['Twilio webhooks'],
          consumes: ['application/x-www-form-urlencoded'],
          body: readByHandler(twilioInboundForm),
          response: {
            200: {
              description: 'Empty TwiML: replies go through the outbox',
              content: { 'text/xml': { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        const form = signedTwilioForm(request, 'Twilio incoming message');
        await receiveMessage(app.db, receivedOf(form), settings(), now());
        return reply.code(200).header('content-type', 'text/xml; charset=utf-8').send(EMPTY_TWIML);
      },
    );
  });

  // A reply typed on the contact's page, handled as if their phone had sent it (log provider only:
  // with Twilio, replies come from phones). Staff who may read the contact may simulate it. It is
  // stored, and any consent it changes logged, as simulated by them: never as the phone's word.
  // With Twilio it is no route at all, whatever the request holds.
  app.post(
    '/contacts/:id/simulate-reply',
    {
      preValidation: async () => {
        if (app.config.smsProvider !== 'log') throw notFound(t.simulateLogOnly);
      },
      schema: {
        summary:
          "Handle a reply as if the contact's phone had sent it, recorded as simulated by you (log provider only)",
        tags: ['Consent and replies'],
        params: contactParams,
        body: simulateReplySchema,
        response: { 201: simulateReplyResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { body } = request.body;
      const [contact] = await app.db
        .select({ phone: users.phone })
        .from(users)
        .where(eq(users.id, id));
      if (!contact) throw notFound(serverTexts.contacts.notFound);
      if (!contact.phone) throw conflict(t.noPhone);
      const { message } = await receiveMessage(
        app.db,
        {
          providerMessageId: `SIM${randomBytes(16).toString('hex')}`,
          from: contact.phone,
          to: app.config.twilio?.from ?? SIMULATED_SENDER,
          body,
          mediaUrls: [],
          simulatedBy: request.user.id,
        },
        settings(),
        now(),
      );
      return reply.code(201).send({ message });
    },
  );

  app.get(
    '/sms',
    {
      schema: {
        summary:
          'The SMS set-up the console needs: provider, Simulate reply, test-send limit, how messages are counted',
        tags: ['Consent and replies'],
        response: { 200: smsSettingsResponse },
      },
    },
    async () => {
      const provider = app.config.smsProvider;
      return {
        provider,
        simulateReplies: provider === 'log',
        testSendLimit: {
          max: TEST_SEND_LIMIT.max,
          windowMinutes: TEST_SEND_LIMIT.windowMs / 60_000,
        },
        messages: app.config.messageSettings,
      };
    },
  );
};
