import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsResponse } from '../../shared/responses/figures';
import { analyticsQuerySchema } from '../../shared/validation/analytics';
import { analytics } from '../services/analytics';

/**
 * The Analytics screen's one request: the figures of a range of Los Angeles days, for everything
 * or for one program. Any signed-in staff user may read them; nothing in them is an admin's alone.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics',
    {
      schema: {
        summary: 'Delivery, consent and reply figures over a range of days',
        tags: ['Figures'],
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponse },
      },
    },
    async (request) => analytics(app.db, request.query),
  );
};
