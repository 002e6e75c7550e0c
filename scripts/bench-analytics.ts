/**
 * `npm run bench:analytics`: how long GET /api/analytics takes on a year of a busy outbox, through
 * the real route (`app.inject`: authentication, validation, the five queries, the JSON). Seeds
 * 10,000,000 outbound messages on PostgreSQL and 1,000,000 on the embedded database (BENCH_MESSAGES
 * sets both), from 50 programs of 50 days over 2025, with mixed statuses and failure reasons, a
 * tracked link in each (two every seventh day) and their clicks, plus their consent log and
 * replies, each a scratch database of its own (scripts/bench-database.ts: which server,
 * BENCH_ONLY, BENCH_KEEP). The outbox's counts are folded in, as a dispatcher would within 30 s.
 * Times a 30-day range, the whole year (366 days) and 30 days of one program, and prints the median
 * and worst of BENCH_RUNS runs after a warm-up; then checks that every figure of each answer equals
 * the same figure counted over the rows (the tests' counts over messages, links, clicks and
 * replies), and fails if one does not. `BENCH_SEEDED` measures a database kept by an earlier run,
 * upgraded first. `BENCH_EXPLAIN=1` prints each query's plan (EXPLAIN
 * ANALYZE) too. Prints figures; never fails on a slow machine. Targets: a year under 100 ms on
 * PostgreSQL and 300 ms on PGlite, 30 days under 30 ms.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { loadConfig, type Config } from '../src/server/env';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { rowsOf } from '../src/server/db/rows';
import { analyticsQueries } from '../src/server/services/analytics';
import { analyticsClicks } from '../src/server/services/analytics-clicks';
import { foldMessageCounts } from '../src/server/services/message-counts';
import { prepareDatabase } from '../src/server/startup';
import type { AnalyticsQuery } from '../src/shared/analytics';
import type { AnalyticsResponse } from '../src/shared/responses/figures';
import { benchAdmin, medianAndWorst, ms, number } from './bench/common';
import { onEachDatabase, type BenchDatabaseKind } from './bench-database';
import {
  analyticsOverMessages,
  messageFiguresShown,
  messageFiguresToShow,
} from '../tests/api/helpers/analytics-over-messages';
import { clickRowsOverMessages } from '../tests/api/helpers/clicks-over-messages';
import { consentOverRows, programOptOutsOverRows } from '../tests/api/helpers/consent-over-rows';

const PROGRAMS = 50;
const DAYS_PER_PROGRAM = 50;
/** BENCH_MESSAGES=100000 for a quicker run (a multiple of 2,500: 50 programs of 50 days). */
const MESSAGES: Record<BenchDatabaseKind, number> = {
  postgres: Number(process.env.BENCH_MESSAGES || 10_000_000),
  pglite: Number(process.env.BENCH_MESSAGES || 1_000_000),
};
const RUNS = Number(process.env.BENCH_RUNS || 5);
/**
 * BENCH_SEEDED=<PostgreSQL URL>: time and check a database an earlier run kept (BENCH_KEEP=1)
 * instead of seeding one, after this Tidings' start has migrated it, as an upgrade would.
 */
const SEEDED = process.env.BENCH_SEEDED;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const ADMIN = benchAdmin('analytics');

/**
 * Program `program`'s messages, their links and clicks, and its replies. Message g (g % 50: its
 * program) goes to person (g / 50) % people of the program's pod on program day g / (50 x people),
 * sent at about 09:00 in Los Angeles. A hash of g picks its status and failure reason, the same on
 * every run and independent of its program.
 */
