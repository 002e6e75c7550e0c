import path from 'node:path';
import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../shared/email';
import { LIMITS } from '../shared/constants';

/**
 * Server configuration, read from the environment once at start and validated here, so a bad
 * value stops the server with one line that names the variable instead of failing later.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A whole number in [min, max], with one message for every way of missing it. */
const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const envSchema = z.object({
  PORT: optional(wholeNumber(0, 65535)),
  HOST: optional(z.string().regex(/^[\w.:-]+$/, { error: 'must be a host name or IP address' })),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.string().refine(isPostgresUrl, {
      error:
        'must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
    }),
  ),
  PUBLIC_URL: optional(
    z.string().refine(isHttpUrl, { error: 'must be an http:// or https:// URL' }),
  ),
  ADMIN_EMAIL: optional(
    z.string().refine((value) => isValidEmail(normalizeEmail(value)), {
      error: 'must be an email address of the form name@example.org',
    }),
  ),
  ADMIN_PASSWORD: optional(
    z.string().min(LIMITS.passwordMin, {
      error: `must be at least ${LIMITS.passwordMin} characters long`,
    }),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  TRUST_PROXY: optional(
    z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true'),
  ),
  DB_POOL_SIZE: optional(wholeNumber(1, 100)),
  SMTP_URL: optional(
    z.string().refine(isSmtpUrl, {
      error:
        'must be an smtp:// or smtps:// URL with a host, such as smtp://user:password@mail.example.org:587',
    }),
  ),
  MAIL_FROM: optional(
    z.string().refine(isMailFrom, {
      error: 'must be an email address, alone or as Name <name@example.org>',
    }),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /** Base of the links Tidings sends (email verification, media for MMS). No trailing slash. */
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Behind a reverse proxy, take the client address from X-Forwarded-For (for rate limits). */
  trustProxy: boolean;
  /** Where the built console lives (`npm run build`). */
  consoleDir: string;
  /** Uploaded media files: DATA_DIR/media. */
  mediaDir: string;
  /** Absent: emails are not sent but logged, so Tidings works end to end on one machine. */
  smtpUrl: string | undefined;
  /** The From of every email Tidings sends. */
  mailFrom: string;
}

export const DEFAULT_MAIL_FROM = 'Tidings <tidings@localhost>';

export class ConfigError extends Error {}

function isPostgresUrl(value: string): boolean {
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** smtp:// (STARTTLS when offered) or smtps:// (TLS from the first byte), naming a host. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return ['smtp:', 'smtps:'].includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * `name@domain` or `Name <name@domain>`. Looser than the spec's contact address rule on purpose:
 * the default sender `tidings@localhost` has no dot in its domain, and mail servers accept it.
 */
const MAIL_FROM_PATTERN = /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function isMailFrom(value: string): boolean {
  return MAIL_FROM_PATTERN.test(value.trim());
}

/** Values that may hold credentials are not echoed back in error messages. */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'ADMIN_PASSWORD', 'SMTP_URL']);

export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const got = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(env[name])})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${got}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const dataDir = path.resolve(cwd, e.DATA_DIR ?? 'data');
  return {
    port,
    host: e.HOST ?? 'localhost',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE ?? 10,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    adminEmail: e.ADMIN_EMAIL === undefined ? undefined : normalizeEmail(e.ADMIN_EMAIL),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    consoleDir: path.resolve(import.meta.dirname, '../../dist/console'),
    mediaDir: path.join(dataDir, 'media'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM?.trim() ?? DEFAULT_MAIL_FROM,
  };
}

/** A URL (database, mail server) with its password replaced, safe to print. */
export function redactUrlPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export const redactDatabaseUrl = redactUrlPassword;
