import type { FastifyInstance } from 'fastify';

/** Liveness and database reachability, for load balancers and uptime checks. No token needed. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { public: true } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
  });
}
