import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { outboundMessages } from '../db/schema';
import type { StatusReport } from '../delivery/provider';
import { applyStatusReport } from '../delivery/status';
import { twilioErrorText } from '../delivery/twilio-error-texts';
import { statusOfTwilio } from '../delivery/twilio-provider';
import { forbidden, notFound } from '../http/errors';

const t = messages.delivery.api;

type Form = Record<string, string | string[]>;

/** An `application/x-www-form-urlencoded` body as Twilio posts it: repeated keys become lists. */
function parseForm(text: string): Form {
  const form: Form = Object.create(null) as Form;
  for (const [key, value] of new URLSearchParams(text)) {
    const had = form[key];
    form[key] = had === undefined ? value : [...[had].flat(), value];
  }
  return form;
}

const field = (form: Form, name: string): string | undefined => {
  const value = form[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

const isForm = (body: unknown): body is Form =>
  typeof body === 'object' &&
  body !== null &&
  Object.values(body).every(
    (value) =>
      typeof value === 'string' ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string')),
  );

/**
 * Whether Twilio signed this request: the signature covers the URL Twilio called (PUBLIC_URL and
 * the path with its query, as the status callback URL was built) and every form field.
 */
function signedByTwilio(request: FastifyRequest, authToken: string, form: Form): boolean {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || !signature) return false;
  try {
    return twilio.validateRequest(
      authToken,
      signature,
      `${request.server.config.publicUrl}${request.url}`,
      form,
    );
  } catch {
    // A URL that cannot be parsed was not the one Twilio signed.
    return false;
  }
}

const messageQuery = z.object({ message: z.uuid() });

/** The report a status callback makes, or null when it is one with nothing to record (queued). */
function reportOf(form: Form): StatusReport | null {
  const status = statusOfTwilio(field(form, 'MessageStatus') ?? '');
  if (!status) return null;
  const errorCode = field(form, 'ErrorCode');
  const failedWith = status === 'undelivered' || status === 'failed' ? errorCode : undefined;
  return {
    status,
    providerMessageId: field(form, 'MessageSid'),
    errorCode: failedWith ?? null,
    errorMessage: failedWith ? twilioErrorText(failedWith, field(form, 'ErrorMessage')) : null,
  };
}

/**
 * POST /api/webhooks/twilio/status?message={id}: Twilio's status callbacks (the URL each message
 * was sent with). Public, but refused (403) unless Twilio signed it; 404 unless the provider is
 * Twilio. A status only moves forward, so a duplicate or late callback changes nothing. A signed
 * callback is always answered 204, for an unknown message too, so it tells a caller nothing.
 */
export async function twilioWebhookRoutes(app: FastifyInstance) {
  // Twilio posts forms; this parser serves this plugin's routes only, within the server's body
  // limit (the default of a content-type parser).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseForm(body as string)),
  );

  app.post('/webhooks/twilio/status', { config: { public: true } }, async (request, reply) => {
    const { twilio: settings, smsProvider } = app.config;
    if (smsProvider !== 'twilio' || !settings) throw notFound();
    const form = isForm(request.body) ? request.body : {};
    if (!signedByTwilio(request, settings.authToken, form)) {
      request.log.warn('Twilio status callback refused: its signature does not validate');
      throw forbidden(t.invalidSignature);
    }
    const query = messageQuery.safeParse(request.query);
    const report = reportOf(form);
    if (query.success && report) {
      const id = query.data.message;
      const [row] = await app.db
        .select({ providerMessageId: outboundMessages.providerMessageId })
        .from(outboundMessages)
        .where(eq(outboundMessages.id, id));
      // A callback about an earlier attempt (the message was sent again since) is not this one's.
      const earlierAttempt =
        row?.providerMessageId &&
        report.providerMessageId &&
        row.providerMessageId !== report.providerMessageId;
      if (row && !earlierAttempt) await applyStatusReport(app.db, id, report);
    }
    return reply.code(204).send();
  });
}
