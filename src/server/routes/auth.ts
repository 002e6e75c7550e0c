import { sessionOf } from '../auth/authenticate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { successSchema } from '../../shared/responses/common';
import { loginResponse, verifyResponse } from '../../shared/responses/users';
import { loginSchema } from '../../shared/validation/auth';
import { serverTexts } from '../texts';
import { bearerToken } from '../auth/authenticate';
import { login } from '../auth/login';
import { findSession, revokeSession } from '../auth/sessions';
import { toApiUser } from '../services/users';

const tags = ['Sign-in'];

/** Sign-in, session check and sign-out (spec section 7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in: the user and the bearer token of a new session',
        tags,
        body: loginSchema,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { user, token, setCookie } = await login(app.db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        cookieHeader: request.headers.cookie,
        secureCookie: app.config.publicUrl.startsWith('https:'),
      });
      reply.header('set-cookie', setCookie);
      return { user, token };
    },
  );

  // Public so that it can answer `{valid: false}` itself; the console clears its session on that.
  app.get(
    '/auth/verify',
    {
      config: { public: true },
      schema: {
        summary: 'Whether the bearer token names a live session, and its user',
        tags,
        response: { 200: verifyResponse, 401: verifyResponse },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      const found = token ? await findSession(app.db, token) : null;
      if (!found) {
        return reply.code(401).send({
          valid: false,
          error: token ? messages.auth.sessionInvalid : serverTexts.auth.tokenRequired,
        });
      }
      return { valid: true, user: toApiUser(found.user) };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { sessionOnly: true },
      schema: { summary: 'End this session', tags, response: { 200: successSchema } },
    },
    async (request) => {
      await revokeSession(app.db, sessionOf(request).id);
      return { success: true as const };
    },
  );
};
