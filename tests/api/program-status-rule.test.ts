import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { programStatusSqlAt } from '../../src/server/services/programs';
import { SEND_WINDOW, TIME_ZONES, type ProgramStatus } from '../../src/shared/constants';
import { conclusionDay } from '../../src/shared/product';
import { addDays, programStatus, sendTimeOfDay } from '../../src/shared/schedule';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * A program's status is decided twice: in SQL (`programStatusSqlAt`, which filters and sorts the
 * programs list and picks the dashboard's running programs) and in TypeScript (`programStatus`,
 * which every program the API shows carries). Here the database evaluates the SQL rule for many
 * programs at many instants, a batch in one query, and each answer must be the shared function's.
 */

interface Case {
  hasProduct: boolean;
  startDate: string | null;
  sendTime: string;
  timeZone: string;
  days: number;
  paused: boolean;
  at: string;
  /** A rolling program's last day 0, or null while open; absent: a cohort program. */
  rolling?: { endsOn: string | null };
}

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb.dispose());

const BATCH = 4000;

/**
 * The SQL rule's answer for each case. The CTEs `programs` and `products` stand in for the tables
 * the expression names, one program (and its product, if it has one) per case.
 */
async function sqlStatuses(cases: Case[]): Promise<ProgramStatus[]> {
  const answers: ProgramStatus[] = [];
  for (let from = 0; from < cases.length; from += BATCH) {
    const batch = cases.slice(from, from + BATCH).map((c, id) => ({ id, ...c }));
    const result = await db.execute(sql`
      with cases as (
        select * from json_to_recordset(${JSON.stringify(batch)}::json) as c(
          id int, "hasProduct" boolean, "startDate" date, "sendTime" text, "timeZone" text,
          days int, paused boolean, at timestamptz, rolling json)
      ),
      programs as (
        select id, case when "hasProduct" then id end as product_id, "startDate" as start_date,
          "sendTime" as send_time, "timeZone" as time_zone,
          case when paused then at end as paused_at, at,
          case when rolling is null then 'cohort' else 'rolling' end as enrollment,
          (rolling ->> 'endsOn')::date as enrollment_ends_on
        from cases
      ),
      products as (select id, days from cases where "hasProduct")
      select ${programStatusSqlAt(sql`"programs"."at"`)} as status
      from programs left join products on products.id = programs.product_id
      order by programs.id`);
    const { rows } = result as unknown as { rows: { status: ProgramStatus }[] };
    answers.push(...rows.map((row) => row.status));
  }
  return answers;
}

const sharedStatus = (c: Case): ProgramStatus =>
  programStatus(
    {
      hasProduct: c.hasProduct,
      schedule: c.startDate
        ? { startDate: c.startDate, sendTime: c.sendTime, timeZone: c.timeZone, days: c.days }
        : null,
      paused: c.paused,
      rolling: c.rolling,
    },
    new Date(c.at),
  );

/** The cases where the two rules answer differently, with both answers. */
async function disagreements(cases: Case[]) {
  const answers = await sqlStatuses(cases);
  expect(answers).toHaveLength(cases.length);
  return cases
    .map((c, i) => ({ ...c, sql: answers[i], shared: sharedStatus(c) }))
    .filter((c) => c.sql !== c.shared);
}

const SEND_TIMES = [
  SEND_WINDOW.earliest,
  SEND_WINDOW.default,
  '13:30',
  '17:45',
  SEND_WINDOW.latest,
];
const DAYS = [1, 2, 7, 30, 365];
/** A plain day and the US daylight-saving changes of 2026 (March 8, November 1). */
const TODAYS = ['2026-06-15', '2026-03-08', '2026-11-01'];
/** Through UTC's day: the zones' local dates differ from UTC's in the evening. */
const UTC_TIMES = ['00:00:00.000', '06:00:00.000', '12:00:00.000', '18:30:00.000', '23:59:59.999'];
const FAR_DATES = ['0001-01-01', '1970-01-01', '2000-01-01', '2099-12-31', '9999-12-31'];

function* grid(): Generator<Case> {
  for (const today of TODAYS) {
    const startDates = [
      ...[-400, -40, -8, -3, -2, -1, 0, 1, 2, 3, 40].map((offset) => addDays(today, offset)),
      ...FAR_DATES,
    ];
    for (const time of UTC_TIMES) {
      const at = `${today}T${time}Z`;
      for (const startDate of startDates)
        for (const sendTime of SEND_TIMES)
          for (const timeZone of TIME_ZONES)
            for (const days of DAYS)
              for (const paused of [false, true])
                yield { hasProduct: true, startDate, sendTime, timeZone, days, paused, at };
      yield* drafts(at);
    }
  }
}

