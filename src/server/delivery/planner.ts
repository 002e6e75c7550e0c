import { and, eq, gt, inArray, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { PLANNER_LIMITS, type MessageStatus } from '../../shared/delivery';
import type { Enrollment } from '../../shared/constants';
import {
  lastDayDue,
  sendTimeOfDay,
  wallClock,
  type LocalDate,
  type ProgramSchedule,
} from '../../shared/schedule';
import type { Db, Tx } from '../db/client';
import { uuidV7 } from '../db/ids';
import { rowsOf } from '../db/rows';
import { withoutJit } from '../db/transaction';
import {
  media,
  outboundMessages,
  productMessages,
  products,
  programPlans,
  programs,
} from '../db/schema';
import { cohortsOf, endEnrollments, enrollRecipients, savePlannedDay } from './enrollments';
import { programStatusSqlAt } from '../services/programs';
import { defaultShortLinkBase } from '../../shared/message-settings';
import { conclusionDay } from '../../shared/product';
import {
  parsePersonalText,
  type ParsedText,
  type PersonalValues,
} from '../../shared/personal-fields';
import { drawShortLinks, mediaUrlOf, personalBody, type ProductDayMessage } from './body';
import { newShortCode } from '../links/codes';
import { tooLateText } from './cutoff';
import { joinZones, storedLatest } from './quiet-hours';
import { recipientSendWindow } from './recipient-zones';
import {
  dayRecipients,
  cohortRecipientsBetween,
  dayRecipientsRun,
  messageColumns,
} from './recipients';
import { emitWebhookEvent } from '../webhooks/events';

/**
 * The planner turns running programs into outbox rows: for each program whose day has come (its
 * send time at most `leadMs` ahead), one `program` row per eligible recipient (recipients.ts),
 * each with a `queued` event. Only due days are planned, never the days to come.
 *
 * How it stays cheap: `program_plans` remembers the last day planned for each program. A tick
 * looks only at the days after it, and re-checks that day for recipients who became eligible
 * since (a late joiner, a contact who just opted in) until the day's cutoff, with one read-only
 * query (does any eligible recipient lack a row? an anti-join on the outbox's unique index), taken
 * less often once it takes long (PLANNER_LIMITS.recheck*). Past the cutoff a planned program costs
 * nothing until its next day.
 *
 * Days are written set-based: per batch of recipients (in contact id order), one read of the
 * batch, whose quiet hours (where each recipient may be, recipient-zones.ts) and messages are
 * worked out in memory while the batch before it is written, and one INSERT of them all, ON
 * CONFLICT DO NOTHING on the unique (program, contact, day, run), the events from its RETURNING,
 * in a short transaction that first locks the program and checks that it was not paused or changed
 * meanwhile (pausing cancels the waiting rows in its own transaction, so no row planned for a
 * paused program survives). A phone gets a day once, whichever of its contacts are recipients.
 * Running it twice, or in two processes at once, plans nothing twice.
 */

export interface PlannerOptions {
  db: Db;
  /** PUBLIC_URL: media URLs in messages are absolute. */
  publicUrl: string;
  /** SHORT_LINK_BASE: a tracked link goes as `{shortLinkBase}/{code}`; PUBLIC_URL/l if absent. */
  shortLinkBase?: string;
  /** DELIVERY_CUTOFF: a day planned later than this after its time is recorded expired. */
  cutoffMs: number;
  /** The clock; tests control it. */
  now?: () => Date;
  leadMs?: number;
  batchSize?: number;
  /** PLANNER_LIMITS.recheckFreeMs: tests make every look at a planned day count as long. */
  recheckFreeMs?: number;
  /** Draws each short code; tests draw one already taken. */
  drawShortCode?: () => string;
  /**
   * Called when one program cannot be planned; the others still are. Without it the tick stops
   * at the error, which planOnce throws.
   */
  onError?: (error: unknown, programId: string) => void;
}

export interface PlanResult {
  /** Rows queued for sending. */
  planned: number;
  /** Rows recorded expired: their day was missed by more than the cutoff. */
  expired: number;
  /** Programs whose days were looked at. */
  programs: number;
}

export interface Planner {
  planOnce(): Promise<PlanResult>;
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

interface Candidate {
  id: string;
  programName: string;
  productId: string;
  /** A rolling program's: of the participants whose day 0 is `schedule.startDate`. */
  schedule: ProgramSchedule;
  enrollment: Enrollment;
  enrollmentEndsOn: LocalDate | null;
  createdAt: Date;
  resumedAt: Date | null;
  updatedAt: Date;
  plannedDay: number | null;
  /** When the planned day may be looked at again for newcomers (hasMissing); null: any tick. */
  recheckAfter: Date | null;
  /**
   * Null for a cohort program; for a rolling one, the day 0 of the participants being planned
   * (enrollments.ts), whose schedule starts then.
   */
  cohort: LocalDate | null;
  /** A rolling group's: how many participants it has at most (no more recipients than that). */
  participants: number | null;
}

/** Programs whose delivery window (first day minus the lead to the conclusion plus the cutoff) holds now. */
async function candidates(db: Db, now: Date, leadMs: number, cutoffMs: number) {
  const rows = await db
    .select({
      id: programs.id,
      programName: programs.programName,
      productId: programs.productId,
      startDate: programs.startDate,
      sendTime: programs.sendTime,
      timeZone: programs.timeZone,
      days: products.days,
      enrollment: programs.enrollment,
      enrollmentEndsOn: programs.enrollmentEndsOn,
      createdAt: programs.createdAt,
      resumedAt: programs.resumedAt,
      updatedAt: programs.updatedAt,
      plannedDay: programPlans.plannedDay,
      recheckAfter: programPlans.recheckAfter,
    })
    .from(programs)
    .innerJoin(products, eq(products.id, programs.productId))
    .leftJoin(programPlans, eq(programPlans.programId, programs.id))
    .where(
      and(
        // The pre-message is due (or is about to be) ...
        inArray(programStatusSqlAt(timestamp(new Date(now.getTime() + leadMs))), [
          'running',
          'completed',
        ]),
        // ... and the conclusion's cutoff has not passed. A paused program is neither.
        inArray(programStatusSqlAt(timestamp(new Date(now.getTime() - cutoffMs))), [
          'scheduled',
          'running',
        ]),
      ),
    );
  return rows.map((row): Candidate => ({
    id: row.id,
    programName: row.programName,
    productId: row.productId!,
    schedule: {
      startDate: row.startDate!,
      sendTime: row.sendTime,
      timeZone: row.timeZone,
      days: row.days,
    },
    enrollment: row.enrollment,
    enrollmentEndsOn: row.enrollmentEndsOn,
    createdAt: row.createdAt,
    resumedAt: row.resumedAt,
    updatedAt: row.updatedAt,
    plannedDay: row.plannedDay,
    recheckAfter: row.recheckAfter,
    cohort: null,
    participants: null,
  }));
}

/**
 * The product's message for the day, with its media's stored name. Test sends of a product day
 * read it here too, so a test is exactly what the planner queues for participants.
 */
export async function dayMessage(db: Db | Tx, productId: string, day: number) {
  const [row] = await db
    .select({
      text: productMessages.text,
      links: productMessages.links,
      fallbackUrl: productMessages.fallbackUrl,
      mediaStorageName: media.storageName,
    })
    .from(productMessages)
    .leftJoin(media, eq(media.id, productMessages.mediaId))
    .where(and(eq(productMessages.productId, productId), eq(productMessages.day, day)));
  if (!row) throw new Error(`The product ${productId} has no message for day ${day}.`);
  return row;
}

/**
 * Recipients of the program who may get `day` (on a rolling program, the group with day 0
 * `cohort`), joined by its send time, and the tests of whether one has a row for it already: their
 * own, or one at their phone (a phone gets a day once per run, however many recipients carry it),
 * of their current run: an earlier run's rows are history.
 */
function missingRecipients<
  R extends ReturnType<typeof dayRecipients> | ReturnType<typeof cohortRecipientsBetween>,
>(db: Db | Tx, programId: string, day: number, sendAt: Date, recipients: R) {
  const rowOfDay = (where: SQL) =>
    db
      .select({ one: sql`1` })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.programId, programId),
          eq(outboundMessages.day, day),
          eq(outboundMessages.run, dayRecipientsRun),
          where,
        ),
      );
  return {
    recipients,
    hasRow: rowOfDay(eq(outboundMessages.contactId, recipients.contactId)),
    phoneHasRow: rowOfDay(eq(outboundMessages.toPhone, recipients.phone)),
    joinedBy: sql`${recipients.joinedAt} <= ${timestamp(sendAt)}`,
  };
}

