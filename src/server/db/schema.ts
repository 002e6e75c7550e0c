/**
 * The database schema: one table per entity of spec section 3, plus what sign-in needs.
 *
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`) and committed in
 * ./migrations; the server applies them at start on PGlite and PostgreSQL alike.
 *
 * Enumerations are text columns with CHECK constraints rather than PostgreSQL enums: a new value is
 * then a one-line constraint change instead of an ALTER TYPE, and the lists come from src/shared.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  customType,
  smallint,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  CONTACT_STATUSES,
  DEFAULT_COUNTRY,
  DEFAULT_TIME_ZONE,
  LIMITS,
  MEDIA_TYPES,
  ENROLLMENTS,
  OFFERINGS,
  POD_MEMBER_STATUSES,
  POD_STATUSES,
  PRODUCT_STATUSES,
  ROLES,
  SEND_WINDOW,
  STAFF_ROLES,
  TIME_ZONES,
} from '../../shared/constants';
import {
  CONSENT_EVENTS,
  CONSENT_SOURCES,
  INBOUND_INTENTS,
  INBOUND_STATES,
  REVIEW_DECISIONS,
} from '../../shared/consent';
import {
  DUPLICATE_RULES,
  IMPORT_FORMATS,
  IMPORT_STATUSES,
  type ImportField,
  type ImportMapping,
} from '../../shared/contact-import';
import {
  FIRST_KINDS,
  MESSAGE_EVENT_SOURCES,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  type MessageStatus,
} from '../../shared/delivery';
import { SHORT_CODE_LENGTH } from '../../shared/message-settings';
import { WEBHOOK_DELIVERY_STATUSES } from '../../shared/webhooks';

/** `column IN ('a', 'b')` for a CHECK constraint; the values are our own constants, never input. */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

