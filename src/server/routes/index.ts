import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate';
import { apiDocs } from '../http/api-docs';
import { refuseNonText } from '../http/text-guard';
import { serializerCompiler, validatorCompiler } from '../http/validate';
import { accountRoutes } from './account';
import { analyticsRoutes } from './analytics';
import { apiKeyRoutes } from './api-keys';
import { authRoutes } from './auth';
import { carrierRegistrationRoutes } from './carrier-registration';
import { consentRoutes } from './consent';
import { contactImportRoutes } from './contact-imports';
import { contactRoutes } from './contacts';
import { dashboardRoutes } from './dashboard';
import { healthRoutes } from './health';
import { inboxRoutes } from './inbox';
import { podRoutes } from './pods';
import { mediaRoutes } from './media';
import { messageRoutes } from './messages';
import { productRoutes } from './products';
import { profileRoutes } from './profile';
import { programRoutes } from './programs';
import { replyRoutes } from './replies';
import { simulationRoutes } from './simulation';
import { twilioWebhookRoutes } from './twilio-webhook';
import { webhookRoutes } from './webhooks';

/**
 * Everything under /api. Each route needs a signed-in user unless its config says `public`, and
 * declares its params, query, body and answers as zod schemas (see http/validate.ts).
 */
export async function apiRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', authenticate);
  // After the body is parsed and before any handler: no text that is not text reaches a route.
  app.addHook('preValidation', refuseNonText);
  // API answers are per user and change often: never cache them anywhere.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // First: it documents the routes registered after it.
  await apiDocs(app);
  await app.register(healthRoutes);
  await app.register(simulationRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(mediaRoutes);
  await app.register(productRoutes);
  // Before the contacts: /contacts/imports is no contact id.
  await app.register(contactImportRoutes);
  await app.register(contactRoutes);
  await app.register(consentRoutes);
  await app.register(carrierRegistrationRoutes);
  await app.register(podRoutes);
  await app.register(programRoutes);
  await app.register(messageRoutes);
  await app.register(twilioWebhookRoutes);
  await app.register(replyRoutes);
  await app.register(inboxRoutes);
  await app.register(analyticsRoutes);
  await app.register(dashboardRoutes);
}