/** A recipient as a batch reads them. */
interface BatchRecipient {
  contactId: string;
  phone: string | null;
  state: string;
  country: string;
  firstName: string;
  lastName: string;
  /** The run their row of the day belongs to. */
  run: number;
}

interface DayPlan {
  programId: string;
  cohort: LocalDate | null;
  day: number;
  sendAt: Date;
  status: Extract<MessageStatus, 'queued' | 'expired'>;
  /** The day's message, its text parsed once for all its recipients. */
  message: ProductDayMessage;
  parsed: ParsedText;
  /** The fields every recipient of the day shares. */
  shared: Pick<PersonalValues, 'program_name' | 'day' | 'days_left'>;
  mediaUrl: string | null;
  publicUrl: string;
  shortLinkBase: string;
  /** Draws a new short code (links/codes.ts). */
  drawCode: () => string;
  expiresAt: Date;
  /** The program's zone: the quiet hours of a recipient no address or number places. */
  timeZone: string;
  errorMessage: string | null;
  /** A re-check of a planned day: only recipients without a row are looked at. */
  onlyMissing: boolean;
}

/**
 * Where the day's batches end: every `batchSize`-th recipient in contact id order, found with one
 * pass over the audience, so each batch reads only its own range of contacts instead of all the
 * recipients after the previous one.
 */