/**
 * Marks a row `npm run seed:demo` wrote, so that `npm run seed:demo -- --remove` deletes exactly
 * those rows and nothing else (demo/removal.ts). Nothing else ever sets it.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const demo = () => boolean('demo').notNull().default(false);

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/**
 * Stamped "now" by every Drizzle update() that does not set it (raw SQL is not stamped). Writes that
 * mean another instant set it themselves: the delivery engine's clock, the demo's past dates.
 */
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Contacts: participants, hosts and admins. Staff sign in with the same row. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased (see shared/email.ts); unique. */
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash`; null until a password is set. Participants never have one. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull(),
    status: text('status', { enum: CONTACT_STATUSES }).notNull().default('active'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** E.164, e.g. +14155550123. */
    phone: text('phone'),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    country: text('country').notNull().default(DEFAULT_COUNTRY),
    bio: text('bio').notNull().default(''),
    emailVerified: boolean('email_verified').notNull().default(false),
    smsVerified: boolean('sms_verified').notNull().default(false),
    /** Set when the contact opted out (STOP, or the provider's 21610); no message goes to them then. */
    smsOptedOutAt: timestamp('sms_opted_out_at', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** The sign-in before the last one: what Profile shows as 'last sign-in' to the user now signed in. */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true, mode: 'date' }),
    loginCount: integer('login_count').notNull().default(0),
    demo: demo(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // The contacts list sorts by full name; this keeps that sort off a full-table scan.
    index('users_full_name_idx').using('btree', sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    // The contacts list's default order (created_at, then id, either way): its first page is the
    // index's last 25 entries. On created_at alone, contacts created together (an import, a seed:
    // one transaction's now()) were all read and sorted by id to find the page.
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    // The contact search (services/contact-search.ts) is ILIKE '%text%' on these three: trigram
    // indexes (pg_trgm, migration 0029) find the rows holding the text's trigrams, and PostgreSQL
    // checks each against the ILIKE itself, so they change the search's speed, not its results.
    index('users_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    index('users_role_status_idx').on(t.role, t.status),
    index('users_phone_idx').on(t.phone),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_status_check', oneOf(t.status, CONTACT_STATUSES)),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    // Participants use SMS opt-in; they never verify an email or hold a password (spec section 6).
    check(
      'users_participant_no_login_check',
      sql`${t.role} <> 'participant' or (${t.passwordHash} is null and ${t.emailVerified} = false)`,
    ),
  ],
);

/**
 * How many contacts there are (every row of `users`): the sum of this table's rows (migration 0029).
 * Triggers on `users` add a row for each statement that inserts or deletes contacts (its
 * difference); `foldContactCount` (services/contact-count.ts) adds the rows into one. The contacts
 * list's total, without a filter, is this sum instead of counting a million rows, and is exact at
 * every commit: a statement's row is written in its transaction.
 */
export const contactCount = pgTable('contact_count', {
  contacts: integer('contacts').notNull(),
});

/** Uploaded media (images, GIFs, videos) attached to product messages and served for MMS. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Random name, served as /media/<name>; never derived from the client's name. (Before
     * migration 0025 it was also the file's name under DATA_DIR/media.)
     */
    storageName: text('storage_name').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    type: text('type', { enum: MEDIA_TYPES }).notNull(),
    size: integer('size').notNull(),
    durationMs: integer('duration_ms'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_storage_name_unique').on(t.storageName),
    check('media_type_check', oneOf(t.type, MEDIA_TYPES)),
    check('media_size_check', sql`${t.size} > 0`),
  ],
);

/**
 * The bytes of each uploaded file (at most LIMITS.videoBytes), in the database so that every server
 * on it can serve them; apart from `media`, so that reading a file's details never reads its bytes.
 */
export const mediaContents = pgTable('media_contents', {
  mediaId: uuid('media_id')
    .primaryKey()
    .references(() => media.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

/** A product: the message series a program sends over `days` days. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    days: integer('days').notNull(),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    demo: demo(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_created_at_idx').on(t.createdAt),
    index('products_status_idx').on(t.status),
    check('products_status_check', oneOf(t.status, PRODUCT_STATUSES)),
    check(
      'products_days_check',
      sql`${t.days} between ${sql.raw(String(LIMITS.daysMin))} and ${sql.raw(String(LIMITS.daysMax))}`,
    ),
  ],
);

/**
 * One message of a product: day 0 is the pre-message, 1..days the daily messages and days+1 the
 * conclusion. One row per (product, day).
 */
export const productMessages = pgTable(
  'product_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    text: text('text').notNull().default(''),
    /** [{url, label, tracked}]; `tracked` is absent from links saved before tracking existed. */
    links: jsonb('links')
      .$type<{ url: string; label: string; tracked?: boolean }[]>()
      .notNull()
      .default([]),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'restrict' }),
    fallbackUrl: text('fallback_url'),
    demo: demo(),
  },
  (t) => [
    uniqueIndex('product_messages_product_day_unique').on(t.productId, t.day),
    index('product_messages_media_idx').on(t.mediaId),
    check('product_messages_day_check', sql`${t.day} >= 0`),
  ],
);

/** A named group of contacts; programs send to the participants of their pods. */
export const pods = pgTable(
  'pods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The human id, e.g. POD-20260314-091500; unique. */
    podId: text('pod_id').notNull(),
    podName: text('pod_name').notNull(),
    status: text('status', { enum: POD_STATUSES }).notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    demo: demo(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pods_pod_id_unique').on(t.podId),
    index('pods_created_at_idx').on(t.createdAt),
    check('pods_status_check', oneOf(t.status, POD_STATUSES)),
  ],
);

/** Membership of a contact in a pod. Removal keeps the row (status removed) as history. */
export const podMembers = pgTable(
  'pod_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Pod members are always participants (spec section 6). */
    role: text('role', { enum: ['participant'] })
      .notNull()
      .default('participant'),
    status: text('status', { enum: POD_MEMBER_STATUSES }).notNull().default('active'),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    demo: demo(),
  },
  (t) => [
    uniqueIndex('pod_members_pod_user_unique').on(t.podId, t.userId),
    index('pod_members_user_idx').on(t.userId),
    check('pod_members_role_check', sql`${t.role} = 'participant'`),
    check('pod_members_status_check', oneOf(t.status, POD_MEMBER_STATUSES)),
  ],
);

/** A program: a product with an offering and a time zone, sent to the participants of its pods. */
export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programName: text('program_name').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    offering: text('offering', { enum: OFFERINGS }).notNull().default('Standard'),
    /** Required when the offering is Nuanced. */
    offeringType: text('offering_type'),
    timeZone: text('time_zone', { enum: TIME_ZONES }).notNull().default(DEFAULT_TIME_ZONE),
    /** The local date of day 0 (the pre-message) in the program's zone; null: not scheduled. */
    startDate: date('start_date', { mode: 'string' }),
    /** Local wall-clock time each day's message goes out, HH:MM, inside the send window. */
    sendTime: text('send_time').notNull().default(SEND_WINDOW.default),
    /** `cohort` (one calendar from the start date) or `rolling` (each participant's own). */
    enrollment: text('enrollment', { enum: ENROLLMENTS }).notNull().default('cohort'),
    /**
     * A rolling program's last day 0 (a local date): nobody is enrolled later, and the program ends
     * when the last one enrolled finishes. Null: enrollment stays open.
     */
    enrollmentEndsOn: date('enrollment_ends_on', { mode: 'string' }),
    /** Set while staff have paused the program. */
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    /** When staff last resumed it: the delivery engine plans only days from then on. */
    resumedAt: timestamp('resumed_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    demo: demo(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('programs_created_at_idx').on(t.createdAt),
    index('programs_start_date_idx').on(t.startDate),
    check(
      'programs_send_time_check',
      sql`${t.sendTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.sendTime} between ${sql.raw(`'${SEND_WINDOW.earliest}'`)} and ${sql.raw(`'${SEND_WINDOW.latest}'`)}`,
    ),
    index('programs_product_idx').on(t.productId),
    check('programs_offering_check', oneOf(t.offering, OFFERINGS)),
    check('programs_enrollment_check', oneOf(t.enrollment, ENROLLMENTS)),
    check('programs_time_zone_check', oneOf(t.timeZone, TIME_ZONES)),
    check(
      'programs_offering_type_check',
      sql`${t.offering} <> 'Nuanced' or coalesce(btrim(${t.offeringType}), '') <> ''`,
    ),
  ],
);

/** The pods a program sends to. */
export const programPods = pgTable(
  'program_pods',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    demo: demo(),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.podId] }),
    index('program_pods_pod_idx').on(t.podId),
  ],
);

/**
 * Who a rolling program has enrolled, and when their days fall: day d goes out on `start_date` + d
 * at the program's send time. A row is written when the planner first finds the contact a
 * recipient, and kept: leaving the program's pods or opting out ends the enrollment
 * (`ended_at`), and finding them a recipient again does not enroll them again.
 */
export const programEnrollments = pgTable(
  'program_enrollments',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When they became a recipient, as far as Tidings knows (delivery/enrollments.ts). */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The local date of their day 0 in the program's zone. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** When they stopped being a recipient (left every pod, opted out, deactivated). */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /**
     * Which run of the program they are on: 1, and one more each time staff restart them (their
     * day 0 again, `start_date` moved). Their outbox rows carry it, so a run's days are its own.
     */
    run: integer('run').notNull().default(1),
    demo: demo(),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.contactId] }),
    index('program_enrollments_start_idx').on(t.programId, t.startDate),
    index('program_enrollments_contact_idx').on(t.contactId),
  ],
);

/**
 * Console sessions. Only a SHA-256 of the bearer token is stored, so a copy of the database does
 * not hand out working tokens.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** The absolute end of the session, however active it is. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * API keys (issue 29): a script's or another system's bearer credential, acting as the admin who
 * created it with at most the key's role (auth/api-keys.ts). Only a SHA-256 of the secret is
 * stored; the secret is shown once, when the key is made.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The secret's first characters (`tid_` and a few more), so staff can tell keys apart. */
    secretStart: text('secret_start').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Null: the key works until it is revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: uuid('revoked_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Written at most once a minute (API_KEY_POLICY.touchEveryMs), like a session's. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_unique').on(t.secretHash),
    index('api_keys_created_at_idx').on(t.createdAt),
    check('api_keys_role_check', oneOf(t.role, STAFF_ROLES)),
  ],
);

export const ONE_TIME_TOKEN_PURPOSES = ['verify_email', 'set_password'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** Single-use, expiring tokens for email verification and password setup; stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link went to: it works only while the account still has that address. */
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_token_hash_unique').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
    check('one_time_tokens_purpose_check', oneOf(t.purpose, ONE_TIME_TOKEN_PURPOSES)),
  ],
);

/**
 * Counted attempts for every rate limit (auth/rate-limit.ts): failed sign-ins, keyed by account
 * (`account:<email>`) and by client address (`ip:<address>`), and requests to the account routes
 * (`<route>:target:<id>`, `<route>:ip:<address>`). Kept in the database so that several server
 * processes share one count.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_failed_at_idx').on(t.key, t.failedAt)],
);

/** Facts about this installation, such as whether the first admin was created. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Final statuses of messages that ended without reaching their phone. Analytics counts the ones
 * never handed over on the day they ended, and a partial index of the outbox holds exactly those
 * (queries must name this list for PostgreSQL to use it).
 */
export const ENDED_UNSENT_STATUSES = [
  'failed',
  'undelivered',
  'expired',
] as const satisfies readonly MessageStatus[];

/**
 * The outbox of everything Tidings sends by SMS/MMS: opt-in requests, program days, replies, test
 * messages. The delivery engine sends queued rows; a program's day for a contact can exist once
 * per run (a rolling participant restarted by staff gets the days again as a new run).
 * Kinds and statuses, and what each status means, are in shared/delivery.ts.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    /** Written by the hundred thousand: ids that follow the clock (db/ids.ts). */
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_v7()`),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    contactId: uuid('contact_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164, copied at queue time: a later phone change does not redirect a queued message. */
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /** Absolute URL of the MMS media (from PUBLIC_URL); null for a text-only message. */
    mediaUrl: text('media_url'),
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
    day: integer('day'),
    /**
     * A program day's run (program_enrollments.run): 1, but for a rolling participant staff
     * restarted, whose days are sent again as a new run beside the old run's rows.
     */
    run: integer('run').notNull().default(1),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    /** SMS segments of the body (shared/sms.ts): what pacing counts and carriers bill. */
    segments: integer('segments').notNull().default(1),
    /** Tries handed to the provider (or failed on the way). */
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this time (a program's send time, a retry's backoff, quiet hours' end). */
    sendAfter: timestamp('send_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Not sent after this time: a message that is too late is expired, not sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /**
     * The zones whose quiet hours the message keeps, separated by spaces (delivery/quiet-hours.ts):
     * a program's; an opt-in request's, from the recipient's state. Null: none apply, but for an
     * opt-in request, which keeps every zone of its number's country.
     */
    timeZone: text('time_zone'),
    /**
     * The end of the send window ('HH:MM') where the recipient is, when it is earlier than
     * SEND_WINDOW.latest (a state with stricter hours); null: SEND_WINDOW.latest.
     */
    sendWindowLatest: text('send_window_latest'),
    /**
     * 0 for the kinds that wait behind nothing (FIRST_KINDS: answers, staff replies, test sends),
     * 1 for program days and opt-in requests: the dispatcher claims by priority, then by time.
     * Derived from the kind by PostgreSQL, so no writer can get it wrong.
     */
    priority: smallint('priority')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `case when kind in (${FIRST_KINDS.map((k) => `'${k}'`).join(', ')}) then 0 else 1 end`,
        ),
      ),
    /** Which dispatcher claimed it (`sending`), and when. */
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    providerMessageId: text('provider_message_id'),
    /**
     * Someone opened one of its tracked links (a counted click, shared/clicks.ts): set by a trigger
     * on link_clicks (migration 0027), so the outbox's counts count clicks too.
     */
    opened: boolean('opened').notNull().default(false),
    /** The staff user who asked for it (an opt-in request, a test send); null for the engine's own. */
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    demo: demo(),
    /** The provider's code (Twilio's 21211, say) and words for the last failure. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A program's day for a contact can exist once per run.
    uniqueIndex('outbound_messages_program_contact_day_run_unique')
      .on(t.programId, t.contactId, t.day, t.run)
      .where(sql`${t.programId} is not null`),
    index('outbound_messages_status_send_after_idx').on(t.status, t.sendAfter),
    // The dispatcher's claim: queued messages by priority, then by when they are due.
    index('outbound_messages_claim_idx')
      .on(t.priority, t.sendAfter)
      .where(sql`${t.status} = 'queued'`),
    index('outbound_messages_contact_idx').on(t.contactId, t.createdAt),
    // A program's day by number too: the planner gives each phone a day once, whoever carries it.
    index('outbound_messages_program_day_phone_idx').on(t.programId, t.day, t.toPhone),
    // Opt-in requests by phone and by the staff member who asked: one request per phone per
    // OPTIN_LIMITS.perPhoneDays, and an hourly limit per staff member.
    index('outbound_messages_optin_phone_idx')
      .on(t.toPhone, t.createdAt)
      .where(sql`${t.kind} = 'optin'`),
    index('outbound_messages_optin_creator_idx')
      .on(t.createdBy, t.createdAt)
      .where(sql`${t.kind} = 'optin'`),
    index('outbound_messages_created_at_idx').on(t.createdAt),
    // Analytics counts a message on the day it was handed over, or, if it never was, on the day
    // it failed or expired: two partial indexes find a range of days of either kind. The first
    // also answers for one program within the index (no visit to rows of other programs); the
    // second holds only the few messages that ended without reaching the provider.
    index('outbound_messages_sent_at_program_idx')
      .on(t.sentAt, t.programId)
      .where(sql`${t.sentAt} is not null`),
    index('outbound_messages_ended_unsent_idx')
      .on(t.updatedAt)
      .where(sql`${t.sentAt} is null and ${oneOf(t.status, ENDED_UNSENT_STATUSES)}`),
    // The dashboard's failures of today and latest failures: by when a message last changed. A
    // partial index on the failure statuses would also match Analytics' failures by sent day, and
    // PostgreSQL then read all of them instead of the day's range (measured: 14 ms became 111 ms).
    index('outbound_messages_updated_at_idx').on(t.updatedAt),
    check('outbound_messages_kind_check', oneOf(t.kind, MESSAGE_KINDS)),
    check('outbound_messages_status_check', oneOf(t.status, MESSAGE_STATUSES)),
    check('outbound_messages_segments_check', sql`${t.segments} >= 0`),
    // An opt-in request is never sent late: it expires like a program's day.
    check(
      'outbound_messages_optin_expires_check',
      sql`${t.kind} <> 'optin' or ${t.expiresAt} is not null`,
    ),
  ],
);

/**
 * Every status change of an outbound message, in order: the message's life as the console shows it.
 * Partitioned by month of `at` (migration 0026, docs/retention.md): retention drops a month whole.
 * PostgreSQL wants the partition key in the primary key; the id alone is unique all the same.
 */
export const outboundMessageEvents = pgTable(
  'outbound_message_events',
  {
    /** Written by the hundred thousand: ids that follow the clock (db/ids.ts). */
    id: uuid('id')
      .notNull()
      .default(sql`uuid_v7()`),
    /**
     * Its message's id. Not a foreign key: an event is written only with its message or after it,
     * and goes with it (demo/removal.ts); a check per event cost the planner a tenth of its time
     * (docs/decisions/outbox-children-without-foreign-keys.md).
     */
    messageId: uuid('message_id').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    source: text('source', { enum: MESSAGE_EVENT_SOURCES }).notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    demo: demo(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('outbound_message_events_message_idx').on(t.messageId, t.at),
    check('outbound_message_events_status_check', oneOf(t.status, MESSAGE_STATUSES)),
    check('outbound_message_events_source_check', oneOf(t.source, MESSAGE_EVENT_SOURCES)),
  ],
);

/**
 * The outbox counted (docs/rollups.md): how many messages there are of each kind and status, by
 * program and program day, by the Los Angeles day Analytics counts them on, and by failure
 * reason. Kept in step with `outbound_messages` by its triggers (migration 0024), which write each
 * statement's difference into `message_count_changes`; `foldMessageCounts` adds those here. A
 * count is the sum of its row here and its rows there, so it is exact at every commit, and it stays
 * when retention deletes the messages themselves.
 */
const messageCountColumns = () => ({
  /**
   * The Los Angeles day Analytics counts the message on: the day it was handed to the provider,
   * or, never handed over, the day it ended failed, undelivered or expired; null for the others.
   */
  countDate: date('count_date', { mode: 'string' }),
  programId: uuid('program_id'),
  kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
  day: integer('day'),
  status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
  /** Handed to the provider (`sent_at` set). */
  handedOver: boolean('handed_over').notNull(),
  /** Someone opened one of its tracked links (outbound_messages.opened). */
  opened: boolean('opened').notNull().default(false),
  /** The provider's code and words, for failed and undelivered messages only. */
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  messages: integer('messages').notNull(),
});

export const messageCounts = pgTable('message_counts', messageCountColumns(), (t) => [
  unique('message_counts_key')
    .on(
      t.countDate,
      t.programId,
      t.kind,
      t.day,
      t.status,
      t.handedOver,
      t.opened,
      t.errorCode,
      t.errorMessage,
    )
    .nullsNotDistinct(),
  index('message_counts_program_idx').on(t.programId, t.day),
]);

/** What each statement on the outbox changed in `message_counts`, until it is folded in. */
export const messageCountChanges = pgTable('message_count_changes', messageCountColumns());

/**
 * `message_counts` summed by day, program and program day (migration 0030, docs/rollups.md): the
 * figures Analytics reads for its days, programs and clicks, one row where `message_counts` has a
 * row per status, opening and failure reason (a year: 2,434 rows instead of 38,422 on the
 * benchmark's million messages). Written only by `foldMessageCounts`, from the same changes it
 * adds to `message_counts`, so each row is always the sum of those rows; a reader adds the pending
 * changes summed the same way (`messageFiguresWhere`).
 */
export const messageDayFigures = pgTable(
  'message_day_figures',
  {
    countDate: date('count_date', { mode: 'string' }),
    programId: uuid('program_id'),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    day: integer('day'),
    /** Every message counted on the day. */
    messages: integer('messages').notNull(),
    /** Handed to the provider (Analytics' `sent`). */
    handedOver: integer('handed_over').notNull(),
    /** Handed over and reported delivered. */
    delivered: integer('delivered').notNull(),
    /** Failed or undelivered. */
    failed: integer('failed').notNull(),
    expired: integer('expired').notNull(),
    /** Handed over and still `sent`: no report either way. */
    statusSent: integer('status_sent').notNull(),
    /** Handed over and opened (a tracked link counted a click). */
    opened: integer('opened').notNull(),
    openedDelivered: integer('opened_delivered').notNull(),
    openedSent: integer('opened_sent').notNull(),
  },
  (t) => [
    unique('message_day_figures_key')
      .on(t.countDate, t.programId, t.kind, t.day)
      .nullsNotDistinct(),
  ],
);

/**
 * The failed and undelivered messages of `message_counts` by day, program and reason (migration
 * 0030), for Analytics' most frequent reasons: kept as `message_day_figures` is.
 */
export const messageFailureCounts = pgTable(
  'message_failure_counts',
  {
    countDate: date('count_date', { mode: 'string' }),
    programId: uuid('program_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    messages: integer('messages').notNull(),
  },
  (t) => [
    unique('message_failure_counts_key')
      .on(t.countDate, t.programId, t.errorCode, t.errorMessage)
      .nullsNotDistinct(),
  ],
);

/**
 * The days of a month a contact was handed a message of a program (bit n-1 for day n, Los Angeles
 * days), so that Analytics can count a program's distinct recipients over any range without the
 * messages: set by the outbox's triggers, and gone with the contact or the program.
 */
export const programRecipientMonths = pgTable(
  'program_recipient_months',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.month, t.contactId] }),
    // A recipient's months in order, for the days before and after a new one (migration 0028).
    index('program_recipient_months_contact_idx').on(t.contactId, t.programId, t.month),
  ],
);

