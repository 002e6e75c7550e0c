import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analytics } from '../../src/server/services/analytics';
import { analyticsClicks } from '../../src/server/services/analytics-clicks';
import { deliveryClicks } from '../../src/server/services/deliveries-clicks';
import type { AnalyticsQuery } from '../../src/shared/analytics';
import {
  analyticsOverMessages,
  messageFiguresShown,
  messageFiguresToShow,
  type MessageFigures,
} from './helpers/analytics-over-messages';
import { clickRowsOverMessages, deliveryClicksOverMessages } from './helpers/clicks-over-messages';
import { consentOverRows, programOptOutsOverRows } from './helpers/consent-over-rows';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { emptyDatabase, loadLandedState } from './helpers/landed';

/**
 * A database that Tidings filled before the outbox had counts (migrations up to 0023) is upgraded,
 * and Analytics and Deliveries show every figure they showed before: 3,000 messages of every status
 * over seven weeks across month ends and the start of daylight saving time, with their tracked
 * links, clicks, replies, consent changes and programs' pods, counted over the rows before the
 * upgrade and read from the counts (migrations 0024 to 0033) after it.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const BEFORE_COUNTS = '0024_message_counts';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const before = journal.entries.slice(
  0,
  journal.entries.findIndex(({ tag }) => tag === BEFORE_COUNTS),
);

const QUERIES: AnalyticsQuery[] = [
  { from: '2026-02-18', to: '2026-04-12' },
  { from: '2026-03-01', to: '2026-03-31' },
  { from: '2026-03-08', to: '2026-03-08' },
  { from: '2026-02-27', to: '2026-03-02' },
];

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.dispose());

/** 50 participants, three programs, and 3,000 messages: a fixed mix from a hash of each number. */
async function fill(db: TestDatabase['database']['db']) {
  await db.execute(sql`
    insert into users (email, role, status, first_name, last_name, phone, sms_verified)
    select 'counted' || g || '@example.com', 'participant', 'active', 'Counted', 'Person' || g,
      '+1503555' || lpad(g::text, 4, '0'), true
    from generate_series(1, 50) as g`);
  await db.execute(sql`
    insert into programs (program_name, time_zone)
    select 'Counted ' || g, 'America/Los_Angeles' from generate_series(1, 3) as g`);
  await db.execute(sql`
    with people as (select id, row_number() over (order by email) - 1 as n from users
                    where first_name = 'Counted'),
    progs as (select id, row_number() over (order by program_name) - 1 as n from programs),
    mix as (
      select g, abs(hashint4(g)) % 100 as r,
        timestamptz '2026-02-20T00:00:00Z' + (g * 1357 % (50 * 86400)) * interval '1 second' as at
      from generate_series(0, 2999) as g
    ),
    picked as (
      select g, r, at,
        case when r < 50 then 'delivered' when r < 60 then 'sent' when r < 70 then 'undelivered'
          when r < 78 then 'failed' when r < 85 then 'expired' when r < 90 then 'canceled'
          when r < 95 then 'queued' else 'unknown' end as status
      from mix
    )
    insert into outbound_messages (kind, program_id, day, run, contact_id, to_phone, body, status,
      error_code, error_message, expires_at, sent_at, updated_at)
    select case when pr.id is null then 'test' else 'program' end, pr.id,
      case when pr.id is null then null else g / 50 end, g + 1,
      case when g % 37 = 0 then null else pe.id end, '+15035550100', 'Counted', status,
      case when status in ('failed', 'undelivered') then (array['30003', '30005', null])[1 + g % 3] end,
      case when status in ('failed', 'undelivered', 'expired')
        then (array['Unreachable', 'Unknown handset', 'Too late'])[1 + g % 3] end,
      at + interval '1 day',
      case when status in ('delivered', 'sent', 'undelivered', 'unknown')
        or status = 'failed' and r % 2 = 0 then at end,
      at + (g % 7) * interval '1 hour'
    from picked
    left join progs pr on pr.n = g % 4
    join people pe on pe.n = (g * 7) % 50`);
}

/**
 * Two tracked links on each program message of two days in three (a fifth of the runs with another
 * first link: a rolling program's day can change between runs), a third of the links requested
 * (some by a preview, some twice), whatever became of their messages; 400 replies, a tenth from
 * numbers Tidings does not know.
 */
async function fillLinksAndReplies(db: TestDatabase['database']['db']) {
  await db.execute(sql`
    insert into short_links (code, message_id, program_id, day, link_index, url)
    select substr(md5(m.id::text || i), 1, 12), m.id, m.program_id, m.day, i,
      case when i = 0 and m.run % 5 = 0 then 'https://example.org/other'
        else 'https://example.org/d' || m.day || '/' || i end
    from outbound_messages m, generate_series(0, 1) as i
    where m.kind = 'program' and m.day % 3 <> 2`);
  await db.execute(sql`
    with links as (select code, abs(hashtext(code)) as h from short_links)
    insert into link_clicks (code, at, method, user_agent, counted)
    select code, timestamptz '2026-04-01T00:00:00Z' + n * interval '1 minute',
      case when h % 7 = 0 then 'HEAD' else 'GET' end, null, h % 7 <> 0 and h % 5 <> 0
    from links, generate_series(1, 2) as n
    where h % 3 = 0 and (n = 1 or h % 2 = 0)`);
  await db.execute(sql`
    insert into inbound_messages (provider_message_id, from_phone, to_phone, body, contact_id,
      received_at)
    select 'SMcounted' || g, '+15035550100', '+15005550006', 'Thanks',
      case when g % 10 = 0 then null
        else (select id from users where first_name = 'Counted' order by email offset g % 50 limit 1) end,
      timestamptz '2026-02-20T00:00:00Z' + (g * 10007 % (50 * 86400)) * interval '1 second'
    from generate_series(0, 399) as g`);
}

