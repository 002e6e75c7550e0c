import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../env';

/**
 * Secrets never reach the log: the Authorization and Cookie headers are redacted, and tokens in
 * URLs (email verification links) are masked. Bodies are not logged at all.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/verify-email\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
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
    },
    // Readable lines in a terminal; JSON lines (for log collectors) everywhere else.
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
