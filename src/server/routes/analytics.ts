import type { FastifyInstance } from 'fastify';
import { analyticsQuerySchema } from '../../shared/validation/analytics';
import { parseInput } from '../http/validate';
import { analytics } from '../services/analytics';

/**
 * The Analytics screen's one request: the figures of a range of Los Angeles days, for everything
 * or for one program. Any signed-in staff user may read them; nothing in them is an admin's alone.
 */
export async function analyticsRoutes(app: FastifyInstance) {
  app.get('/analytics', async (request) =>
    analytics(app.db, parseInput(analyticsQuerySchema, request.query)),
  );
}
