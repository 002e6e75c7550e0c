import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simulationResponse } from '../../shared/responses/common';
import { simulatedChannels } from '../simulation';

/**
 * Which channels are simulated, for the console's banner. No token needed: the sign-in and
 * forgot-password pages say it too. It tells the server's configuration, nothing of any account.
 */
export const simulationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/simulation',
    {
      config: { public: true },
      schema: {
        summary: 'Whether SMS (SMS_PROVIDER=log) and email (no SMTP_URL) are simulated',
        tags: ['Server'],
        response: { 200: simulationResponse },
      },
    },
    async () => simulatedChannels(app.config),
  );
};
