import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carrierRegistrationResponse } from '../../shared/responses/carrier';
import { carrierRegistrationQuerySchema } from '../validation/consent';
import { carrierRegistration } from '../services/carrier-registration';

/**
 * Help > Carrier registration (issue 26). Any signed-in user may read it, hosts as admins: it says
 * nothing that the programs, products and Help pages, which they all read, do not say already.
 */
export const carrierRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/carrier-registration',
    {
      schema: {
        summary: "What 10DLC and toll-free registration forms ask, from Tidings' own data",
        description:
          'The opt-in flow, the keywords and the replies Tidings sends; with programId, also the program description, its message frequency and 2 to 5 sample messages as sent.',
        tags: ['Consent and replies'],
        querystring: carrierRegistrationQuerySchema,
        response: { 200: carrierRegistrationResponse },
      },
    },
    async (request) =>
      carrierRegistration(
        app.db,
        {
          publicUrl: app.config.publicUrl,
          shortLinkBase: app.config.messageSettings.shortLinkBase,
          helpContact: app.config.smsHelpContact,
        },
        request.query.programId,
      ),
  );
};
