import type { FastifyReply } from 'fastify';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import { tooManyRequests } from './errors';

/**
 * Requests whose work grows with the data (a whole list, a CSV download): each user may have
 * `perUser` of them under way at once in a server process; one more is a 429 with Retry-After. So
 * one user, or one script, cannot keep the database busy for everyone else.
 */
export const HEAVY_REQUESTS = { perUser: 2, retryAfterSeconds: 5 } as const;

const underWay = new Map<string, number>();

/**
 * Counts a heavy request of the signed-in user until its answer is sent or its client goes away,
 * or refuses it with a 429 when the user already has HEAVY_REQUESTS.perUser under way.
 */
export function beginHeavyRequest(reply: FastifyReply): void {
  // A client gone already (its request waited in a queue) frees nothing later: its answer's
  // 'close' came before anyone listened. Nothing will be read for it, so it is not counted.
  if (reply.raw.destroyed) return;
  const userId = reply.request.user.id;
  const count = underWay.get(userId) ?? 0;
  if (count >= HEAVY_REQUESTS.perUser) {
    throw tooManyRequests(
      formatMessage(serverTexts.server.tooManyHeavy, { max: HEAVY_REQUESTS.perUser }),
      HEAVY_REQUESTS.retryAfterSeconds,
    );
  }
  underWay.set(userId, count + 1);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    const left = (underWay.get(userId) ?? 1) - 1;
    if (left > 0) underWay.set(userId, left);
    else underWay.delete(userId);
  };
  // 'close' comes when the answer is sent and when the client goes away first; 'finish' too.
  reply.raw.once('close', end);
  reply.raw.once('finish', end);
}
