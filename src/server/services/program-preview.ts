import { and, count, eq, gt, isNull, notExists, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatMessage } from '../../shared/format';
import {
  countedMessage,
  isTracked,
  sampleShortLink,
  type MessageSettings,
} from '../../shared/message-settings';
import {
  fillPersonalText,
  parsePersonalText,
  type ParsedText,
  type PersonalValues,
} from '../../shared/personal-fields';
import { conclusionDay, messageSize } from '../../shared/product';
import type { ApiPreviewRecipient, ApiProgramPreview } from '../../shared/responses/programs';
import { sendTimeOfDay, type ProgramSchedule } from '../../shared/schedule';
import { analyzeSms, GSM_BASIC } from '../../shared/sms';
import type { Db } from '../db/client';
import { outboundMessages } from '../db/schema';
import { personalBody, type OutboundBody, type ProductDayMessage } from '../delivery/body';
import { dayMessage } from '../delivery/planner';
import { morningZone, quietHold, splitZones, windowLatest } from '../delivery/quiet-hours';
import { recipientSendWindow } from '../delivery/recipient-zones';
import { messageColumns } from '../delivery/recipients';
import { badRequest } from '../http/errors';
import { programWithSchedule } from './deliveries';
import { serverTexts } from '../texts';
import type { ProgramPreviewQuery } from '../validation/program-preview';
import { pageOf } from './list';
import {
  cohortDayRecipients,
  rollingDayRecipients,
  type DayRecipients,
} from './preview-recipients';

/**
 * GET /api/programs/{id}/preview?day=N: the exact message each recipient of a day gets, a page at a
 * time, with what in it costs more than the product editor counted.
 *
 * The recipients are the planner's: the program's recipients now (delivery/recipients.ts) who
 * joined by the day's send time, one per phone (of the contacts sharing a phone, the first by
 * contact id, as the planner's DISTINCT ON gives the phone the day), in contact id order. A
 * rolling program's are its participants whose enrollment is active, each at the day's send time
 * on their own calendar (their day 0 + the day), as the planner sends it (preview-recipients.ts). A
 * recipient the outbox already holds the day for (their row, or the row their phone got through
 * another contact) is answered with that row, as it was or will be sent; the others are rendered
 * as the planner will write them (delivery/body.ts's personalBody), each tracked link a short link
 * with a stand-in code of the real length: codes are drawn only when the day is planned, and being
 * base-62 of a fixed length they change neither the length nor the encoding.
 *
 * The count of flagged recipients, and the pages of `flagged=true`, must not render every
 * recipient of a large program. Of a day's message only the recipient's names differ from one
 * recipient to the next, so a recipient whose names (the ones the text uses) are made only of
 * GSM-7's basic characters, one unit each, gets a message exactly as long, in the same encoding and
 * the same segments as the message filled with stand-in names of the same lengths (their lengths
 * once runs of spaces are one space and the ends trimmed, as fillPersonalText fills them; 0 for a
 * blank name, which takes the fallback). So SQL groups the recipients by those lengths (and, for
 * a planned one, its row's segments) and each group is rendered once with stand-ins; only the
 * recipients with a name holding any other character (an accent outside the basic set, a brace, an
 * emoji) are read and rendered one by one. The flagged groups and recipients then select the page
 * in SQL. The basic set's character class is built from shared/sms.ts's GSM_BASIC. An unfiltered
 * page is one statement, which reads the recipients once (a CTE) and carries the groups beside the
 * page's rows; `flagged=true` takes two. Only the page's recipients are rendered for the answer.
 */

const t = serverTexts.programs.preview;

/** A page when none is asked for: the preview renders each of its recipients. */
const PREVIEW_PER_PAGE = 25;

/** A name made only of GSM-7's basic characters (a PostgreSQL class of \uXXXX escapes). */
export const GSM_BASIC_PATTERN = `^[${[...GSM_BASIC]
  .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
  .join('')}]*$`;

/** A name's length as fillPersonalText fills it: whitespace runs made one space, ends trimmed. */
const filledLength = (name: SQLWrapper) =>
  sql<number>`length(btrim(regexp_replace(${name}, ${'\\s+'}, ' ', 'g')))`;

interface Names {
  firstName: string;
  lastName: string;
}