/**
 * Each recipient of each program, once (migration 0028): the row a statement handing messages over
 * locks before it reads and writes the recipient's days, so two at once count them one after the
 * other.
 */
export const programRecipients = pgTable(
  'program_recipients',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.contactId] }),
    index('program_recipients_contact_idx').on(t.contactId),
  ],
);

/**
 * A program's recipients counted by day (migration 0028, docs/rollups.md): how many of its
 * contacts were handed a message of it on `sent_on` whose day handed one before was
 * `previous_on` (null: none before). A program's distinct recipients over a range are those of
 * its days with nothing in the range before them: the rows of the range's days whose
 * `previous_on` is before the range, whatever the number of people.
 */
const recipientDayCountColumns = () => ({
  programId: uuid('program_id').notNull(),
  sentOn: date('sent_on', { mode: 'string' }).notNull(),
  previousOn: date('previous_on', { mode: 'string' }),
  recipients: integer('recipients').notNull(),
});

export const recipientDayCounts = pgTable(
  'recipient_day_counts',
  recipientDayCountColumns(),
  (t) => [
    unique('recipient_day_counts_key').on(t.programId, t.sentOn, t.previousOn).nullsNotDistinct(),
  ],
);

/** What each statement changed in `recipient_day_counts`, until it is folded in. */
export const recipientDayChanges = pgTable('recipient_day_changes', recipientDayCountColumns());

