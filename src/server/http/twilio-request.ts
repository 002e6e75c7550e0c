import type { FastifyInstance, FastifyRequest } from 'fastify';
// Twilio's signature check alone: the whole package takes nearly half a second to load.
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { serverTexts } from '../texts';
import { forbidden, notFound } from './errors';

/**
 * What Twilio's webhooks (status callbacks, incoming messages) have in common: a form body, and a
 * signature that proves Twilio sent it.
 */

export type TwilioForm = Record<string, string | string[]>;

/** An `application/x-www-form-urlencoded` body as Twilio posts it: repeated keys become lists. */
export function parseTwilioForm(text: string): TwilioForm {
  const form: TwilioForm = Object.create(null) as TwilioForm;
  for (const [key, value] of new URLSearchParams(text)) {
    const had = form[key];
    form[key] = had === undefined ? value : [...[had].flat(), value];
  }
  return form;
}

/**
 * Lets the routes of `app` (a plugin of Twilio's webhooks) take form bodies. This plugin's routes
 * only, within the server's body limit (the default of a content-type parser).
 */
export function acceptTwilioForms(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseTwilioForm(body as string)),
  );
}

/** A field's one value, trimmed; undefined when absent, empty, or sent more than once. */
export const formField = (form: TwilioForm, name: string): string | undefined => {
  const value = form[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

const isForm = (body: unknown): body is TwilioForm =>
  typeof body === 'object' &&
  body !== null &&
  Object.values(body).every(
    (value) =>
      typeof value === 'string' ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string')),
  );

/** The request's form, or an empty one for any other body (which no signature then covers). */
const formOf = (request: FastifyRequest): TwilioForm => (isForm(request.body) ? request.body : {});

/**
 * Whether Twilio signed this request: the signature covers the URL Twilio called (PUBLIC_URL and
 * the path with its query, as the webhook URLs given to Twilio are built) and every form field.
 */
function signedByTwilio(request: FastifyRequest, authToken: string, form: TwilioForm) {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || !signature) return false;
  try {
    return validateRequest(
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

/**
 * The form of a Twilio webhook, once Twilio's signature over it is checked: 404 unless the
 * provider is Twilio, 403 (and a warning naming `what` was refused) unless Twilio signed it.
 */
export function signedTwilioForm(request: FastifyRequest, what: string): TwilioForm {
  const { twilio: settings, smsProvider } = request.server.config;
  if (smsProvider !== 'twilio' || !settings) throw notFound();
  const form = formOf(request);
  if (!signedByTwilio(request, settings.authToken, form)) {
    request.log.warn(`${what} refused: its signature does not validate`);
    throw forbidden(serverTexts.delivery.api.invalidSignature);
  }
  return form;
}
