import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse } from '../../shared/responses/figures';
import { engineClock } from '../delivery/engine';
import { dashboard } from '../services/dashboard';

/**
 * GET /api/dashboard: today's figures, the running programs and the latest failures, for any
 * signed-in staff user. It takes no input. "Now" is the delivery engine's clock (the real one
 * except in tests that move it), so the figures agree with what the engine finds due.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        summary: "Today's figures, the running programs and the latest failures",
        tags: ['Figures'],
        response: { 200: dashboardResponse },
      },
    },
    async () => dashboard(app.db, engineClock(app.config)()),
  );
};