/**
 * Messages handed over, as their program, contact and Los Angeles day (migration 0032), until the
 * fold adds them to their recipient's days (`recipient_days_folded`): the outbox's triggers only
 * append here, so handing messages over neither locks a recipient nor reads their months. No
 * foreign keys, for the same reason: the fold leaves out a program or contact deleted since.
 */
export const recipientHandovers = pgTable('recipient_handovers', {
  programId: uuid('program_id').notNull(),
  contactId: uuid('contact_id').notNull(),
  sentOn: date('sent_on', { mode: 'string' }).notNull(),
});

/**
 * A tracked link of a message to one recipient: `SHORT_LINK_BASE/{code}` redirects to `url`
 * (http/short-links.ts). The message, program and day are its message's, copied so that Deliveries
 * and Analytics find a day's links by their own index without reading the day's messages. They are
 * copies, not references: a link is written with every recipient's message of a planned day, in the
 * same statement, and a check per link against `programs` and `outbound_messages` cost the planner
 * a tenth of its time each. Messages and programs are not deleted but by the demo's removal, which
 * takes their links with them (demo/removal.ts); a link already sent goes on working for as long as
 * it is kept. The contact is the message's.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    /** SHORT_CODE_LENGTH random base-62 characters (links/codes.ts). */
    code: text('code').primaryKey(),
    messageId: uuid('message_id'),
    programId: uuid('program_id'),
    /** The program's day; null for a message that is no program's day. */
    day: integer('day'),
    /** Where the link stands among that message's links, from 0. */
    linkIndex: smallint('link_index').notNull(),
    /** Where the link leads. */
    url: text('url').notNull(),
    /**
     * The Los Angeles day its message was handed over, set at the link's first counted click
     * (migration 0027): the day link_open_counts counts it on. Null: not opened.
     */
    openedOn: date('opened_on', { mode: 'string' }),
    demo: demo(),
    createdAt: createdAt(),
  },
  (t) => [
    index('short_links_program_day_idx').on(t.programId, t.day),
    index('short_links_message_idx').on(t.messageId),
    check(
      'short_links_code_check',
      sql`${t.code} ~ ${sql.raw(`'^[0-9A-Za-z]{${SHORT_CODE_LENGTH},}$'`)}`,
    ),
  ],
);