async function seedProgram(db: Database['db'], program: number, people: number) {
  const reasons = sql.raw(
    `array['30003', '30005', '30006', '30007', '21211'], array['Unreachable destination handset', 'Unknown destination handset', 'Landline or unreachable carrier', 'Message filtered', 'Invalid phone number']`,
  );
  const [{ programId }] = (await rowsOf<{ programId: string }>(
    db,
    sql`select program_id as "programId" from bench_programs where n = ${program}`,
  )) as [{ programId: string }];
  await db.execute(sql`
    insert into outbound_messages (kind, program_id, day, contact_id, to_phone, body, status,
      error_code, error_message, send_after, sent_at, delivered_at, created_at, updated_at)
    select 'program', ${programId}::uuid, m.day, pe.user_id, pe.phone,
      'Day ' || m.day || ': a moment of calm, with a link to today''s practice.', m.status,
      case when m.status in ('undelivered', 'failed') then m.codes[m.reason] end,
      case when m.status in ('undelivered', 'failed') then m.texts[m.reason] end,
      m.due,
      case when m.handed_over then m.due + interval '2 seconds' end,
      case when m.status = 'delivered' then m.due + interval '6 seconds' end,
      m.due - interval '2 minutes',
      m.due + case when m.status = 'expired' then interval '4 hours' else interval '6 seconds' end
    from (
      select k % ${people} as person, k / ${people} as day, s.status, s.reason, codes, texts,
        s.status in ('delivered', 'sent', 'undelivered') or s.status = 'failed' and not s.refused
          as handed_over,
        ('2025-01-01'::date + 7 * ${program} + k / ${people}
          + time '09:00' + (g % 600) * interval '1 second') at time zone 'America/Los_Angeles' as due
      from generate_series(0, ${people * DAYS_PER_PROGRAM - 1}) as k,
        lateral (select k * ${PROGRAMS} + ${program} as g) as numbered,
        (select ${reasons}) as reason_texts (codes, texts),
      lateral (
        select case
            when r < 880 then 'delivered' when r < 920 then 'sent' when r < 950 then 'undelivered'
            when r < 975 then 'failed' when r < 990 then 'expired' else 'canceled' end as status,
          r >= 965 and r < 975 as refused, 1 + abs(hashint4(-g)::bigint) % 5 as reason
        from (select abs(hashint4(g)::bigint) % 1000 as r) as pick
      ) as s
    ) as m
    join bench_people pe on pe.n = ${program * people} + m.person`);

  // Tracked links: every program message carries one, every seventh day a second; a phone's
  // preview fetches each (recorded, not counted), and a person opens one in three of the links of
  // the messages that reached them, a few twice.
  await db.execute(sql`
    insert into short_links (code, message_id, program_id, day, link_index, url, created_at)
    select 'b' || lpad(to_hex(${program}::int), 2, '0') || lpad(to_hex(row_number() over ()), 6, '0'),
      o.id, o.program_id, o.day, n, 'https://example.org/practice/' || o.day || '/' || n, o.created_at
    from outbound_messages o, generate_series(0, 1) as n
    where o.program_id = ${programId} and (n = 0 or o.day % 7 = 0)`);
  await db.execute(sql`
    insert into link_clicks (code, at, method, user_agent, counted)
    select sl.code, o.sent_at + interval '1 second', 'GET', 'facebookexternalhit/1.1', false
    from short_links sl join outbound_messages o on o.id = sl.message_id
    where sl.program_id = ${programId} and o.sent_at is not null
    union all
    select sl.code, o.sent_at + interval '1 minute' * (1 + r % 3), 'GET', 'Mozilla/5.0 (iPhone)', true
    from short_links sl join outbound_messages o on o.id = sl.message_id,
      lateral (select abs(hashtext(sl.code)) as r) as pick,
      generate_series(1, case when r % 10 = 0 then 2 else 1 end)
    where sl.program_id = ${programId} and o.status in ('delivered', 'sent') and r % 3 = 0`);

  // One message in twenty got a reply an hour after it went out.
  await db.execute(sql`
    insert into inbound_messages (provider_message_id, from_phone, to_phone, body, contact_id, received_at)
    select 'SMbench' || o.id, o.to_phone, '+15005550006', 'Thank you!', o.contact_id,
      o.sent_at + interval '1 hour'
    from outbound_messages o
    where o.program_id = ${programId} and o.sent_at is not null
      and (hashtext(o.id::text) & 1023) < 51`);
}

/**
 * 50 programs of one pod each, messages / 2,500 participants per pod (400 for a million). Program p
 * runs DAYS_PER_PROGRAM days from day 7p of 2025, one message a day to each of its people at about 09:00 in Los Angeles. Of every
 * 1,000 messages: 880 delivered, 40 handed over and still 'sent', 30 undelivered and 15 failed by
 * the provider (five reasons), 10 refused before hand-over, 15 expired, 10 canceled. Every person
 * opted in before their program; one in twelve opted out during it; one message in twenty got a
 * reply. Set-based (`insert … select … generate_series`), a program at a time, so it takes minutes,
 * not hours, and no statement holds ten million rows.
 */
