import type { FastifyRequest } from 'fastify';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { serverTexts } from '../texts';
import { forbidden, tooManyRequests, unauthorized } from '../http/errors';
import { findApiKey, looksLikeApiKey, type KeyRefusal } from './api-keys';
import { countAttempt } from './rate-limit';
import { addressKey, addressLimit } from './login-throttle';
import { findSession, type SessionRow } from './sessions';

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

const t = messages.apiKeys;

const REFUSALS: Record<KeyRefusal, string> = {
  revoked: t.keyRevoked,
  expired: t.keyExpired,
  creatorBarred: t.creatorBarred,
};

/**
 * onRequest hook for /api: every route needs a live session or a working API key unless its
 * config says `public`; a route whose config says `sessionOnly` (the user's own account and
 * sessions, API keys themselves) takes a session only. Unknown routes fall through to the 404
 * handler without a token check, so a client learns a path is wrong rather than that it is
 * unauthorised.
 */
export async function authenticate(request: FastifyRequest) {
  if (request.is404 || request.routeOptions.config.public) return;
  const token = bearerToken(request);
  if (!token) throw unauthorized(serverTexts.auth.tokenRequired);
  if (looksLikeApiKey(token)) {
    await authenticateApiKey(request, token);
    return;
  }
  const found = await findSession(request.server.db, token);
  if (!found) throw unauthorized(messages.auth.sessionInvalid);
  request.user = found.user;
  request.session = found.session;
}

/**
 * An API key: it acts as its creator, within its role (auth/api-keys.ts), and within its requests
 * a minute. A key no key has is a guess: it counts as a failure of the caller's address, as a
 * wrong sign-in does, and past the address's limit the answer is 429. A real key that was revoked
 * or expired is 401 with the reason, and counts nothing: a forgotten script must not lock its
 * office out of signing in.
 */
async function authenticateApiKey(request: FastifyRequest, secret: string) {
  const { db, apiKeyRequests } = request.server;
  const found = await findApiKey(db, secret, request.ip);
  if (found === null) {
    const counted = await countAttempt(db, [{ key: addressKey(request.ip), limit: addressLimit }]);
    if ('retryAfter' in counted) {
      const minutes = Math.ceil(counted.retryAfter / 60);
      throw tooManyRequests(formatMessage(t.tooManyFailures, { minutes }), counted.retryAfter);
    }
    throw unauthorized(t.unknown);
  }
  if ('refusal' in found) throw unauthorized(REFUSALS[found.refusal]);
  if (request.routeOptions.config.sessionOnly) throw forbidden(t.sessionOnly);
  const wait = apiKeyRequests.take(found.key.id);
  if (wait > 0) {
    throw tooManyRequests(
      formatMessage(t.tooManyRequests, { max: apiKeyRequests.perMinute, seconds: wait }),
      wait,
    );
  }
  request.user = found.user;
  request.apiKey = found.key;
}

/** The request's console session: a `sessionOnly` route always has one (see authenticate). */
export function sessionOf(request: FastifyRequest): SessionRow {
  if (!request.session) throw forbidden(t.sessionOnly);
  return request.session;
}
