import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analytics } from '../../src/server/services/analytics';
import type { AnalyticsQuery } from '../../src/shared/analytics';
import { analyticsOverMessages, type MessageFigures } from './helpers/analytics-over-messages';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { emptyDatabase, loadLandedState } from './helpers/landed';

/**
 * A database that Tidings filled before the outbox had counts (migrations up to 0023) is upgraded,
 * and Analytics shows every figure it showed before: 3,000 messages of every status over seven
 * weeks across month ends and the start of daylight saving time, counted over the rows before the
 * upgrade and read from the counts after it.
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

/** The figures both count; Analytics lists a day's expired messages only in its totals. */
const shownByAnalytics = (answer: Awaited<ReturnType<typeof analytics>>) => ({
  days: answer.days,
  failures: answer.failures,
  programs: answer.programs.map(({ programId, sent, delivered, recipients }) => ({
    programId,
    sent,
    delivered,
    recipients,
  })),
});

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
    const programIds = (
      (await db.execute(sql`select id from programs order by program_name`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((row) => row.id);
    const queries = [...QUERIES, ...programIds.map((programId) => ({ ...QUERIES[1]!, programId }))];
    const shown: MessageFigures[] = [];
    for (const query of queries) shown.push(await analyticsOverMessages(db, query));
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
      expect(shownByAnalytics(answer)).toEqual({
        ...expected,
        days: expected.days.map(({ expired: _expired, ...day }) => day),
      });
    }
  });
});
