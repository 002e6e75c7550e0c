import type { FastifyInstance } from 'fastify';
import { setPasswordSchema } from '../../shared/validation/set-password';
import { forgotPasswordSchema } from '../../shared/validation/forgot-password';
import { throttleAccountRoute } from '../auth/account-throttle';
import { hashToken } from '../auth/tokens';
import { parseInput } from '../http/validate';
import { forgotPassword, setPassword, verifyEmail } from '../services/account';

/**
 * The routes behind the email links, used without signing in: verify an email, set a password,
 * ask for a reset link. Each is rate-limited per client address and per target. The logger masks
 * the token in `/verify-email/…` paths; the other two carry theirs in the body, which is never
 * logged.
 */
export async function accountRoutes(app: FastifyInstance) {
  app.get('/contacts/verify-email/:token', { config: { public: true } }, async (request) => {
    const { token } = request.params as { token: string };
    // The token's hash names the target: the limit's key is stored, and a token must never be.
    await throttleAccountRoute(app.db, 'verifyEmail', hashToken(token), request.ip);
    return verifyEmail(app.db, token);
  });

  app.post('/contacts/set-password', { config: { public: true } }, async (request) => {
    const input = parseInput(setPasswordSchema, request.body);
    await throttleAccountRoute(app.db, 'setPassword', input.userId, request.ip);
    return setPassword(app.db, input);
  });

  app.post('/auth/forgot-password', { config: { public: true } }, async (request) => {
    const { email } = parseInput(forgotPasswordSchema, request.body);
    await throttleAccountRoute(app.db, 'forgotPassword', email, request.ip);
    return forgotPassword(app.db, email);
  });
}
