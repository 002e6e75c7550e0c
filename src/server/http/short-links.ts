import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createClickRecorder } from '../links/clicks';
import { isShortCodeShape } from '../links/codes';
import { UNAVAILABLE_LINK_PAGE, UNKNOWN_LINK_PAGE } from '../links/pages';

/** Where short links are served: `SHORT_LINK_BASE` is `PUBLIC_URL` + this unless set otherwise. */
export const SHORT_LINK_PREFIX = '/l/';

/** Whether a request's path is under /l/, whatever follows (a code or anything else). */
export const isShortLinkPath = (url: string) => url.startsWith(SHORT_LINK_PREFIX);

/**
 * Every answer under /l/ is read again on every open: a cached redirect would hide the click,
 * and a cached 503 would outlast the outage. No referrer goes from here to the link's target
 * (it would carry the code, which names a participant).
 */
function linkAnswer(reply: FastifyReply, status: number) {
  return reply.code(status).headers({
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
}

/**
 * The URL as a Location header may carry it: a header holds no spaces, controls or characters
 * past ASCII (Node refuses them), so those alone are percent-encoded, as a browser would send them.
 */
const asHeader = (url: string) => url.replace(/[^\x21-\x7e]+/g, encodeURIComponent);

/** The plain page for a path under /l/ that names no link: never the API's JSON, never the console. */
export function sendUnknownLink(reply: FastifyReply) {
  return linkAnswer(reply, 404).type('text/html; charset=utf-8').send(UNKNOWN_LINK_PAGE);
}

/**
 * GET and HEAD /l/{code}: a message's tracked link. A known code redirects (302) to its URL
 * and records the request (links/clicks.ts); anything else gets a small page. No sign-in: the
 * participant's phone opens it. Paths under /l/ that this route does not match (more segments,
 * a code longer than the router reads, broken percent-encoding) get the same unknown-link page
 * from the not-found handler (http/console.ts) and the URL error handler (http/client-errors.ts).
 */
export async function shortLinkRoutes(app: FastifyInstance) {
  const recordClick = createClickRecorder(app.db);
  app.get(
    `${SHORT_LINK_PREFIX}:code`,
    async (request: FastifyRequest<{ Params: { code: string } }>, reply) => {
      const { code } = request.params;
      if (!isShortCodeShape(code)) return sendUnknownLink(reply);
      let url: string | null;
      try {
        url = await recordClick({
          code,
          // Fastify answers HEAD with this same handler and drops the body.
          method: request.method === 'HEAD' ? 'HEAD' : 'GET',
          userAgent: request.headers['user-agent'],
          at: new Date(),
        });
      } catch (error) {
        request.log.error({ err: error }, 'short link: the database could not be asked');
        return linkAnswer(reply, 503).type('text/html; charset=utf-8').send(UNAVAILABLE_LINK_PAGE);
      }
      if (url === null) return sendUnknownLink(reply);
      return linkAnswer(reply, 302).header('location', asHeader(url)).send();
    },
  );
}
