import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successSchema } from '../../shared/responses/common';
import { verifyEmailResponse } from '../../shared/responses/users';
import { forgotPasswordSchema } from '../../shared/validation/forgot-password';
import { setPasswordSchema } from '../../shared/validation/set-password';
import { throttleAccountRoute } from '../auth/account-throttle';
import { hashToken } from '../auth/tokens';
import { forgotPassword, setPassword, verifyEmail } from '../services/account';

const tags = ['Account'];

/**
 * The routes behind the email links, used without signing in: verify an email, set a password,
 * ask for a reset link. Each is rate-limited per client address and per target. The logger masks
 * the token in `/verify-email/…` paths; the other two carry theirs in the body, which is never
 * logged.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts/verify-email/:token',
    {
      config: { public: true },
      schema: {
        summary: "Verify a contact's email from the welcome email's link",
        tags,
        // Any text: a token that names nothing is answered by the service.
        params: z.object({ token: z.string() }),
        response: { 200: verifyEmailResponse },
      },
    },
    async (request) => {
      const { token } = request.params;
      // The token's hash names the target: the limit's key is stored, and a token must never be.
      await throttleAccountRoute(app.db, 'verifyEmail', hashToken(token), request.ip);
      return verifyEmail(app.db, token);
    },
  );

  app.post(
    '/contacts/set-password',
    {
      config: { public: true },
      schema: {
        summary: 'Set a password with the token of a verification or reset link',
        tags,
        body: setPasswordSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await throttleAccountRoute(app.db, 'setPassword', request.body.userId, request.ip);
      return setPassword(app.db, request.body);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true },
      schema: {
        summary:
          'Email a password reset link (the same answer whether or not the address is known)',
        tags,
        body: forgotPasswordSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await throttleAccountRoute(app.db, 'forgotPassword', email, request.ip);
      return forgotPassword(app.db, email);
    },
  );
};
