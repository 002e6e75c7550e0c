import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidationDetail } from '../../shared/responses/common';
import { serverTexts } from '../texts';
import { errorBody } from './error-body';

/**
 * An error whose message is meant for the client. Anything else that reaches the error handler is
 * logged and answered with a bare 500, so no internal detail leaks into a response.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ValidationDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ValidationDetail[]) =>
  new ApiError(400, message, details);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string = serverTexts.server.notFound) =>
  new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const payloadTooLarge = (message: string) => new ApiError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** Fastify's own client errors, with texts a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: serverTexts.server.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: serverTexts.server.emptyJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: serverTexts.server.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: serverTexts.server.unsupportedMediaType },
};

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(errorBody(error.message, error.details));
  }
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) {
    return reply.code(known.status).send(errorBody(known.message));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(error.message));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: serverTexts.server.internal });
}
