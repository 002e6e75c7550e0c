import type { FastifyInstance } from 'fastify';
import type { DashboardResponse } from '../../shared/dashboard';
import { engineClock } from '../delivery/engine';
import { dashboard } from '../services/dashboard';

/**
 * GET /api/dashboard: today's figures, the running programs and the latest failures, for any
 * signed-in staff user. It takes no input. "Now" is the delivery engine's clock (the real one
 * except in tests that move it), so the figures agree with what the engine finds due.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard', async (): Promise<DashboardResponse> => {
    return dashboard(app.db, engineClock(app.config)());
  });
}
