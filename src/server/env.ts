import { API_KEY_POLICY } from '../shared/api-keys';
import path from 'node:path';
import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../shared/email';
import { LIMITS } from '../shared/constants';
import {
  DEFAULT_PERSONAL_FIELD_LENGTH,
  defaultShortLinkBase,
  type MessageSettings,
} from '../shared/message-settings';
import {
  DELIVERY_DEFAULTS,
  OPTIN_LIMITS,
  SMS_ALLOWED_COUNTRIES_DEFAULT,
  SMS_PROVIDERS,
  type SmsProviderName,
} from '../shared/delivery';
import { PASSWORD_COST_DEFAULT } from './auth/passwords';
import { RETENTION_DAYS, type RetentionDays } from './retention/days';
import { PHONE_COUNTRIES } from './delivery/destination';
import { WHOLE_LIST } from './http/whole-list';
import { projectPath } from './project-root';

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

/**
 * The most rows of an import one transaction may write. Larger batches gain little speed, and a
 * batch holds its locks (on the embedded database, its one connection) until it commits.
 */
export const IMPORT_BATCH_SIZE_MAX = 2000;

/** The most hourly backups kept: more than a year of them. */
export const BACKUP_KEEP_MAX = 10_000;

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
  SHORT_LINK_BASE: optional(
    z.string().refine((value) => isHttpUrl(value) && !/[?#]/.test(value), {
      error: 'must be an http:// or https:// URL without a query, e.g. https://tid.gs/l',
    }),
  ),
  PERSONAL_FIELD_LENGTH: optional(wholeNumber(1, 40)),
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
  SMS_HELP_CONTACT: optional(
    z
      .string()
      .transform((value) => value.trim())
      .refine(isHelpContact, {
        error:
          'must be an email address, a phone number in E.164 form (+14155550123) or an http(s) URL',
      }),
  ),
  SMS_PROVIDER: optional(
    z.enum(SMS_PROVIDERS, { error: `must be one of ${SMS_PROVIDERS.join(', ')}` }),
  ),
  SMS_MPS: optional(wholeNumber(0, 10_000)),
  DELIVERY_CUTOFF: optional(
    z.string().transform((value, context) => {
      const ms = parseDuration(value);
      if (ms === null || ms < 60_000 || ms > 7 * 86_400_000) {
        context.addIssue({
          code: 'custom',
          message: 'must be a duration from 1m to 7d, such as 4h, 90m or 1d',
        });
        return z.NEVER;
      }
      return ms;
    }),
  ),
  DISPATCHER: optional(z.enum(['on', 'off'], { error: 'must be on or off' })),
  SMS_ALLOWED_COUNTRIES: optional(
    z.string().transform((value, context) => {
      const codes = [...new Set(value.split(',').map((code) => code.trim().toUpperCase()))];
      if (!codes.every((code) => PHONE_COUNTRIES.has(code))) {
        context.addIssue({
          code: 'custom',
          message: 'must be two-letter country codes separated by commas, such as US,CA',
        });
        return z.NEVER;
      }
      return codes;
    }),
  ),
  OPTIN_HOURLY_LIMIT: optional(wholeNumber(1, 100_000)),
  WHOLE_LIST_MAX: optional(wholeNumber(100, 1_000_000)),
  API_KEY_REQUESTS_PER_MINUTE: optional(wholeNumber(1, 1_000_000)),
  WEBHOOK_ALLOW_LOOPBACK: optional(
    z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true'),
  ),
  IMPORT_LEASE_SECONDS: optional(wholeNumber(2, 3600)),
  IMPORT_BATCH_SIZE: optional(wholeNumber(1, IMPORT_BATCH_SIZE_MAX)),
  BACKUP_DIR: optional(z.string()),
  BACKUP_KEEP: optional(wholeNumber(0, BACKUP_KEEP_MAX)),
  MESSAGE_RETENTION_DAYS: optional(wholeNumber(RETENTION_DAYS.min, RETENTION_DAYS.max)),
  EVENT_RETENTION_DAYS: optional(wholeNumber(RETENTION_DAYS.min, RETENTION_DAYS.max)),
  INBOUND_RETENTION_DAYS: optional(wholeNumber(RETENTION_DAYS.min, RETENTION_DAYS.max)),
  TWILIO_ACCOUNT_SID: optional(
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, {
      error: 'must be an account SID (AC followed by 32 hex digits)',
    }),
  ),
  TWILIO_AUTH_TOKEN: optional(z.string().min(1)),
  TWILIO_MESSAGING_SERVICE_SID: optional(
    z.string().regex(/^MG[0-9a-fA-F]{32}$/, {
      error: 'must be a messaging service SID (MG followed by 32 hex digits)',
    }),
  ),
  TWILIO_FROM: optional(
    z.string().regex(/^\+[1-9]\d{6,14}$/, {
      error: 'must be a phone number in E.164 form, such as +14155550123',
    }),
  ),
  TIDINGS_TEST_CLOCK_OFFSET_MS: optional(wholeNumber(-7 * 86_400_000, 7 * 86_400_000)),
  TIDINGS_TEST_PASSWORD_COST: optional(wholeNumber(10, PASSWORD_COST_DEFAULT)),
  NODE_ENV: optional(z.string()),
  TWILIO_API_URL: optional(
    z.string().refine(isHttpUrl, { error: 'must be an http:// or https:// URL' }),
  ),
});

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** One of the two: a messaging service (preferred: it pools numbers) or one sending number. */
  messagingServiceSid: string | undefined;
  from: string | undefined;
  /** A Twilio-compatible endpoint instead of https://api.twilio.com (tests, other vendors). */
  apiUrl: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /** Base of the links Tidings sends (email verification, media for MMS). No trailing slash. */
  publicUrl: string;
  /**
   * How a program message is sent and counted: SHORT_LINK_BASE (PUBLIC_URL/l unless set) and
   * PERSONAL_FIELD_LENGTH.
   */
  messageSettings: MessageSettings;
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
  /** Where the HELP reply sends participants with questions: an address, a phone or a URL. */
  smsHelpContact: string;
  /** `log` records each message instead of sending it; `twilio` sends through Twilio. */
  smsProvider: SmsProviderName;
  /** Present when smsProvider is `twilio`. */
  twilio: TwilioConfig | undefined;
  /** Segments per second per sender across all dispatchers; 0: unlimited. */
  smsMps: number;
  /** A message that cannot go out this long after its time is expired, never sent late. */
  deliveryCutoffMs: number;
  /** The countries (ISO codes) whose numbers Tidings texts; any other number is refused. */
  smsAllowedCountries: string[];
  /** Opt-in requests each staff member may queue in any hour (forms and imports together). */
  optinHourlyLimit: number;
  /** The most rows a list sends whole (without `page`); a longer one is refused, paging named. */
  wholeListMax: number;
  /** Requests an API key may make in a minute, per server process (auth/api-key-requests.ts). */
  apiKeyRequestsPerMinute: number;
  /**
   * Whether webhooks may go to http:// URLs and loopback addresses (development and tests); never
   * to other private addresses.
   */
  webhookAllowLoopback: boolean;
  /** Whether this server process runs a dispatcher (DISPATCHER=off leaves it to `npm run worker`). */
  dispatcher: boolean;
  /**
   * How long a contact import's runner may go without a sign of life before another server
   * process takes the import over (PostgreSQL; on the embedded database a restart takes it at once).
   */
  importLeaseMs: number;
  /** Rows of a contact import written per transaction. */
  importBatchSize: number;
  /** Where backups of the embedded database go (`npm run backup`, the hourly ones). */
  backupDir: string;
  /** Hourly backups of the embedded database kept, the newest; 0 writes none. */
  backupKeep: number;
  /** How many days the outbox, its events and inbound texts are kept (docs/retention.md). */
  retention: RetentionDays;
  /**
   * Moves the delivery engine's clock (tests only, NODE_ENV=test): a browser test can then watch a
   * day go out at a chosen local time, whatever the hour it runs at. 0 everywhere else.
   */
  engineClockOffsetMs: number;
  /**
   * log2 of scrypt's N for new password hashes: 15, lowered for tests only (NODE_ENV=test), where
   * the full cost on every sign-in would take minutes of a run.
   */
  passwordCost: number;
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