/** The day's message and what every recipient of it shares. */
interface PreviewDay {
  /** Its number: 0 = the pre-message. */
  day: number;
  message: ProductDayMessage;
  parsed: ParsedText;
  shared: Pick<PersonalValues, 'program_name' | 'day' | 'days_left'>;
  /** A stand-in short link for each tracked link, null for one that goes as typed. */
  shortLinks: (string | null)[];
  publicUrl: string;
  /** The program's schedule; a rolling program's participant's starts on their day 0. */
  schedule: ProgramSchedule;
  /** The program's send time for the day (on its own calendar), and its zone. */
  sendAt: Date;
  timeZone: string;
  /** What the product editor counted for the message. */
  counted: number;
}

/** What a recipient's message is: the planned row's, or as the planner will write it. */
type PreviewMessage = Pick<OutboundBody, 'body' | 'segments' | 'mediaUrl'>;

/**
 * A recipient's message and its empty fields: their planned row's (the fields read from the
 * contact's names now), or rendered for their names as the planner will write it.
 */
function messageFor(day: PreviewDay, names: Names, planned: PreviewMessage | null) {
  const values: PersonalValues = {
    ...day.shared,
    first_name: names.firstName,
    last_name: names.lastName,
  };
  if (planned) return { ...planned, emptyFields: fillPersonalText(day.parsed, values).empty };
  return personalBody(
    day.message,
    day.parsed,
    { values, shortLinks: day.shortLinks },
    day.publicUrl,
  );
}

/** The segment flags of a message. */
const segmentFlags = (day: PreviewDay, segments: number) => ({
  moreSegmentsThanCounted: segments > day.counted,
  overOneSegment: segments > 1,
});

/** Whether a recipient with these names (and this planned row's segments) is flagged. */
function isFlagged(day: PreviewDay, names: Names, plannedSegments: number | null) {
  const planned =
    plannedSegments === null ? null : { body: '', segments: plannedSegments, mediaUrl: null };
  const message = messageFor(day, names, planned);
  const flags = segmentFlags(day, message.segments);
  return flags.moreSegmentsThanCounted || flags.overOneSegment || message.emptyFields.length > 0;
}

/** The outbox again, for a contact's rows of a later run of the same day. */
const laterRun = alias(outboundMessages, 'later_run');

/**
 * The day's recipients (`chosen`, preview-recipients.ts) as a CTE, each with their planned row's
 * id and segments (null when the day is not planned for them), whether the names the text uses are
 * all GSM-7 basic, and those names' lengths; and the day's outbox rows it reads them from, a CTE
 * too, so that the recipients meet them in a hash join rather than an index lookup each.
 */
function keyedRecipients(
  db: Db,
  programId: string,
  day: number,
  chosen: DayRecipients,
  uses: { firstName: boolean; lastName: boolean },
) {
  const dayRows = db.$with('day_rows').as(
    db
      .select({
        id: outboundMessages.id,
        contactId: sql<string | null>`${outboundMessages.contactId}`.as('contact_id'),
        toPhone: outboundMessages.toPhone,
        segments: outboundMessages.segments,
        createdAt: outboundMessages.createdAt,
      })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.programId, programId),
          eq(outboundMessages.day, day),
          eq(outboundMessages.kind, 'program'),
          // A restarted participant's row of their latest run: the earlier runs' are history.
          notExists(
            db
              .select({ one: sql`1` })
              .from(laterRun)
              .where(
                and(
                  eq(laterRun.programId, programId),
                  eq(laterRun.contactId, outboundMessages.contactId),
                  eq(laterRun.day, day),
                  gt(laterRun.run, outboundMessages.run),
                ),
              ),
          ),
        ),
      ),
  );
  const atPhone = db
    .selectDistinctOn([dayRows.toPhone], {
      toPhone: sql<string>`${dayRows.toPhone}`.as('phone_of_row'),
      id: sql<string>`${dayRows.id}`.as('phone_row_id'),
      segments: sql<number>`${dayRows.segments}`.as('phone_row_segments'),
    })
    .from(dayRows)
    .orderBy(dayRows.toPhone, dayRows.createdAt, dayRows.id)
    .as('at_phone');
  // The recipient's own row, else the one their phone got: at most one of the two is joined.
  const planned = <K extends 'id' | 'segments'>(key: K, name: string) =>
    sql`coalesce(${dayRows[key]}, ${atPhone[key]})`.as(name);
  const used = [uses.firstName && chosen.firstName, uses.lastName && chosen.lastName].filter(
    (name) => name !== false,
  );
  const basic = used.length
    ? sql<boolean>`(${sql.join(
        used.map((name) => sql`${name} ~ ${GSM_BASIC_PATTERN}`),
        sql` and `,
      )})`
    : sql<boolean>`true`;
  const keyed = db.$with('keyed').as(
    db
      .select({
        ...messageColumns(chosen),
        startDate: chosen.startDate,
        rowId: planned('id', 'row_id') as SQL.Aliased<string | null>,
        segments: planned('segments', 'row_segments') as SQL.Aliased<number | null>,
        basic: basic.as('basic'),
        firstLength: (uses.firstName ? filledLength(chosen.firstName) : sql<number>`0`).as(
          'first_length',
        ),
        lastLength: (uses.lastName ? filledLength(chosen.lastName) : sql<number>`0`).as(
          'last_length',
        ),
      })
      .from(chosen)
      .leftJoin(dayRows, eq(dayRows.contactId, chosen.contactId))
      .leftJoin(atPhone, and(isNull(dayRows.id), eq(atPhone.toPhone, chosen.phone))),
  );
  return { dayRows, keyed };
}

