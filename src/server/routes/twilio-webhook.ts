import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { twilioStatusForm, twilioStatusQuery } from '../validation/twilio';
import { outboundMessages } from '../db/schema';
import type { StatusReport } from '../delivery/provider';
import { applyStatusReport } from '../delivery/status';
import { twilioErrorText } from '../delivery/twilio-error-texts';
import { statusOfTwilio } from '../delivery/twilio-provider';
import { readByHandler } from '../http/openapi-schemas';
import {
  acceptTwilioForms,
  formField as field,
  signedTwilioForm,
  type TwilioForm,
} from '../http/twilio-request';

/** The report a status callback makes, or null when it is one with nothing to record (queued). */
function reportOf(form: TwilioForm): StatusReport | null {
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
export const twilioWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptTwilioForms(app);

  app.post(
    '/webhooks/twilio/status',
    {
      config: { public: true },
      schema: {
        summary: "Twilio's status callback for one outbound message (signed by Twilio)",
        tags: ['Twilio webhooks'],
        consumes: ['application/x-www-form-urlencoded'],
        querystring: twilioStatusQuery,
        body: readByHandler(twilioStatusForm),
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const form = signedTwilioForm(request, 'Twilio status callback');
      const id = request.query.message;
      const report = reportOf(form);
      if (id && report) {
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
    },
  );
};