/** The address alone of a MAIL_FROM (`Name <name@domain>` or `name@domain`). */
const mailFromAddress = (from: string): string => /<([^<>]+)>/.exec(from)?.[1] ?? from.trim();

/** SMS_HELP_CONTACT: what a participant can reach from a phone's text: mail, call, or open. */
function isHelpContact(value: string): boolean {
  return isValidEmail(value) || /^\+[1-9]\d{6,14}$/.test(value) || isHttpUrl(value);
}

/** `4h`, `90m`, `30s`, `1d` (or a bare number of seconds) in milliseconds; null when it is none. */
export function parseDuration(value: string): number | null {
  const match = /^\s*(\d{1,7})\s*([smhd]?)\s*$/.exec(value);
  if (!match) return null;
  const unit = { '': 1_000, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2]!]!;
  return Number(match[1]) * unit;
}

/** Values that may hold credentials are not echoed back in error messages. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'TWILIO_AUTH_TOKEN',
]);

type TestOnlyVariable = 'TIDINGS_TEST_CLOCK_OFFSET_MS' | 'TIDINGS_TEST_PASSWORD_COST';

/** A variable that only tests may set: anywhere else (NODE_ENV not `test`) it stops the server. */
function testOnly(e: z.infer<typeof envSchema>, name: TestOnlyVariable): number | undefined {
  const value = e[name];
  if (value === undefined) return undefined;
  if (e.NODE_ENV !== 'test') {
    throw new ConfigError(`Invalid configuration: ${name} is for tests only (NODE_ENV=test)`);
  }
  return value;
}