/** The columns a page reads of each recipient. */
const KEYED_COLUMNS = [
  'contactId',
  'phone',
  'state',
  'country',
  'firstName',
  'lastName',
  'startDate',
  'rowId',
  'segments',
] as const;

/** Recipients whose names (those the text uses) are all GSM-7 basic, grouped by SQL. */
interface LengthGroup {
  basic: boolean;
  first_length: number;
  last_length: number;
  row_segments: number | null;
  count: number;
}

/** A recipient with a name of other characters, rendered on their own. */
interface OtherRecipient {
  id: string;
  first_name: string;
  last_name: string;
  row_segments: number | null;
}

interface Window {
  limit: number;
  offset: number;
}

/**
 * The statements of a preview, each reading the day's recipients once (a CTE): the length groups
 * and the other recipients (as JSON beside a page's rows, or alone), and a page, whose planned
 * rows are read for its recipients only.
 */
function previewQueries(db: Db, { dayRows, keyed }: ReturnType<typeof keyedRecipients>) {
  const groups = db
    .select({
      basic: keyed.basic,
      firstLength: keyed.firstLength,
      lastLength: keyed.lastLength,
      segments: keyed.segments,
      count: count().as('count'),
    })
    .from(keyed)
    .groupBy(keyed.basic, keyed.firstLength, keyed.lastLength, keyed.segments);
  const others = db
    .select({
      contactId: keyed.contactId,
      firstName: keyed.firstName,
      lastName: keyed.lastName,
      segments: keyed.segments,
    })
    .from(keyed)
    .where(sql`not ${keyed.basic}`);
  const counts = {
    groups: sql<LengthGroup[]>`(select coalesce(json_agg(g), '[]'::json) from (${groups}) g)`,
    others: sql<OtherRecipient[]>`(select coalesce(json_agg(o), '[]'::json) from (${others}) o)`,
  };
  const columnsOf = <T extends Record<(typeof KEYED_COLUMNS)[number], unknown>>(from: T) =>
    Object.fromEntries(KEYED_COLUMNS.map((key) => [key, from[key]])) as Pick<
      T,
      (typeof KEYED_COLUMNS)[number]
    >;
  /** The recipients `where` selects, a page of them in contact order, with their planned rows. */
  const page = <F extends Record<string, SQL>>(
    where: SQL | undefined,
    window: Window,
    extra: F,
  ) => {
    const recipients = db
      .select(columnsOf(keyed))
      .from(keyed)
      .where(where)
      .orderBy(keyed.contactId)
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    return db
      .with(dayRows, keyed)
      .select({
        ...columnsOf(recipients),
        body: outboundMessages.body,
        mediaUrl: outboundMessages.mediaUrl,
        sendAfter: outboundMessages.sendAfter,
        timeZone: outboundMessages.timeZone,
        sendWindowLatest: outboundMessages.sendWindowLatest,
        status: outboundMessages.status,
        ...extra,
      })
      .from(recipients)
      .leftJoin(outboundMessages, eq(outboundMessages.id, recipients.rowId))
      .orderBy(recipients.contactId);
  };
  return {
    keyed,
    /** The groups and the others alone (no row when there is no recipient). */
    counts: () => db.with(dayRows, keyed).select(counts).from(keyed).limit(1),
    /** A page of every recipient, each row carrying the groups and the others. */
    pageWithCounts: (window: Window) => page(undefined, window, counts),
    /** A page of the recipients `where` selects. */
    page: (where: SQL, window: Window) => page(where, window, {}),
  };
}

