import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { seedDemo } from '../../src/server/demo/seed';
import { RETENTION_DAYS } from '../../src/server/retention/days';
import { eventPartitions, makeEventPartitions } from '../../src/server/retention/event-partitions';
import { runRetention } from '../../src/server/retention/run';
import { analytics } from '../../src/server/services/analytics';
import { analyticsClicks } from '../../src/server/services/analytics-clicks';
import { programDeliveries } from '../../src/server/services/deliveries';
import { foldMessageCounts } from '../../src/server/services/message-counts';
import { ANALYTICS_TIME_ZONE } from '../../src/shared/analytics';
import { addDays, wallClock } from '../../src/shared/schedule';
import { startTestApp, type TestContext } from './helpers/app';
import { clickRowsOverMessages } from './helpers/clicks-over-messages';

/**
 * Retention (docs/retention.md), on both databases: the events' monthly partitions made ahead and
 * dropped whole, and the messages and texts past their days deleted but those still needed, while
 * every figure Analytics and Deliveries showed stays.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_ALL = {
  messages: RETENTION_DAYS.max,
  events: RETENTION_DAYS.max,
  inbound: RETENTION_DAYS.max,
};

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});

afterAll(async () => {
  await ctx?.close();
});

/** Writes an event of a message that does not matter here, at `at`; returns its id. */
async function eventAt(at: Date): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    ctx.db,
    sql`insert into outbound_message_events (message_id, status, source, at)
        values (gen_random_uuid(), 'queued', 'system', ${at}) returning id`,
  );
  return row!.id;
}

/** The table that holds the event: its month's partition, or the default one. */
async function holderOf(id: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ holder: string }>(
    ctx.db,
    sql`select tableoid::regclass::text as holder from outbound_message_events where id = ${id}`,
  );
  return row?.holder;
}

const monthsOf = async () => (await eventPartitions(ctx.db)).map(({ month }) => month);