async function seed(database: Database, messages: number) {
  const { db } = database;
  const PEOPLE_PER_PROGRAM = messages / (PROGRAMS * DAYS_PER_PROGRAM);
  const people = PROGRAMS * PEOPLE_PER_PROGRAM;
  await db.execute(sql`
    insert into users (email, role, status, first_name, last_name, phone, sms_verified, created_at)
    select 'analytics' || g || '@example.com', 'participant', 'active', 'Bench', 'Person' || g,
      '+1503' || lpad(g::text, 7, '0'), true, '2024-12-01T00:00:00Z'
    from generate_series(1, ${people}) as g`);
  await db.execute(sql`
    insert into programs (program_name, time_zone, created_at, updated_at)
    select 'Bench program ' || lpad(g::text, 2, '0'), 'America/Los_Angeles',
      '2024-12-01T00:00:00Z', '2024-12-01T00:00:00Z'
    from generate_series(1, ${PROGRAMS}) as g`);
  await db.execute(sql`
    insert into pods (pod_id, pod_name)
    select 'POD-BENCH-' || g, 'Bench pod ' || g from generate_series(1, ${PROGRAMS}) as g`);
  // Numbered views of what was just made, for the set-based inserts below.
  await db.execute(sql`
    create temporary table bench_programs as
    select p.id as program_id, pod.id as pod_id, (row_number() over (order by p.program_name) - 1)::int as n
    from programs p join pods pod on pod.pod_name = 'Bench pod ' || substr(p.program_name, 15)::int`);
  await db.execute(sql`
    create temporary table bench_people as
    select id as user_id, phone, (row_number() over (order by email) - 1)::int as n
    from users where first_name = 'Bench'`);
  await db.execute(sql`create index on bench_people (n)`);
  await db.execute(sql`
    insert into program_pods (program_id, pod_id) select program_id, pod_id from bench_programs`);
  await db.execute(sql`
    insert into pod_members (pod_id, user_id, joined_at)
    select bp.pod_id, pe.user_id, '2024-12-01T00:00:00Z'
    from bench_people pe join bench_programs bp on bp.n = pe.n / ${PEOPLE_PER_PROGRAM}`);

  // The consent log: each person opted in the week before their program began; one in twelve
  // opted out on a day of it.
  await db.execute(sql`
    insert into consent_events (contact_id, phone, event, source, keyword, at)
    select pe.user_id, pe.phone, 'opted_in', 'keyword', 'JOIN',
      ('2025-01-01'::date + 7 * bp.n - 7 + time '12:00') at time zone 'America/Los_Angeles'
    from bench_people pe join bench_programs bp on bp.n = pe.n / ${PEOPLE_PER_PROGRAM}
    union all
    select pe.user_id, pe.phone, 'opted_out', 'keyword', 'STOP',
      ('2025-01-01'::date + 7 * bp.n + pe.n % ${DAYS_PER_PROGRAM} + time '19:00') at time zone 'America/Los_Angeles'
    from bench_people pe join bench_programs bp on bp.n = pe.n / ${PEOPLE_PER_PROGRAM}
    where pe.n % 12 = 0`);
  for (let program = 0; program < PROGRAMS; program++) {
    await seedProgram(db, program, PEOPLE_PER_PROGRAM);
    if ((program + 1) % 10 === 0) console.log(`  ${program + 1} of ${PROGRAMS} programs seeded`);
  }
  // The outbox's counts folded in, as a dispatcher does every 30 s (message-counts.ts).
  await foldMessageCounts(db);
  // Fresh statistics, as the server keeps them (PGlite: at start and hourly; PostgreSQL: autovacuum).
  await db.execute(sql`analyze`);
  return rowCounts(db);
}

/** How many messages, consent events, replies and link requests the database holds. */
async function rowCounts(db: Database['db']) {
  const [counts] = (
    (await db.execute(sql`
      select (select count(*)::int from outbound_messages) as messages,
        (select count(*)::int from consent_events) as consent,
        (select count(*)::int from inbound_messages) as replies,
        (select count(*)::int from link_clicks) as clicks`)) as unknown as {
      rows: { messages: number; consent: number; replies: number; clicks: number }[];
    }
  ).rows;
  return counts!;
}

const REQUESTS: { label: string; query: (programId: string) => AnalyticsQuery }[] = [
  { label: '30 days', query: () => ({ from: '2025-06-01', to: '2025-06-30' }) },
  { label: '366 days', query: () => ({ from: '2025-01-01', to: '2026-01-01' }) },
  {
    label: '30 days, one program',
    query: (programId) => ({ from: '2025-06-01', to: '2025-06-30', programId }),
  },
];

/**
 * Whether `answer` shows every figure the rows give (the tests' counts over messages, links, clicks
 * and replies, as Tidings counted before the outbox had counts): the names of those that differ.
 */
async function differencesFromRows(
  db: Database['db'],
  query: AnalyticsQuery,
  answer: AnalyticsResponse,
): Promise<string[]> {
  const rows = await analyticsOverMessages(db, query);
  const clicks = analyticsClicks(await clickRowsOverMessages(db, query));
  const { optIns, optOuts, replies } = answer.totals;
  const expected = {
    ...messageFiguresToShow(rows),
    clicks,
    consent: await consentOverRows(db, query),
    programOptOuts: await programOptOutsOverRows(
      db,
      query,
      answer.programs.map((p) => p.programId),
    ),
  };
  const shown = {
    ...messageFiguresShown(answer),
    clicks: answer.clicks,
    consent: { optIns, optOuts, replies },
    programOptOuts: Object.fromEntries(answer.programs.map((p) => [p.programId, p.optOuts])),
  };
  return Object.keys(expected).filter(
    (key) =>
      !isDeepStrictEqual(
        (expected as Record<string, unknown>)[key],
        (shown as Record<string, unknown>)[key],
      ),
  );
}