type PreviewQueries = ReturnType<typeof previewQueries>;
type KeyedRow = Awaited<ReturnType<PreviewQueries['page']>>[number];

/**
 * How many recipients there are and how many are flagged, and which the flagged are in SQL's terms
 * (see above): the length groups of basic names that are flagged, and the flagged recipients
 * among the others, rendered one by one.
 */
function flaggedOf(
  queries: PreviewQueries,
  day: PreviewDay,
  found: { groups: LengthGroup[]; others: OtherRecipient[] } | undefined,
) {
  const { groups = [], others = [] } = found ?? {};
  let total = others.length;
  const flaggedGroups: { lf: number; ll: number; ps: number }[] = [];
  let flagged = 0;
  for (const group of groups) {
    if (!group.basic) continue;
    total += group.count;
    const standIns = {
      firstName: 'x'.repeat(group.first_length),
      lastName: 'x'.repeat(group.last_length),
    };
    if (isFlagged(day, standIns, group.row_segments)) {
      flagged += group.count;
      flaggedGroups.push({
        lf: group.first_length,
        ll: group.last_length,
        ps: group.row_segments ?? -1,
      });
    }
  }
  const flaggedIds = others
    .filter((other) =>
      isFlagged(
        day,
        { firstName: other.first_name, lastName: other.last_name },
        other.row_segments,
      ),
    )
    .map((other) => other.id);
  flagged += flaggedIds.length;
  const { keyed } = queries;
  const key = sql`(${keyed.firstLength}, ${keyed.lastLength}, coalesce(${keyed.segments}, -1))`;
  const groupsJson = JSON.stringify(flaggedGroups);
  const groupsFlagged = sql`select lf, ll, ps from jsonb_to_recordset(${groupsJson}::jsonb)
    as flagged (lf integer, ll integer, ps integer)`;
  const idsJson = JSON.stringify(flaggedIds);
  const othersFlagged = sql`select value::uuid from jsonb_array_elements_text(${idsJson}::jsonb)`;
  const where = sql`(${keyed.basic} and ${key} in (${groupsFlagged}))
    or ${keyed.contactId} in (${othersFlagged})`;
  return { total, flagged, where };
}

/**
 * The day's send time for a recipient: the program's, or on a rolling program's participant's own
 * calendar, from their day 0 (the planner's rule: sendTimeOfDay of a schedule starting then).
 */
function recipientDayAt(row: KeyedRow, day: PreviewDay): Date {
  if (row.startDate === null) return day.sendAt;
  return sendTimeOfDay({ ...day.schedule, startDate: row.startDate }, day.day).sendAt;
}

/** When quiet hours hold a planned row: as the dispatcher will, or already did (to a morning). */
function plannedHold(row: KeyedRow, sendAfter: Date, dayAt: Date) {
  if (row.status !== 'queued' || !row.timeZone) return null;
  const zones = splitZones(row.timeZone);
  const hold = quietHold(sendAfter, zones, windowLatest(row.sendWindowLatest));
  if (hold) return hold;
  const movedTo = sendAfter > dayAt ? morningZone(sendAfter, zones) : undefined;
  return movedTo ? { until: sendAfter, timeZone: movedTo } : null;
}

/** When quiet hours where an unplanned recipient may be hold the day's message, due at `dayAt`. */
function recipientHold(row: KeyedRow, dayAt: Date, timeZone: string) {
  const window = recipientSendWindow(
    { country: row.country, state: row.state, phone: row.phone! },
    [timeZone],
  );
  return quietHold(dayAt, window.zones, window.latest);
}