async function batchBounds(db: Db | Tx, plan: DayPlan, batchSize: number): Promise<string[]> {
  const { recipients, hasRow, phoneHasRow, joinedBy } = missingRecipients(
    db,
    plan.programId,
    plan.day,
    plan.sendAt,
    dayRecipients(db, plan.programId, plan.cohort),
  );
  const ordered = db
    .select({
      contactId: recipients.contactId,
      position: sql<number>`row_number() over (order by ${recipients.contactId})`.as('position'),
    })
    .from(recipients)
    .where(
      and(
        joinedBy,
        plan.onlyMissing ? notExists(hasRow) : undefined,
        plan.onlyMissing ? notExists(phoneHasRow) : undefined,
      ),
    )
    .as('ordered');
  const rows = await db
    .select({ contactId: sql<string>`${ordered.contactId}::text` })
    .from(ordered)
    .where(sql`${ordered.position} % ${batchSize} = 0`)
    .orderBy(ordered.contactId);
  return rows.map((row) => row.contactId);
}

/** A batch read ahead: its recipients, and each one's row and links worked out (personalRows). */
interface ReadBatch {
  candidates: BatchRecipient[];
  personal: ReturnType<typeof personalRows>;
}

/**
 * A batch's recipients: those in the range (contact ids after `after`, up to `upTo`), and, when
 * the day is looked at again, only those without a row; with their rows worked out. Read in a
 * transaction of its own, ahead of the batch before it being written (planDay).
 */
