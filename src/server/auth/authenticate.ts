import type { FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import { serverTexts } from '../texts';
import { unauthorized } from '../http/errors';
import { findSession } from './sessions';

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * onRequest hook for /api: every route needs a live session unless its config says `public`.
 * Unknown routes fall through to the 404 handler without a token check, so a client learns a path
 * is wrong rather than that it is unauthorised.
 */
export async function authenticate(request: FastifyRequest) {
  if (request.is404 || request.routeOptions.config.public) return;
  const token = bearerToken(request);
  if (!token) throw unauthorized(serverTexts.auth.tokenRequired);
  const found = await findSession(request.server.db, token);
  if (!found) throw unauthorized(messages.auth.sessionInvalid);
  request.user = found.user;
  request.session = found.session;
}