/** The Twilio settings when the provider is `twilio`; a missing one stops the server, named. */
function twilioConfig(e: z.infer<typeof envSchema>): TwilioConfig | undefined {
  if ((e.SMS_PROVIDER ?? 'log') !== 'twilio') return undefined;
  const missing = !e.TWILIO_ACCOUNT_SID
    ? 'TWILIO_ACCOUNT_SID'
    : !e.TWILIO_AUTH_TOKEN
      ? 'TWILIO_AUTH_TOKEN'
      : !e.TWILIO_MESSAGING_SERVICE_SID && !e.TWILIO_FROM
        ? 'TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM'
        : null;
  if (missing) {
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set when SMS_PROVIDER is twilio`,
    );
  }
  return {
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
    from: e.TWILIO_MESSAGING_SERVICE_SID ? undefined : e.TWILIO_FROM,
    apiUrl: e.TWILIO_API_URL?.replace(/\/+$/, ''),
  };
}

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
  const mailFrom = e.MAIL_FROM?.trim() ?? DEFAULT_MAIL_FROM;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: e.HOST ?? 'localhost',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE ?? 10,
    publicUrl,
    messageSettings: {
      shortLinkBase: (e.SHORT_LINK_BASE ?? defaultShortLinkBase(publicUrl)).replace(/\/+$/, ''),
      personalFieldLength: e.PERSONAL_FIELD_LENGTH ?? DEFAULT_PERSONAL_FIELD_LENGTH,
    },
    adminEmail: e.ADMIN_EMAIL === undefined ? undefined : normalizeEmail(e.ADMIN_EMAIL),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    consoleDir: projectPath('dist/console'),
    mediaDir: path.join(dataDir, 'media'),
    smtpUrl: e.SMTP_URL,
    mailFrom,
    smsHelpContact: e.SMS_HELP_CONTACT ?? mailFromAddress(mailFrom),
    smsProvider: e.SMS_PROVIDER ?? 'log',
    twilio: twilioConfig(e),
    smsMps: e.SMS_MPS ?? DELIVERY_DEFAULTS.messagesPerSecond,
    deliveryCutoffMs: e.DELIVERY_CUTOFF ?? DELIVERY_DEFAULTS.cutoffMs,
    smsAllowedCountries: e.SMS_ALLOWED_COUNTRIES ?? [...SMS_ALLOWED_COUNTRIES_DEFAULT],
    optinHourlyLimit: e.OPTIN_HOURLY_LIMIT ?? OPTIN_LIMITS.perHourDefault,
    wholeListMax: e.WHOLE_LIST_MAX ?? WHOLE_LIST.maxDefault,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE ?? API_KEY_POLICY.requestsPerMinute,
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK ?? false,
    dispatcher: (e.DISPATCHER ?? 'on') === 'on',
    importLeaseMs: (e.IMPORT_LEASE_SECONDS ?? 30) * 1000,
    importBatchSize: e.IMPORT_BATCH_SIZE ?? 500,
    backupDir: e.BACKUP_DIR ? path.resolve(cwd, e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupKeep: e.BACKUP_KEEP ?? 24,
    retention: {
      messages: e.MESSAGE_RETENTION_DAYS ?? RETENTION_DAYS.default,
      events: e.EVENT_RETENTION_DAYS ?? RETENTION_DAYS.default,
      inbound: e.INBOUND_RETENTION_DAYS ?? RETENTION_DAYS.default,
    },
    engineClockOffsetMs: testOnly(e, 'TIDINGS_TEST_CLOCK_OFFSET_MS') ?? 0,
    passwordCost: testOnly(e, 'TIDINGS_TEST_PASSWORD_COST') ?? PASSWORD_COST_DEFAULT,
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