/**
 * The tracked links of each program day, one row per position and URL (a day's link can change
 * between the runs of a rolling program): kept from short_links by a trigger (migration 0027), so
 * that Analytics and Deliveries find a day's links without reading a link per recipient.
 */
export const programDayLinks = pgTable(
  'program_day_links',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    linkIndex: smallint('link_index').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.day, t.linkIndex, t.url] })],
);

/**
 * The program days' links opened, counted (docs/rollups.md): how many messages handed over on a Los
 * Angeles day had their link at a position opened (short_links.opened_on), kept by triggers on
 * link_clicks and short_links, so Analytics' clicks per link outlive the messages.
 */
export const linkOpenCounts = pgTable(
  'link_open_counts',
  {
    countDate: date('count_date', { mode: 'string' }).notNull(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    linkIndex: smallint('link_index').notNull(),
    url: text('url').notNull(),
    messages: integer('messages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.day, t.linkIndex, t.url, t.countDate] })],
);

export const LINK_CLICK_METHODS = ['GET', 'HEAD'] as const;

/**
 * Every request for a short link, counted or not: a GET from a person's browser is a click
 * (`counted`); a HEAD, and a link preview or scanner (links/preview-agents.ts), is kept but not
 * counted.
 */
export const linkClicks = pgTable(
  'link_clicks',
  {
    /** Written by the hundred thousand: ids that follow the clock (db/ids.ts). */
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_v7()`),
    code: text('code')
      .notNull()
      .references(() => shortLinks.code, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    method: text('method', { enum: LINK_CLICK_METHODS }).notNull(),
    /** As the client sent it, cut to USER_AGENT_MAX characters (links/clicks.ts); null: none sent. */
    userAgent: text('user_agent'),
    counted: boolean('counted').notNull(),
    demo: demo(),
  },
  (t) => [
    index('link_clicks_code_at_idx').on(t.code, t.at),
    // Counted clicks per program and day: the program's codes come from short_links, and their
    // counted clicks from this index alone, without reading the previews and HEADs beside them.
    index('link_clicks_counted_code_idx')
      .on(t.code)
      .where(sql`${t.counted}`),
    check('link_clicks_method_check', oneOf(t.method, LINK_CLICK_METHODS)),
  ],
);

/**
 * Every SMS/MMS a phone sent to Tidings (the inbound webhook, or Simulate reply with the log
 * provider): stored once per provider id, whether or not the phone belongs to a contact.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Twilio's MessageSid (SM…/MM…); a repeated webhook finds it and changes nothing. */
    providerMessageId: text('provider_message_id').notNull(),
    fromPhone: text('from_phone').notNull(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /** The provider's URLs of any media the phone sent. */
    mediaUrls: jsonb('media_urls').$type<string[]>().notNull().default([]),
    /** The contact whose phone sent it; null for a number Tidings does not know. */
    contactId: uuid('contact_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the reply asked for (shared/reply-reading.ts): optin, optout, help, or review (it may be
     * a request to stop: a staff member decides); null for anything else.
     */
    intent: text('intent', { enum: INBOUND_INTENTS }),
    /** The staff user who typed it with Simulate reply; null for a message a phone sent. */
    simulatedBy: uuid('simulated_by').references(() => users.id),
    /** The inbox: new until a staff member marks it handled (shared/consent.ts INBOUND_STATES). */
    state: text('state', { enum: INBOUND_STATES }).notNull().default('new'),
    /** The staff member it is assigned to; null: unassigned. */
    assigneeId: uuid('assignee_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** When it was marked handled, and by whom (null with a handled_at: Tidings answered it). */
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    handledBy: uuid('handled_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** A staff member's decision on a reply that needs review (intent review); null: undecided. */
    reviewDecision: text('review_decision', { enum: REVIEW_DECISIONS }),
    reviewedBy: uuid('reviewed_by').references((): AnyPgColumn => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    demo: demo(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inbound_messages_provider_id_unique').on(t.providerMessageId),
    index('inbound_messages_contact_idx').on(t.contactId, t.receivedAt),
    index('inbound_messages_from_idx').on(t.fromPhone, t.receivedAt),
    index('inbound_messages_received_at_idx').on(t.receivedAt),
    // The inbox: its new messages (the top bar's count), and each staff member's.
    index('inbound_messages_new_idx')
      .on(t.receivedAt)
      .where(sql`${t.state} = 'new'`),
    index('inbound_messages_assignee_idx').on(t.assigneeId, t.receivedAt),
    // Replies still waiting for a decision, by phone: the planner and the dispatcher hold the
    // phone's program messages while one exists.
    index('inbound_messages_review_pending_idx')
      .on(t.fromPhone)
      .where(sql`${t.intent} = 'review' and ${t.reviewDecision} is null`),
    check('inbound_messages_intent_check', oneOf(t.intent, INBOUND_INTENTS)),
    check('inbound_messages_state_check', oneOf(t.state, INBOUND_STATES)),
    check('inbound_messages_review_decision_check', oneOf(t.reviewDecision, REVIEW_DECISIONS)),
    // A decision is always someone's.
    check(
      'inbound_messages_reviewed_by_check',
      sql`${t.reviewDecision} is null or ${t.reviewedBy} is not null`,
    ),
  ],
);

/**
 * The replies counted (migration 0026, docs/rollups.md): how many messages phones sent on each Los
 * Angeles day, by the contact whose phone sent each (null: none). Kept by triggers on
 * `inbound_messages`, so Analytics' replies stay when retention deletes the texts.
 */
export const replyCounts = pgTable(
  'reply_counts',
  {
    countDate: date('count_date', { mode: 'string' }).notNull(),
    contactId: uuid('contact_id'),
    replies: integer('replies').notNull(),
  },
  (t) => [
    unique('reply_counts_key').on(t.countDate, t.contactId).nullsNotDistinct(),
    // A contact's replies, for the programs they join or leave (program_day_counts_folded).
    index('reply_counts_contact_idx')
      .on(t.contactId)
      .where(sql`${t.contactId} is not null`),
  ],
);

/**
 * Everyone's opt-ins, opt-outs and replies counted by Los Angeles day (migration 0028,
 * docs/rollups.md), for Analytics over all programs: `figure` is `opted_in`, `opted_out` or
 * `replies`. Kept by triggers on the consent log and `inbound_messages`, which write each
 * statement's difference into `day_count_changes`; `foldMessageCounts` adds those here.
 */
const DAY_COUNT_FIGURES = ['opted_in', 'opted_out', 'replies'] as const;

const dayCountColumns = () => ({
  countDate: date('count_date', { mode: 'string' }).notNull(),
  figure: text('figure', { enum: DAY_COUNT_FIGURES }).notNull(),
  count: integer('count').notNull(),
});

export const dayCounts = pgTable('day_counts', dayCountColumns(), (t) => [
  primaryKey({ columns: [t.countDate, t.figure] }),
]);

/** What each statement changed in `day_counts`, until it is folded in. */
export const dayCountChanges = pgTable('day_count_changes', dayCountColumns());

/**
 * The people each program's figures count (migration 0033, docs/rollups.md): the active members of
 * its pods, as of the last fold. No foreign keys: only the fold writes here, and it takes out a
 * contact or program deleted since (their memberships went with them).
 */
export const programPeople = pgTable(
  'program_people',
  {
    contactId: uuid('contact_id').notNull(),
    programId: uuid('program_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.programId] })],
);

/**
 * A program's people's opt-ins, opt-outs and replies by Los Angeles day (migration 0033): what
 * Analytics shows for a program, its people being those in its pods now. The fold keeps it equal to
 * the sum, over `program_people`, of each person's figures; a reader folds first.
 */
export const programDayCounts = pgTable(
  'program_day_counts',
  { programId: uuid('program_id').notNull(), ...dayCountColumns() },
  (t) => [primaryKey({ columns: [t.programId, t.countDate, t.figure] })],
);

/** A contact's opt-ins, opt-outs and replies as each statement changed them, until folded. */
export const personDayChanges = pgTable('person_day_changes', {
  contactId: uuid('contact_id').notNull(),
  ...dayCountColumns(),
});

/** Contacts whose pods, or their pods' programs, changed, until the fold counts them again. */
export const programPeopleChanges = pgTable('program_people_changes', {
  contactId: uuid('contact_id').notNull(),
});

/**
 * The consent log: every change to a phone's permission to receive messages, with who made it
 * and the words that made it. Append-only: a trigger (migration 0007) refuses UPDATE and DELETE,
 * so the log stays proof of consent (CTIA) whatever the code does; since migration 0014 it lets
 * the demo data's own rows (`demo`) be deleted, by `npm run seed:demo -- --remove`.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a number Tidings does not know (its STOP is still kept, and honoured). */
    contactId: uuid('contact_id').references(() => users.id),
    /** E.164, the phone the consent is about. */
    phone: text('phone').notNull(),
    event: text('event', { enum: CONSENT_EVENTS }).notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    /** The staff user, when source is staff or simulated (who typed the simulated reply). */
    staffUserId: uuid('staff_user_id').references(() => users.id),
    /** The keyword matched (JOIN, STOP…), when source is keyword or simulated. */
    keyword: text('keyword'),
    /** The message text: the phone's reply, the opt-in request sent, or the provider's error. */
    text: text('text'),
    inboundMessageId: uuid('inbound_message_id').references(() => inboundMessages.id),
    outboundMessageId: uuid('outbound_message_id').references(() => outboundMessages.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    demo: demo(),
  },
  (t) => [
    index('consent_events_contact_idx').on(t.contactId, t.at),
    index('consent_events_phone_idx').on(t.phone, t.at),
    // Analytics: the opt-ins and opt-outs of a range of days.
    index('consent_events_at_idx').on(t.at),
    // Analytics: the range's opt-outs, by person (migration 0030: the year's 16,240 of 216,667).
    index('consent_events_opted_out_idx')
      .on(t.at, t.contactId)
      .where(sql`${t.event} = 'opted_out'`),
    // Retention keeps the messages the log names (docs/retention.md): it asks here, row by row.
    index('consent_events_inbound_message_idx')
      .on(t.inboundMessageId)
      .where(sql`${t.inboundMessageId} is not null`),
    index('consent_events_outbound_message_idx')
      .on(t.outboundMessageId)
      .where(sql`${t.outboundMessageId} is not null`),
    check('consent_events_event_check', oneOf(t.event, CONSENT_EVENTS)),
    check('consent_events_source_check', oneOf(t.source, CONSENT_SOURCES)),
    // A simulated reply is some staff member's doing: the log always says whose.
    check(
      'consent_events_simulated_staff_check',
      sql`${t.source} <> 'simulated' or ${t.staffUserId} is not null`,
    ),
    // So is a review decision.
    check(
      'consent_events_review_staff_check',
      sql`${t.source} <> 'review' or ${t.staffUserId} is not null`,
    ),
  ],
);

/**
 * Each phone's last word on consent: the newest `opted_in` or `opted_out` row of the consent log
 * for the number that the phone said (a reply, or the provider's report; not a staff row), by time
 * then id, the log's own order. Consent belongs to the phone, whichever
 * contact carries it; the planner, the dispatcher's last check, the forms and imports ask here.
 * A trigger on the log (migration 0011) keeps it, so no writer of the log can leave it behind.
 */
export const phoneConsents = pgTable(
  'phone_consents',
  {
    /** E.164. */
    phone: text('phone').primaryKey(),
    word: text('word', { enum: ['opted_in', 'opted_out'] }).notNull(),
    /** When the phone said it: the time of the log row. */
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The log row that said it. */
    eventId: uuid('event_id').notNull(),
  },
  (t) => [check('phone_consents_word_check', oneOf(t.word, ['opted_in', 'opted_out']))],
);

/**
 * How far the planner got with each program: the last day it planned. A tick then only looks at
 * the days after it (and re-checks that day for newly eligible recipients until its cutoff), so
 * a running program whose day is planned costs nothing more, and a day missed while the planner
 * was down is recognised as missed (recorded expired when it is past the cutoff).
 */
/**
 * The highest day the planner has handled of each group of a rolling program's participants who
 * share a day 0 (`start_date`): what `program_plans` is to a cohort program.
 */
export const enrollmentPlans = pgTable(
  'enrollment_plans',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    plannedDay: integer('planned_day').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true, mode: 'date' }).notNull(),
    demo: demo(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.startDate] })],
);

export const programPlans = pgTable('program_plans', {
  programId: uuid('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  /** The highest day of the program the planner has handled (planned, or passed over). */
  plannedDay: integer('planned_day').notNull(),
  plannedAt: timestamp('planned_at', { withTimezone: true, mode: 'date' }).notNull(),
  /**
   * Not before then is the planned day looked at again for newcomers (planner.ts `hasMissing`):
   * a look that took long waits in proportion, whichever process looks next; null: at any tick.
   */
  recheckAfter: timestamp('recheck_after', { withTimezone: true, mode: 'date' }),
  demo: demo(),
});

/**
 * When each sender (a Twilio number or messaging service) may next send, so that every dispatcher
 * process together keeps to SMS_MPS.
 */
export const smsSenderPacing = pgTable('sms_sender_pacing', {
  sender: text('sender').primaryKey(),
  nextSlotAt: timestamp('next_slot_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * welcome and password_reset carry a single-use link; webhook_disabled tells an admin that Tidings
 * disabled a failing webhook endpoint (`webhook_endpoint_id`).
 */
export const OUTBOUND_EMAIL_KINDS = ['welcome', 'password_reset', 'webhook_disabled'] as const;
export type OutboundEmailKind = (typeof OUTBOUND_EMAIL_KINDS)[number];
/** `sending`: claimed by the mail worker, which sets it before it talks to the mail server. */
export const OUTBOUND_EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * Emails waiting to be sent, and what became of them. An email's link and its single-use token are
 * made when it is sent, so no usable token is ever stored here.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: OUTBOUND_EMAIL_KINDS }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toEmail: text('to_email').notNull(),
    /** The endpoint a webhook_disabled email is about; it goes unsent if the endpoint is deleted. */
    webhookEndpointId: uuid('webhook_endpoint_id').references(
      (): AnyPgColumn => webhookEndpoints.id,
      { onDelete: 'cascade' },
    ),
    status: text('status', { enum: OUTBOUND_EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not tried before this time: now when queued, later after a failure (the retry backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** When the worker claimed it (status `sending`): a claim left by a crash is taken back. */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('outbound_emails_status_created_idx').on(t.status, t.createdAt),
    index('outbound_emails_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
    index('outbound_emails_user_idx').on(t.userId),
    check('outbound_emails_kind_check', oneOf(t.kind, OUTBOUND_EMAIL_KINDS)),
    check('outbound_emails_status_check', oneOf(t.status, OUTBOUND_EMAIL_STATUSES)),
  ],
);

/** Raw bytes (PostgreSQL bytea), read and written as a Buffer on both databases. */
/**
 * Contact imports. The uploaded file is kept in the row until the import is done, so
 * any server on the database can resume it after a restart; `next_row` is the file row to go on
 * from, moved forward in the same transaction as each batch's contacts, so a batch is written
 * once or not at all. `heartbeat_at` is renewed by every batch: a running import whose heartbeat
 * is older than the lease belongs to a server that stopped, and another one takes it over.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The importer's role when they started it: a host's file may hold participants only. */
    importerRole: text('importer_role', { enum: ROLES }).notNull(),
    filename: text('filename').notNull(),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    /** The file as uploaded; emptied once the import is done or failed. */
    content: bytea('content'),
    columns: jsonb('columns').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    duplicates: text('duplicates', { enum: DUPLICATE_RULES }).notNull(),
    sendOptin: boolean('send_optin').notNull().default(false),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('queued'),
    /** Rows below the header, blank rows aside. */
    total: integer('total').notNull(),
    /** The first file row not yet written (the header is row 1). */
    nextRow: integer('next_row').notNull().default(2),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Opt-in requests queued for the created participants, and those the limits held back. */
    optinsQueued: integer('optins_queued').notNull().default(0),
    optinsWithheld: integer('optins_withheld').notNull().default(0),
    /**
     * Claims since the last batch written: a batch that fails again and again (or takes its
     * server down) ends the import as failed instead of being tried forever.
     */
    attempts: integer('attempts').notNull().default(0),
    /** Why a failed import stopped. */
    error: text('error'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contact_imports_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('contact_imports_status_check', oneOf(t.status, IMPORT_STATUSES)),
    check('contact_imports_format_check', oneOf(t.format, IMPORT_FORMATS)),
    check('contact_imports_duplicates_check', oneOf(t.duplicates, DUPLICATE_RULES)),
    check('contact_imports_importer_role_check', oneOf(t.importerRole, ROLES)),
  ],
);

/**
 * The rows of an import that were not imported: their cells as they were in the file (for the
 * report, to fix and import again) and why, one problem per field.
 */
export const contactImportRejects = pgTable(
  'contact_import_rejects',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    problems: jsonb('problems').$type<{ field: ImportField; message: string }[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/**
 * Where Tidings tells other systems what happened (issue 29): an admin's URL, the event types it
 * wants, and its signing secret. The secret is kept readable, unlike an API key's: every request
 * is signed with it (HMAC), so it cannot be a hash. After a rotation the old one signs beside it
 * until `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The first failure since the last success; null while it answers. */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    /** When Tidings disabled it for failing (WEBHOOK_POLICY.disableAfterFailingMs); null otherwise. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('webhook_endpoints_created_at_idx').on(t.createdAt)],
);

/**
 * What happened, once, for every endpoint that wants it: written in the transaction of the change
 * that caused it (by the triggers of migration 0023, or webhooks/events.ts), so a rolled-back
 * change sends nothing and a committed one is never lost. Only written while an enabled endpoint
 * wants its type.
 */
export const webhookEvents = pgTable('webhook_events', {
  /** Ids that follow the clock (db/ids.ts): deliveries go out in their order. */
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  type: text('type').notNull(),
  /** When the change happened: the event's `timestamp`. */
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
});

/**
 * One event to one endpoint: the webhook outbox, claimed like the SMS outbox (`sending` committed
 * before the call; a claim left by a crash taken back, and the event sent again: at least once).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_v7()`),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('webhook_deliveries_claimed_idx')
      .on(t.claimedAt)
      .where(sql`${t.status} = 'sending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
    check('webhook_deliveries_status_check', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);

/** Every call made to an endpoint: its log (event, attempt, response code, time taken). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_v7()`),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The answer's HTTP status; null when none came (refused, timed out, connection failed). */
    statusCode: integer('status_code'),
    succeeded: boolean('succeeded').notNull(),
    /** Why it failed without an answer, or the start of the answer (at most 1 KB). */
    error: text('error'),
    answer: text('answer'),
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.at, t.id),
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
  ],
);