async function readBatch(
  db: Db,
  plan: DayPlan,
  range: { after: string; upTo: string | null },
): Promise<ReadBatch> {
  const candidates = await withoutJit(db, (tx) => {
    const { recipients, hasRow, joinedBy } = missingRecipients(
      tx,
      plan.programId,
      plan.day,
      plan.sendAt,
      plan.cohort === null
        ? cohortRecipientsBetween(tx, plan.programId, range)
        : dayRecipients(tx, plan.programId, plan.cohort),
    );
    // A day planned for the first time has no rows of its contacts to skip (ON CONFLICT covers a
    // race); only a re-check looks for the recipients without one, when the outbox's statistics
    // are fresh.
    return tx
      .select({ ...messageColumns(recipients), run: recipients.run })
      .from(recipients)
      .where(
        and(
          gt(recipients.contactId, range.after),
          range.upTo === null ? undefined : lte(recipients.contactId, range.upTo),
          joinedBy,
          plan.onlyMissing ? notExists(hasRow) : undefined,
        ),
      )
      .orderBy(recipients.contactId);
  });
  return { candidates, personal: personalRows(plan, candidates) };
}

/**
 * One batch read ahead (readBatch): of its recipients, those whose phone has no row of the day get
 * one, and each new row its first event. Returns how many rows it wrote.
 */
async function writeBatch(tx: Tx, plan: DayPlan, read: ReadBatch, now: Date) {
  const { candidates } = read;
  // A phone is looked up every time, in the batch's transaction: an earlier batch may have given
  // it the day through another contact. By the batch's own phones, in a query of its own: inside
  // the read, PostgreSQL took the day being written for the one row its statistics knew and read
  // all of the day's rows for each recipient (a million participants: a batch's read took 43 s by
  // its 9th batch, and longer at each). Of the batch's contacts sharing a phone, the first by id
  // gets it.
  const taken = await phonesWithTheDay(tx, plan, candidates);
  const batch = new Set(
    firstPerPhone(candidates.filter(({ phone, run }) => !taken.has(`${run} ${phone}`))).map(
      ({ contactId }) => contactId,
    ),
  );
  if (batch.size === 0) return 0;
  const rows = read.personal.rows.filter((row) => batch.has(row.contact_id));
  const ids = new Set(rows.map((row) => row.id));
  const links = read.personal.links.filter((link) => ids.has(link.message_id));
  const at = timestamp(now);
  const result = await tx.execute(sql`
    with batch as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as batch (id uuid, contact_id uuid, run integer, phone text, time_zone text,
          send_window_latest text, body text, segments integer)
    ),
    inserted as (
      insert into outbound_messages (id, kind, contact_id, to_phone, body, media_url, program_id,
        day, run, status, segments, send_after, expires_at, time_zone, send_window_latest,
        error_message, created_at, updated_at)
      select id, 'program', contact_id, phone, body, ${plan.mediaUrl},
        ${plan.programId}::uuid, ${plan.day}::integer, run, ${plan.status}, segments,
        ${timestamp(plan.sendAt)}, ${timestamp(plan.expiresAt)}, time_zone, send_window_latest,
        ${plan.errorMessage}, ${at}, ${at}
      from batch
      on conflict (program_id, contact_id, day, run) where program_id is not null do nothing
      returning id
    ),
    events as (
      insert into outbound_message_events (message_id, status, source, error_message, at)
      select id, ${plan.status}, 'planner', ${plan.errorMessage}, ${at} from inserted
    ),
    wanted as (
      -- The links of the rows written (a row some other planner wrote first keeps its own links).
      select * from jsonb_to_recordset(${JSON.stringify(links)}::jsonb)
        as links (message_id uuid, code text, link_index smallint, url text)
      where message_id in (select id from inserted)
    ),
    coded as (
      insert into short_links (code, message_id, program_id, day, link_index, url, created_at)
      select code, message_id, ${plan.programId}::uuid, ${plan.day}::integer, link_index, url,
        ${at}
      from wanted
      on conflict (code) do nothing
      returning code
    )
    select (select count(*) from inserted)::integer as written,
      (select count(*) from wanted)::integer as wanted,
      (select count(*) from coded)::integer as coded`);
  // Both drivers (node-postgres, PGlite) answer with the rows in `rows`.
  const [counts] = (
    result as unknown as { rows: { written: number; wanted: number; coded: number }[] }
  ).rows;
  // A code drawn twice (one in 62^7): the batch is written again with new codes.
  if (counts!.coded < counts!.wanted) throw new ShortCodeTaken();
  return counts!.written;
}