/** One recipient's message: their planned row, or rendered as the planner will write it. */
function previewOf(row: KeyedRow, day: PreviewDay): ApiPreviewRecipient {
  const planned =
    row.rowId === null
      ? null
      : {
          body: row.body!,
          segments: row.segments!,
          mediaUrl: row.mediaUrl,
          sendAt: row.sendAfter!,
        };
  const message = messageFor(day, row, planned);
  const dayAt = recipientDayAt(row, day);
  const sendAt = planned?.sendAt ?? dayAt;
  const hold = planned ? plannedHold(row, sendAt, dayAt) : recipientHold(row, dayAt, day.timeZone);
  return {
    contactId: row.contactId,
    contactName: [row.firstName.trim(), row.lastName.trim()].filter(Boolean).join(' '),
    phone: row.phone!,
    startDate: row.startDate,
    planned: planned !== null,
    status: planned ? row.status : null,
    body: message.body,
    encoding: analyzeSms(message.body).encoding,
    segments: message.segments,
    mediaUrl: message.mediaUrl,
    sendAt: sendAt.toISOString(),
    heldUntil: hold && { until: hold.until.toISOString(), timeZone: hold.timeZone },
    emptyFields: message.emptyFields,
    ...segmentFlags(day, message.segments),
  };
}

export interface PreviewSettings {
  /** PUBLIC_URL: media URLs in messages are absolute. */
  publicUrl: string;
  messageSettings: MessageSettings;
}

/** GET /api/programs/{id}/preview (see above); `now` says whose enrollment is active. */
export async function programPreview(
  db: Db,
  programId: string,
  query: ProgramPreviewQuery,
  settings: PreviewSettings,
  now: Date,
): Promise<ApiProgramPreview> {
  const { programName, productId, schedule, enrollment } = await programWithSchedule(db, programId);
  const rolling = enrollment === 'rolling';
  if (productId === null) throw badRequest(t.noProduct);
  if (!schedule) throw badRequest(t.noStartDate);
  const last = conclusionDay(schedule.days);
  if (query.day > last) {
    throw badRequest(formatMessage(t.dayOutOfRange, { day: query.day, last }));
  }
  const message = await dayMessage(db, productId, query.day);
  const links = message.links.map((link) => ({ ...link, tracked: isTracked(link) }));
  const size = messageSize(countedMessage({ text: message.text, links }, settings.messageSettings));
  const { sendAt } = sendTimeOfDay(schedule, query.day);
  // A start date stored before dates were bounded may put the day where no instant can be written.
  // A rolling program's participants are on calendars of their own, from days 0 of their joining.
  const year = sendAt.getUTCFullYear();
  if (!rolling && (Number.isNaN(year) || year < 1 || year > 9999)) {
    throw badRequest(formatMessage(t.dayOutOfTime, { date: schedule.startDate, day: query.day }));
  }
  const parsed = parsePersonalText(message.text);
  const day: PreviewDay = {
    day: query.day,
    message,
    parsed,
    shared: { program_name: programName, day: query.day, days_left: last - query.day },
    shortLinks: links.map((link) =>
      link.tracked ? sampleShortLink(settings.messageSettings.shortLinkBase) : null,
    ),
    publicUrl: settings.publicUrl,
    schedule,
    sendAt,
    timeZone: schedule.timeZone,
    counted: size.segments,
  };
  const fields = new Set(
    parsed.parts.flatMap((part) => (typeof part === 'string' ? [] : part.field)),
  );
  const queries = previewQueries(
    db,
    keyedRecipients(
      db,
      programId,
      query.day,
      rolling
        ? rollingDayRecipients(db, programId, query.day, now)
        : cohortDayRecipients(db, programId, sendAt),
      { firstName: fields.has('first_name'), lastName: fields.has('last_name') },
    ),
  );
  const window = pageOf({ page: query.page ?? 1, perPage: query.perPage ?? PREVIEW_PER_PAGE });
  const limited = { limit: window.limit!, offset: window.offset };
  // Unfiltered, one statement reads the page and the counts; past the end, the counts alone.
  let rows: KeyedRow[] = [];
  let counted: Parameters<typeof flaggedOf>[2];
  if (query.flagged) {
    [counted] = await queries.counts();
  } else {
    const page = await queries.pageWithCounts(limited);
    rows = page;
    [counted] = page.length > 0 ? page : await queries.counts();
  }
  const { total, flagged, where } = flaggedOf(queries, day, counted);
  if (query.flagged && flagged > 0) rows = await queries.page(where, limited);
  return {
    day: query.day,
    enrollment,
    // A rolling program's day goes at a time of each participant's own: see each recipient.
    sendAt: rolling ? null : sendAt.toISOString(),
    timeZone: schedule.timeZone,
    counted: { encoding: size.encoding, segments: size.segments },
    trackedLinks: links.filter((link) => link.tracked).length,
    recipients: rows.map((row) => previewOf(row, day)),
    total,
    flagged,
  };
}
