import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import type { LoginResponse, VerifyResponse } from '../../shared/types';
import { loginSchema } from '../../shared/validation/auth';
import { bearerToken } from '../auth/authenticate';
import { login } from '../auth/login';
import { findSession, revokeSession } from '../auth/sessions';
import { parseInput } from '../http/validate';
import { toApiUser } from '../services/users';

/** Sign-in, session check and sign-out (spec section 7). */
export async function authRoutes(app: FastifyInstance) {
  app.post('/auth/login', { config: { public: true } }, async (request): Promise<LoginResponse> => {
    const input = parseInput(loginSchema, request.body);
    return login(app.db, input, { ip: request.ip, userAgent: request.headers['user-agent'] });
  });

  // Public so that it can answer `{valid: false}` itself; the console clears its session on that.
  app.get(
    '/auth/verify',
    { config: { public: true } },
    async (request, reply): Promise<VerifyResponse> => {
      const token = bearerToken(request);
      const found = token ? await findSession(app.db, token) : null;
      if (!found) {
        reply.code(401);
        return {
          valid: false,
          error: token ? messages.auth.sessionInvalid : messages.auth.tokenRequired,
        };
      }
      return { valid: true, user: toApiUser(found.user) };
    },
  );

  app.post('/auth/logout', async (request) => {
    await revokeSession(app.db, request.session.id);
    return { success: true };
  });
}