/**
 * Which of the recipients' phones have a row of the day already, as `run phone`: each phone looked
 * up in the outbox's (program, day, phone) index on its own. The lateral subquery (OFFSET 0 keeps
 * it apart from the join) runs for each phone; the program is given as a value of an InitPlan,
 * which PostgreSQL plans without looking it up in its statistics. While a day is being planned,
 * they say the day, and often the program, has no rows: asked as `to_phone = any(…)`, or with the
 * program as a constant, PostgreSQL used the index for the program and day only, the phones a
 * filter, or the (program, contact, day, run) index for the program alone, and each batch read
 * every row the batches before it wrote (a million participants: 0.4 s by the 60th batch, 5.6 s by
 * the 200th; bench:plan's rolling day, a new program's: 10 s a batch).
 */
async function phonesWithTheDay(tx: Tx, plan: DayPlan, recipients: BatchRecipient[]) {
  const phones = [...new Set(recipients.map(({ phone }) => phone!))];
  if (phones.length === 0) return new Set<string>();
  const rows = await rowsOf<{ run: number; phone: string }>(
    tx,
    sql`select taken.run, phones.phone
      from jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb) as phones (phone)
      cross join lateral (
        select ${outboundMessages.run} as run from ${outboundMessages}
        where ${outboundMessages.programId} = (select ${plan.programId}::uuid)
          and ${outboundMessages.day} = ${plan.day}
          and ${outboundMessages.toPhone} = phones.phone
        offset 0
      ) as taken`,
  );
  return new Set(rows.map(({ run, phone }) => `${run} ${phone}`));
}

/** One recipient per phone: the first by contact id (`recipients` come in that order). */
function firstPerPhone(recipients: BatchRecipient[]): BatchRecipient[] {
  const seen = new Set<string | null>();
  return recipients.filter(({ phone }) => !seen.has(phone) && seen.add(phone));
}

/** A short link's code was already taken: the batch rolls back and is drawn again. */
class ShortCodeTaken extends Error {}

/** Tries a batch again with new codes; a code is taken twice in a row about never. */
async function retryingTakenCodes<T>(write: (retry: boolean) => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(attempt > 1);
    } catch (error) {
      if (!(error instanceof ShortCodeTaken) || attempt >= tries) throw error;
    }
  }
}

/**
 * Each recipient's row: their quiet hours, where they may be (recipient-zones.ts), and their own
 * message (personal fields filled, a short link per tracked link); and the short links to store.
 * Worked out here from the rows just read, and written with them in one statement.
 */
function personalRows(plan: DayPlan, batch: BatchRecipient[]) {
  const links: {
    message_id: string;
    code: string;
    link_index: number;
    url: string;
  }[] = [];
  const rows = batch.map((recipient) => {
    // The row's id is drawn here, so its links name it without joining the rows written.
    const id = uuidV7();
    const window = recipientSendWindow(
      { country: recipient.country, state: recipient.state, phone: recipient.phone! },
      [plan.timeZone],
    );
    const { shortLinks, drawn } = drawShortLinks(plan.message, plan.shortLinkBase, plan.drawCode);
    for (const { code, linkIndex, url } of drawn) {
      links.push({
        message_id: id,
        code,
        link_index: linkIndex,
        url,
      });
    }
    const values = {
      ...plan.shared,
      first_name: recipient.firstName,
      last_name: recipient.lastName,
    };
    const sent = personalBody(plan.message, plan.parsed, { values, shortLinks }, plan.publicUrl);
    return {
      id,
      contact_id: recipient.contactId,
      run: recipient.run,
      phone: recipient.phone,
      time_zone: joinZones(window.zones),
      send_window_latest: storedLatest(window.latest),
      body: sent.body,
      segments: sent.segments,
    };
  });
  return { rows, links };
}

