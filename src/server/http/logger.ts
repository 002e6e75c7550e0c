import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../env';
import { errorForLog } from './log-errors';

/**
 * Secrets never reach the log: the Authorization and Cookie headers are redacted, tokens in URLs
 * (email verification links) are masked, and a failed query is logged without the values it was
 * sent (see log-errors.ts). Bodies are not logged at all.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/verify-email\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

type PinoOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where log lines go instead of standard output, and from which level (tests capture them). */
export interface LogDestination {
  level?: PinoOptions['level'];
  stream: NonNullable<PinoOptions['stream']>;
}

/** The options of every logger the server makes, so each one redacts the same way. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  destination?: LogDestination,
): PinoOptions {
  return {
    level: destination?.level ?? config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      err: errorForLog,
    },
    // Readable lines in a terminal; JSON lines (for log collectors) everywhere else.
    ...(destination
      ? { stream: destination.stream }
      : process.stdout.isTTY
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
  };
}