/** No product, no start date, or neither: a draft, paused or not. */
function* drafts(at: string): Generator<Case> {
  const base = { sendTime: SEND_WINDOW.default, timeZone: TIME_ZONES[0], days: 7, at };
  for (const paused of [false, true]) {
    yield { ...base, hasProduct: false, startDate: '2026-06-15', paused };
    yield { ...base, hasProduct: true, startDate: null, paused };
    yield { ...base, hasProduct: false, startDate: null, paused };
  }
}

/**
 * A millisecond before, at, and after the pre-message's send time and the conclusion's, computed
 * by the shared schedule; among them programs whose day 0 or conclusion falls on a day the clocks
 * change.
 */
function* edges(): Generator<Case> {
  const starts = [
    '2026-03-06',
    '2026-03-07',
    '2026-03-08',
    '2026-10-31',
    '2026-11-01',
    '2026-06-15',
  ];
  for (const startDate of starts)
    for (const sendTime of SEND_TIMES)
      for (const timeZone of TIME_ZONES)
        for (const days of [...DAYS, 5, 6, 235, 236]) {
          const schedule = { startDate, sendTime, timeZone, days };
          const first = sendTimeOfDay(schedule, 0).sendAt.getTime();
          const last = sendTimeOfDay(schedule, conclusionDay(days)).sendAt.getTime();
          for (const instant of [first, last])
            for (const delta of [-1, 0, 1]) {
              const at = new Date(instant + delta).toISOString();
              yield { hasProduct: true, startDate, sendTime, timeZone, days, paused: false, at };
            }
        }
}

/** Rolling programs: enrollment open, or ending before, on or after the start date's days. */
function* rollingGrid(): Generator<Case> {
  for (const today of TODAYS)
    for (const time of UTC_TIMES) {
      const at = `${today}T${time}Z`;
      for (const offset of [-400, -8, -2, -1, 0, 1, 2, 40])
        for (const ends of [null, -30, -3, 0, 1, 5])
          for (const timeZone of TIME_ZONES)
            for (const days of [1, 7, 30])
              for (const paused of [false, true]) {
                const startDate = addDays(today, offset);
                const endsOn = ends === null ? null : addDays(today, ends);
                yield {
                  hasProduct: true,
                  startDate,
                  sendTime: SEND_WINDOW.default,
                  timeZone,
                  days,
                  paused,
                  at,
                  rolling: { endsOn },
                };
              }
    }
}

const arbitraryCase: fc.Arbitrary<Case> = fc.record({
  hasProduct: fc.boolean(),
  startDate: fc.option(
    fc.integer({ min: -20, max: 20 }).map((offset) => addDays('2026-03-08', offset)),
    { freq: 10 },
  ),
  sendTime: fc
    .record({ hour: fc.integer({ min: 8, max: 20 }), minute: fc.integer({ min: 0, max: 59 }) })
    .map(
      ({ hour, minute }) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    ),
  timeZone: fc.constantFrom(...TIME_ZONES),
  days: fc.integer({ min: 1, max: 365 }),
  paused: fc.boolean(),
  at: fc
    .integer({ min: Date.parse('2026-02-01T00:00:00Z'), max: Date.parse('2026-04-30T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString()),
  rolling: fc.option(
    fc.record({
      endsOn: fc.option(
        fc.integer({ min: -20, max: 20 }).map((offset) => addDays('2026-03-08', offset)),
        { nil: null },
      ),
    }),
    { nil: undefined },
  ),
});

describe('the program status rule: SQL and shared agree', () => {
  it('on a grid of start dates, send times, zones, lengths and instants through the day', async () => {
    const cases = [...grid()];
    expect(cases.length).toBeGreaterThan(50_000);
    expect(await disagreements(cases)).toEqual([]);
  });

  it('for rolling programs, open or with an enrollment end, on a grid of dates and instants', async () => {
    const cases = [...rollingGrid()];
    expect(await disagreements(cases)).toEqual([]);
  });

  it('a millisecond around the pre-message and the conclusion, across the clock changes', async () => {
    const cases = [...edges()];
    expect(await disagreements(cases)).toEqual([]);
  });

  it('on random programs near a clock change, at random instants', async () => {
    const cases = fc.sample(arbitraryCase, 3000);
    expect(await disagreements(cases)).toEqual([]);
  });
});