/**
 * Whether the program is still as it was read (not paused, not edited); locks it against both,
 * and against other planners: batches of one program are written one at a time, so a phone's row
 * written by one is seen by the next (two planners on one PostgreSQL could otherwise each give the
 * phone the day through a different contact).
 */
async function unchanged(tx: Tx, program: Candidate): Promise<boolean> {
  const [row] = await tx
    .select({ pausedAt: programs.pausedAt, updatedAt: programs.updatedAt })
    .from(programs)
    .where(eq(programs.id, program.id))
    .for('no key update');
  return row !== undefined && row.pausedAt === null && +row.updatedAt === +program.updatedAt;
}

const FIRST_ID = '00000000-0000-0000-0000-000000000000';

export function createPlanner(options: PlannerOptions): Planner {
  const { db, publicUrl, cutoffMs } = options;
  const shortLinkBase = options.shortLinkBase ?? defaultShortLinkBase(publicUrl);
  const clock = options.now ?? (() => new Date());
  const leadMs = options.leadMs ?? PLANNER_LIMITS.leadMs;
  const batchSize = options.batchSize ?? PLANNER_LIMITS.batchSize;
  const { analyzeAfterRows, recheckLeaseMs } = PLANNER_LIMITS;
  const recheckFreeMs = options.recheckFreeMs ?? PLANNER_LIMITS.recheckFreeMs;
  const recheckShare = PLANNER_LIMITS.recheckShare;
  const tooLate = tooLateText(cutoffMs);

  /**
   * Writes the day's rows in batches. Returns how many, or null when the program was paused or
   * edited meanwhile (the next tick plans it as it is then).
   */
  async function planDay(program: Candidate, day: number, now: Date, onlyMissing: boolean) {
    const { sendAt } = sendTimeOfDay(program.schedule, day);
    const late = now.getTime() >= sendAt.getTime() + cutoffMs;
    const message = await dayMessage(db, program.productId, day);
    const plan: DayPlan = {
      programId: program.id,
      cohort: program.cohort,
      day,
      sendAt,
      status: late ? 'expired' : 'queued',
      message,
      parsed: parsePersonalText(message.text),
      shared: {
        program_name: program.programName,
        day,
        days_left: conclusionDay(program.schedule.days) - day,
      },
      mediaUrl: mediaUrlOf(message.mediaStorageName, publicUrl),
      publicUrl,
      shortLinkBase,
      drawCode: options.drawShortCode ?? newShortCode,
      expiresAt: new Date(sendAt.getTime() + cutoffMs),
      timeZone: program.schedule.timeZone,
      errorMessage: late ? tooLate : null,
      onlyMissing,
    };
    // A group known to fit one batch (a rolling program's day-0 group, usually) needs no pass
    // over its recipients to find where batches end.
    const fits = program.participants !== null && program.participants <= batchSize;
    const bounds = fits ? [] : await withoutJit(db, (tx) => batchBounds(tx, plan, batchSize));
    const ranges = [...bounds, null].map((upTo, i) => ({ after: bounds[i - 1] ?? FIRST_ID, upTo }));
    let written = 0;
    // Each batch is read (recipients, bodies, links) while the one before it is written: the
    // reading is mostly this process's work and the writing the database's, so the two overlap.
    const readAhead = (i: number) => {
      const reading = readBatch(db, plan, ranges[i]!);
      // Awaited when its turn comes; until then a failure is the write's to report.
      reading.catch(() => undefined);
      return reading;
    };
    let next = readAhead(0);
    for (let i = 0; i < ranges.length; i++) {
      let read = await next;
      if (i + 1 < ranges.length) next = readAhead(i + 1);
      const batch = await retryingTakenCodes(async (retry) => {
        // A short code already taken: the batch's links are drawn again.
        if (retry) read = { ...read, personal: personalRows(plan, read.candidates) };
        return withoutJit(db, async (tx) => {
          if (!(await unchanged(tx, program))) return null;
          const rows = await writeBatch(tx, plan, read, now);
          // The day is planned once its last batch is: the event goes with that batch.
          if (i === ranges.length - 1 && !onlyMissing) {
            await emitWebhookEvent(tx, 'program.day_planned', now, {
              programId: program.id,
              startDate: program.cohort ?? program.schedule.startDate,
              day,
              sendAt: sendAt.toISOString(),
              status: plan.status,
              messages: written + rows,
            });
          }
          return rows;
        });
      });
      if (batch === null) return null;
      written += batch;
    }
    return { status: plan.status, written };
  }

  /**
   * Whether an eligible recipient of the planned day has no row yet: read-only, but it reads every
   * recipient. A look that took `recheckFreeMs` or more sets when the next may be
   * (PLANNER_LIMITS.recheck*), and that one is claimed by one process first (a lease, in case it
   * stops during the look); a look not taken answers false. A quick one is taken at every tick
   * and writes nothing, as before.
   */
  async function hasMissing(program: Candidate, day: number, now: Date) {
    const { recheckAfter } = program;
    if (recheckAfter !== null) {
      if (recheckAfter > now) return false;
      const claimed = await db
        .update(programPlans)
        .set({ recheckAfter: new Date(now.getTime() + recheckLeaseMs) })
        .where(and(eq(programPlans.programId, program.id), lte(programPlans.recheckAfter, now)))
        .returning({ programId: programPlans.programId });
      if (claimed.length === 0) return false;
    }
    const started = performance.now();
    const found = await recipientWithoutRow(program, day);
    const tookMs = performance.now() - started;
    const long = tookMs >= recheckFreeMs;
    if (long || recheckAfter !== null) {
      await db
        .update(programPlans)
        .set({ recheckAfter: long ? new Date(now.getTime() + tookMs / recheckShare) : null })
        .where(eq(programPlans.programId, program.id));
    }
    return found;
  }

  /** Whether an eligible recipient of the planned day has no row yet (read-only). */
  async function recipientWithoutRow(program: Candidate, day: number) {
    const { sendAt } = sendTimeOfDay(program.schedule, day);
    const { recipients, hasRow, phoneHasRow, joinedBy } = missingRecipients(
      db,
      program.id,
      day,
      sendAt,
      dayRecipients(db, program.id, program.cohort),
    );
    const found = await withoutJit(db, (tx) =>
      tx
        .select({ one: sql`1` })
        .from(recipients)
        .where(and(joinedBy, notExists(hasRow), notExists(phoneHasRow)))
        .limit(1),
    );
    return found.length > 0;
  }

  /** A day is not planned when it went out before the program existed or while it was paused. */
  const outsideProgram = (program: Candidate, sendAt: Date) =>
    sendAt < program.createdAt || (program.resumedAt !== null && sendAt < program.resumedAt);

  /** The days to plan now: after the last one planned, up to the one due. */
  function daysToPlan(program: Candidate, due: number, now: Date): number[] {
    let first = program.plannedDay === null ? 0 : program.plannedDay + 1;
    if (program.plannedDay === null) {
      // Seen for the first time: the days already past their cutoff were never this planner's
      // to send (the program predates it), so they are not recorded as missed.
      while (
        first <= due &&
        sendTimeOfDay(program.schedule, first).sendAt.getTime() + cutoffMs <= now.getTime()
      ) {
        first++;
      }
    }
    const days: number[] = [];
    for (let day = first; day <= due; day++) {
      if (!outsideProgram(program, sendTimeOfDay(program.schedule, day).sendAt)) days.push(day);
    }
    return days;
  }

  async function planProgram(program: Candidate, now: Date, result: PlanResult) {
    const due = lastDayDue(program.schedule, new Date(now.getTime() + leadMs));
    if (due < 0) return;
    const days = daysToPlan(program, due, now).map((day) => ({ day, onlyMissing: false }));
    const dueSendAt = sendTimeOfDay(program.schedule, due).sendAt;
    // The planned day is looked at again for newcomers until its cutoff. A rolling program's
    // newcomers are enrolled, and their group planned again (planRolling): no need to look.
    if (
      program.cohort === null &&
      program.plannedDay !== null &&
      program.plannedDay >= due &&
      now.getTime() < dueSendAt.getTime() + cutoffMs &&
      !outsideProgram(program, dueSendAt) &&
      (await hasMissing(program, due, now))
    ) {
      days.push({ day: due, onlyMissing: true });
    }
    for (const { day, onlyMissing } of days) {
      const outcome = await planDay(program, day, now, onlyMissing);
      if (!outcome) return;
      result[outcome.status === 'queued' ? 'planned' : 'expired'] += outcome.written;
    }
    if (program.plannedDay !== null && program.plannedDay >= due) return;
    if (program.cohort !== null) {
      await savePlannedDay(db, program.id, program.cohort, due, now);
      return;
    }
    await db
      .insert(programPlans)
      .values({ programId: program.id, plannedDay: due, plannedAt: now })
      .onConflictDoUpdate({
        target: programPlans.programId,
        set: {
          plannedDay: sql`greatest(${programPlans.plannedDay}, excluded.planned_day)`,
          plannedAt: now,
        },
      });
  }

  /**
   * A rolling program: its enrollments kept up to date (enrollments.ts), then each group of
   * participants who share a day 0 planned as a cohort program starting that day. A group that has
   * just gained participants is looked at again for them, as a cohort program's planned day is.
   */
  async function planRolling(program: Candidate, now: Date, result: PlanResult) {
    const rolling = {
      ...program,
      startDate: program.schedule.startDate,
      sendTime: program.schedule.sendTime,
      timeZone: program.schedule.timeZone,
    };
    const joined = await withoutJit(db, async (tx) => {
      const enrolled = new Set(await enrollRecipients(tx, rolling, now, cutoffMs));
      await endEnrollments(tx, program.id, now);
      return enrolled;
    });
    const today = wallClock(new Date(now.getTime() + leadMs), program.schedule.timeZone).date;
    const last = conclusionDay(program.schedule.days);
    for (const cohort of await cohortsOf(db, program.id, today, last)) {
      await planProgram(
        {
          ...program,
          schedule: { ...program.schedule, startDate: cohort.startDate },
          // A group that gained participants (newcomers; someone restarted by staff since it was
          // last planned) is planned again from its first day due.
          plannedDay: joined.has(cohort.startDate) || cohort.gained ? null : cohort.plannedDay,
          cohort: cohort.startDate,
          participants: cohort.participants,
        },
        now,
        result,
      );
    }
  }

  return {
    async planOnce() {
      const now = clock();
      const result: PlanResult = { planned: 0, expired: 0, programs: 0 };
      for (const program of await candidates(db, now, leadMs, cutoffMs)) {
        result.programs += 1;
        try {
          if (program.enrollment === 'rolling') await planRolling(program, now, result);
          else await planProgram(program, now, result);
        } catch (error) {
          if (!options.onError) throw error;
          options.onError(error, program.id);
        }
      }
      // The re-check's anti-join is planned from the outbox's statistics: after a large day, bring
      // them up to date rather than wait for autovacuum (which PGlite does not have). With
      // statistics that still say the day has no rows, PostgreSQL picks a nested loop that
      // compares every recipient with every row.
      if (result.planned + result.expired >= analyzeAfterRows) {
        await db.execute(sql`analyze outbound_messages`);
      }
      return result;
    },
  };
}