/**
 * Four pods, each person in one or two of them (a member in ten removed), given to the programs
 * (the second pod to two of them); 300 consent changes over the seven weeks, a tenth from numbers
 * Tidings does not know.
 */
async function fillPeople(db: TestDatabase['database']['db']) {
  await db.execute(sql`
    insert into pods (pod_id, pod_name)
    select 'POD-COUNTED-' || g, 'Counted pod ' || g from generate_series(0, 3) as g`);
  await db.execute(sql`
    with people as (select id, row_number() over (order by email) - 1 as n from users
                    where first_name = 'Counted'),
    counted_pods as (select id, row_number() over (order by pod_id) - 1 as n from pods
                     where pod_id like 'POD-COUNTED-%')
    insert into pod_members (pod_id, user_id, status)
    select p.id, pe.id, case when pe.n % 10 = 3 then 'removed' else 'active' end
    from people pe join counted_pods p on p.n = pe.n % 4 or (pe.n % 3 = 0 and p.n = (pe.n + 1) % 4)`);
  await db.execute(sql`
    with counted_pods as (select id, row_number() over (order by pod_id) - 1 as n from pods
                          where pod_id like 'POD-COUNTED-%'),
    progs as (select id, row_number() over (order by program_name) - 1 as n from programs)
    insert into program_pods (program_id, pod_id)
    select pr.id, p.id from progs pr join counted_pods p
      on p.n = pr.n or (p.n = 1 and pr.n = 0) or (p.n = 3 and pr.n = 2)`);
  await db.execute(sql`
    insert into consent_events (contact_id, phone, event, source, at)
    select case when g % 10 = 0 then null
        else (select id from users where first_name = 'Counted' order by email offset g % 50 limit 1) end,
      '+15035550100', (array['opted_in', 'opted_out', 'verified'])[1 + g % 3], 'keyword',
      timestamptz '2026-02-20T00:00:00Z' + (g * 14009 % (50 * 86400)) * interval '1 second'
    from generate_series(0, 299) as g`);
}

describe('upgrading a database with messages to one with counts', () => {
  it('keeps every figure Analytics showed', async () => {
    const { database } = testDb;
    const { db } = database;
    await emptyDatabase(db);
    await loadLandedState(db, {
      commits: [],
      name: 'before counts',
      tables: [],
      migrations: before.map(({ tag, when }) => ({
        tag,
        when,
        hash: createHash('sha256')
          .update(readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8'))
          .digest('hex'),
      })),
    });
    await fill(db);
    await fillLinksAndReplies(db);
    await fillPeople(db);
    const programIds = (
      (await db.execute(sql`select id from programs order by program_name`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((row) => row.id);
    const queries = [...QUERIES, ...programIds.map((programId) => ({ ...QUERIES[1]!, programId }))];
    const shown: MessageFigures[] = [];
    const clicks: ReturnType<typeof analyticsClicks>[] = [];
    const consent: Awaited<ReturnType<typeof consentOverRows>>[] = [];
    const optOuts: Record<string, number>[] = [];
    for (const query of queries) {
      shown.push(await analyticsOverMessages(db, query));
      clicks.push(analyticsClicks(await clickRowsOverMessages(db, query)));
      consent.push(await consentOverRows(db, query));
      optOuts.push(
        await programOptOutsOverRows(
          db,
          query,
          shown.at(-1)!.programs.map((p) => p.programId),
        ),
      );
    }
    const deliveries = await Promise.all(
      programIds.map((programId) => deliveryClicksOverMessages(db, programId)),
    );
    expect(clicks[0]!.totals.clicked).toBeGreaterThan(100);
    expect(clicks[0]!.programDays.some(({ links }) => links.length > 2)).toBe(true);
    expect(consent[0]!.replies).toBeGreaterThan(300);
    // Every program has people with opt-ins, opt-outs and replies in the month.
    for (const programConsent of consent.slice(QUERIES.length)) {
      expect(Object.values(programConsent).every((figure) => figure > 0)).toBe(true);
    }
    expect(shown[0]!.days.some((day) => day.sent > 0 && day.failed > 0 && day.expired > 0)).toBe(
      true,
    );

    await database.migrate();

    for (const [i, query] of queries.entries()) {
      const answer = await analytics(db, query);
      const expected = shown[i]!;
      expect(answer.totals).toMatchObject({
        sent: expected.days.reduce((sum, day) => sum + day.sent, 0),
        delivered: expected.days.reduce((sum, day) => sum + day.delivered, 0),
        failed: expected.days.reduce((sum, day) => sum + day.failed, 0),
        expired: expected.days.reduce((sum, day) => sum + day.expired, 0),
      });
      expect(messageFiguresShown(answer)).toEqual(messageFiguresToShow(expected));
      expect(answer.clicks).toEqual(clicks[i]);
      const { optIns, optOuts: optedOut, replies } = answer.totals;
      expect({ optIns, optOuts: optedOut, replies }).toEqual(consent[i]);
      expect(Object.fromEntries(answer.programs.map((p) => [p.programId, p.optOuts]))).toEqual(
        optOuts[i],
      );
    }
    for (const [i, programId] of programIds.entries()) {
      expect(await deliveryClicks(db, programId)).toEqual(deliveries[i]);
    }
  });
});