describe('the events’ monthly partitions', () => {
  it('exist for this month and the next two from the start', async () => {
    const now = new Date();
    const month = (offset: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
        .toISOString()
        .slice(0, 10);
    expect(await monthsOf()).toEqual(expect.arrayContaining([month(0), month(1), month(2)]));
    // An event of now lands in this month's.
    expect(await holderOf(await eventAt(now))).toBe(
      `outbound_message_events_${month(0).slice(0, 7).replace('-', '_')}`,
    );
  });

  it('are made ahead by maintenance, taking the events that waited in the default partition', async () => {
    const later = new Date('2031-06-15T12:00:00Z');
    // A clock far ahead: no partition holds its month yet.
    const early = await eventAt(new Date('2031-07-01T00:00:00Z'));
    const late = await eventAt(new Date('2031-07-31T23:59:59.999Z'));
    const after = await eventAt(new Date('2031-09-01T00:00:00Z'));
    expect(await holderOf(early)).toBe('outbound_message_events_default');

    expect(await makeEventPartitions(ctx.db, later)).toEqual([
      '2031-06-01',
      '2031-07-01',
      '2031-08-01',
    ]);
    expect(await holderOf(early)).toBe('outbound_message_events_2031_07');
    expect(await holderOf(late)).toBe('outbound_message_events_2031_07');
    expect(await holderOf(after)).toBe('outbound_message_events_default');
    // Made once: the next run finds them.
    expect(await makeEventPartitions(ctx.db, later)).toEqual([]);
    // A new partition has the parent's indexes: a message's events are found by them.
    const [plan] = await rowsOf<{ indexes: number }>(
      ctx.db,
      sql`select count(*)::int as indexes from pg_indexes
          where tablename = 'outbound_message_events_2031_07'`,
    );
    expect(plan!.indexes).toBe(2);
  });

  it('are dropped whole once their month is past retention; older events waiting in the default partition are deleted', async () => {
    const now = new Date('2033-03-10T12:00:00Z');
    // EVENT_RETENTION_DAYS 400 before 2033-03-10 is 2032-02-04: January 2032 and earlier go,
    // February 2032 stays whole (an event is kept its days, and at most a month more).
    await makeEventPartitions(ctx.db, new Date('2031-12-20T00:00:00Z'));
    const inDropped = await eventAt(new Date('2032-01-31T23:00:00Z'));
    const inKept = await eventAt(new Date('2032-02-01T00:00:00Z'));
    // No partition for 2031-11 or 2032-04: these wait in the default partition.
    const oldDefault = await eventAt(new Date('2031-11-02T00:00:00Z'));
    const newDefault = await eventAt(new Date('2032-04-02T00:00:00Z'));
    expect(await holderOf(oldDefault)).toBe('outbound_message_events_default');

    const run = await runRetention(ctx.db, { ...KEEP_ALL, events: 400 }, now);
    // Those of the months before February 2032: the tests' own and this one's.
    expect(run.partitionsDropped).toEqual(expect.arrayContaining(['2031-12-01', '2032-01-01']));
    expect(run.partitionsDropped.every((month) => month < '2032-02-01')).toBe(true);
    expect(await monthsOf()).toEqual(['2032-02-01', '2033-03-01', '2033-04-01', '2033-05-01']);
    expect(run.partitionsMade).toEqual(['2033-03-01', '2033-04-01', '2033-05-01']);
    // The one of 2031-09-01 written by the test before, and this one's of 2031-11-02.
    expect(run.eventsDeleted).toBe(2);
    expect(await holderOf(inDropped)).toBeUndefined();
    expect(await holderOf(oldDefault)).toBeUndefined();
    expect(await holderOf(inKept)).toBe('outbound_message_events_2032_02');
    expect(await holderOf(newDefault)).toBe('outbound_message_events_default');
  });
});

describe('retention of messages and texts', () => {
  let demo: TestContext;

  beforeAll(async () => {
    demo = await startTestApp();
  });

  afterAll(async () => {
    await demo?.close();
  });

  const count = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ n: number }>(demo.db, query))[0]!.n;

  /** Every figure of Analytics over the demo's past and of each demo program's Deliveries. */
  async function figures(now: Date) {
    await foldMessageCounts(demo.db);
    const today = wallClock(now, ANALYTICS_TIME_ZONE).date;
    const programs = await rowsOf<{ id: string }>(
      demo.db,
      sql`select id from programs order by id`,
    );
    return {
      all: await analytics(demo.db, { from: addDays(today, -120), to: today }),
      month: await analytics(demo.db, { from: addDays(today, -45), to: addDays(today, -15) }),
      programs: await Promise.all(
        programs.map(async ({ id }) => ({
          one: await analytics(demo.db, { from: addDays(today, -120), to: today, programId: id }),
          deliveries: await programDeliveries(demo.db, id, now),
        })),
      ),
    };
  }

  it('deletes what is past its days but what the engine or the consent log needs, and every figure stays', async () => {
    const now = new Date();
    await seedDemo(demo.db, now);
    const old = new Date(now.getTime() - 60 * DAY_MS);
    // Past its days, but still the engine's: a message waiting to go, one whose fate staff must
    // decide, and a reply waiting for review.
    const [contact] = await rowsOf<{ id: string; phone: string }>(
      demo.db,
      sql`select id, phone from users where phone is not null order by id limit 1`,
    );
    for (const status of ['queued', 'unknown'] as const) {
      await demo.db.execute(sql`insert into outbound_messages
          (kind, contact_id, to_phone, body, status, created_at, updated_at)
        values ('test', ${contact!.id}, ${contact!.phone}, 'kept', ${status}, ${old}, ${old})`);
    }
    await demo.db.execute(sql`insert into inbound_messages
        (provider_message_id, from_phone, to_phone, body, contact_id, intent, received_at)
      values ('SMretentionreview', ${contact!.phone}, '+15005550006', 'stop it maybe',
        ${contact!.id}, 'review', ${old})`);
    // And replies past their days that nothing needs, of a contact and of a number Tidings does
    // not know, a day apart.
    await demo.db.execute(sql`insert into inbound_messages
        (provider_message_id, from_phone, to_phone, body, contact_id, received_at)
      select 'SMretention' || n, case when n % 2 = 0 then ${contact!.phone} else '+15005550123' end,
        '+15005550006', 'thanks!', case when n % 2 = 0 then ${contact!.id}::uuid end,
        ${old}::timestamptz - n * interval '1 day'
      from generate_series(1, 12) as n`);
    // Tracked links of a program's day past its days, opened by some (counted or not).
    await demo.db.execute(sql`
      with program as (select id from programs order by id limit 1),
      sent as (
        insert into outbound_messages (kind, program_id, day, run, contact_id, to_phone, body,
          status, sent_at, created_at, updated_at)
        select 'program', (select id from program), 90, n, u.id, u.phone, 'Day 90',
          case when n % 3 = 0 then 'sent' else 'delivered' end, ${old}, ${old}, ${old}
        from (select id, phone, row_number() over (order by id) as n from users
              where phone is not null limit 20) u
        returning id, program_id, day, run)
      insert into short_links (code, message_id, program_id, day, link_index, url)
      select substr(md5(id::text || i), 1, 12), id, program_id, day, i, 'https://example.org/' || i
      from sent, generate_series(0, 1) as i`);
    await demo.db.execute(sql`insert into link_clicks (code, at, method, counted)
      select code, ${old}, 'GET', link_index = 0 or abs(hashtext(code)) % 2 = 0
      from short_links where day = 90 and abs(hashtext(code)) % 3 <> 0`);
    const before = await figures(now);
    const today = wallClock(now, ANALYTICS_TIME_ZONE).date;
    const everything = { from: addDays(today, -120), to: today };
    expect(before.all.clicks.totals.clicked).toBeGreaterThan(3);
    expect(before.all.clicks).toEqual(
      analyticsClicks(await clickRowsOverMessages(demo.db, everything)),
    );
    const cutoff = new Date(now.getTime() - 30 * DAY_MS);
    const namedByLog = sql`select outbound_message_id from consent_events
      where outbound_message_id is not null`;
    const repliesNamed = sql`select inbound_message_id from consent_events
      where inbound_message_id is not null`;
    const oldMessages = await count(
      sql`select count(*)::int as n from outbound_messages where created_at < ${cutoff}`,
    );
    const oldKept = await count(sql`select count(*)::int as n from outbound_messages
      where created_at < ${cutoff}
        and (status in ('queued', 'sending', 'unknown') or id in (${namedByLog}))`);
    const oldReplies = await count(
      sql`select count(*)::int as n from inbound_messages where received_at < ${cutoff}`,
    );
    const oldRepliesKept = await count(sql`select count(*)::int as n from inbound_messages
      where received_at < ${cutoff}
        and (id in (${repliesNamed}) or (intent = 'review' and review_decision is null))`);
    // The demo's past reaches back past the cutoff: there is something to delete, and to keep.
    expect(oldMessages - oldKept).toBeGreaterThan(100);
    expect(oldKept).toBeGreaterThanOrEqual(2);
    expect(oldReplies - oldRepliesKept).toBeGreaterThanOrEqual(12);
    expect(oldRepliesKept).toBeGreaterThanOrEqual(1);

    const run = await runRetention(demo.db, { messages: 30, events: 30, inbound: 30 }, now);
    expect(run.messagesDeleted).toBe(oldMessages - oldKept);
    expect(run.inboundDeleted).toBe(oldReplies - oldRepliesKept);
    expect(
      await count(
        sql`select count(*)::int as n from outbound_messages where created_at < ${cutoff}`,
      ),
    ).toBe(oldKept);
    expect(
      await count(
        sql`select count(*)::int as n from inbound_messages where received_at < ${cutoff}`,
      ),
    ).toBe(oldRepliesKept);
    // No event older than its days, and none of a message that is gone.
    expect(
      await count(sql`select count(*)::int as n from outbound_message_events where at < ${cutoff}`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from outbound_message_events e
        where not exists (select 1 from outbound_messages m where m.id = e.message_id)`),
    ).toBe(0);

    expect(await figures(now)).toEqual(before);
    // A second run finds nothing more to do.
    const again = await runRetention(demo.db, { messages: 30, events: 30, inbound: 30 }, now);
    expect(again).toMatchObject({ messagesDeleted: 0, inboundDeleted: 0, eventsDeleted: 0 });
  });
});