async function explain(database: Database, query: AnalyticsQuery) {
  for (const [name, statement] of Object.entries(analyticsQueries(query))) {
    // The clicks' query runs with hash joins only (services/analytics-clicks.ts `clickRows`).
    const result = (await database.db.transaction(async (tx) => {
      if (name === 'clicks') await tx.execute(sql`set local enable_nestloop = off`);
      return tx.execute(sql`explain (analyze, costs off, timing off, summary on) ${statement}`);
    })) as unknown as { rows: Record<string, string>[] };
    console.log(`\n  -- ${name}`);
    for (const row of result.rows) console.log(`  ${Object.values(row)[0]}`);
  }
}

async function measure(label: string, messages: number, config: Config) {
  if (!SEEDED && (!Number.isInteger(messages / (PROGRAMS * DAYS_PER_PROGRAM)) || messages < 1))
    throw new Error(`BENCH_MESSAGES must be a multiple of ${PROGRAMS * DAYS_PER_PROGRAM}`);
  const started = performance.now();
  const { database } = await prepareDatabase(config);
  try {
    const prepared = performance.now();
    if (SEEDED) {
      // An earlier run's database, brought up to this Tidings' migrations by the start above.
      await foldMessageCounts(database.db);
      await database.db.execute(sql`analyze`);
      console.log(`${label}: started (and upgraded) in ${ms(prepared - started)}.`);
    }
    const counts = SEEDED ? await rowCounts(database.db) : await seed(database, messages);
    console.log(
      `${label}: ${SEEDED ? 'holds' : 'seeded'} ${number(counts.messages)} outbound messages, ${number(counts.consent)} consent events, ${number(counts.replies)} replies and ${number(counts.clicks)} requests for short links${SEEDED ? '' : ` in ${ms(performance.now() - prepared)}`}.`,
    );
    const app = await buildApp({ config, database, logger: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
      });
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      // The busiest program of June: the one with the most messages handed over then.
      const [busiest] = (
        (await database.db.execute(sql`
          select program_id from outbound_messages
          where sent_at >= '2025-06-01T07:00:00Z' and sent_at < '2025-07-01T07:00:00Z'
          group by program_id order by count(*) desc limit 1`)) as unknown as {
          rows: { program_id: string }[];
        }
      ).rows;
      const figures: string[] = [];
      for (const request of REQUESTS) {
        const query = request.query(busiest!.program_id);
        const url = `/api/analytics?${new URLSearchParams(Object.entries(query))}`;
        const times: number[] = [];
        let body: AnalyticsResponse | undefined;
        for (let run = 0; run <= RUNS; run++) {
          const started = performance.now();
          const response = await app.inject({ method: 'GET', url, headers });
          if (run > 0) times.push(performance.now() - started); // run 0 is the warm-up
          if (response.statusCode !== 200)
            throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
          body = response.json<AnalyticsResponse>();
        }
        const { totals } = body!;
        const line = `${label}, ${request.label}: ${medianAndWorst(times)} (sent ${number(totals.sent)}, failed ${number(totals.failed)}, clicked ${number(body!.clicks.totals.clicked)}, ${body!.programs.length} programs)`;
        console.log(line);
        figures.push(line);
        if (EXPLAIN) await explain(database, query);
        const differences = await differencesFromRows(database.db, query, body!);
        if (differences.length > 0)
          throw new Error(`${line}: ${differences.join(', ')} differ from the rows counted`);
      }
      figures.push(`${label}: every figure equals the same figure counted over the rows.`);
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

try {
  // PostgreSQL first: it is the one with a target, and the quicker to seed.
  const figures = SEEDED
    ? [
        await measure(
          'PostgreSQL (kept)',
          0,
          loadConfig({
            DATABASE_URL: SEEDED,
            DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'tidings-bench-analytics-kept-')),
            LOG_LEVEL: 'silent',
            ...ADMIN,
          }),
        ),
      ]
    : await onEachDatabase(
        'analytics',
        (scratch) =>
          measure(
            scratch.label,
            MESSAGES[scratch.kind],
            loadConfig({ ...scratch.env, LOG_LEVEL: 'silent', ...ADMIN }),
          ),
        ['postgres', 'pglite'],
      );
  console.log(
    `\n${figures.flat().join('\n')}\n\nTargets: a year under 100 ms on PostgreSQL and 300 ms on PGlite, 30 days under 30 ms.`,
  );
} catch (error) {
  console.error(`bench:analytics failed: ${(error as Error).message}`);
  process.exit(1);
}
