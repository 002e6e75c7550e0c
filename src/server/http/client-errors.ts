import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../shared/responses/common';
import { serverTexts } from '../texts';
import { isShortLinkPath, sendUnknownLink } from './short-links';

/**
 * Requests that never reach a route still get the API's error shape, `{error}`, instead of
 * Fastify's own `{error, message, statusCode}` (which echoes the URL back).
 */

/**
 * A path segment that is not valid percent-encoded UTF-8 (`/api/pods/%ED%A0%80`). Under /l/ it is
 * a damaged message link, which gets the link's own page.
 */
export function frameworkErrors(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isShortLinkPath(request.url)) {
    void sendUnknownLink(reply);
    return;
  }
  const body: ApiErrorBody = { error: serverTexts.server.invalidUrl };
  void reply.code(400).send(body);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them: a URL or headers past Node's
 * limit (16 KB), or bytes that are not HTTP. The connection is closed after the answer, since
 * what follows on it cannot be trusted to start a new request.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    error: tooLarge ? serverTexts.server.headersTooLarge : serverTexts.server.badRequest,
  } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
