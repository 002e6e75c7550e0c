import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, pods, podMembers, products, programs } from '../../src/server/db/schema';
import { HEAVY_REQUESTS } from '../../src/server/http/heavy-requests';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';
import { insertBulkContacts } from './helpers/bulk';
import { captureLog } from './helpers/log';

/**
 * Lists asked for whole (no `page`, as the specification's client reads them): the same rows a
 * page at a time would give, sent as they are read; too long a list refused with the paged form
 * named; at most HEAVY_REQUESTS.perUser under way per user; and the work stopped when the client
 * goes away.
 */

const MAX = 1_100;
const log = captureLog();
let ctx: TestContext;
let auth: Record<string, string>;
let other: Record<string, string>;
let baseUrl: string;
let token: string;
let podId: string;

beforeAll(async () => {
  ctx = await startTestApp({ WHOLE_LIST_MAX: String(MAX) }, { logger: log.logger });
  const admin = await createUser(ctx.db, { role: 'admin' });
  token = await loginAs(ctx.app, admin.user.email, admin.password!);
  auth = bearer(token);
  const host = await createUser(ctx.db, { role: 'host' });
  other = bearer(await loginAs(ctx.app, host.user.email, host.password!));

  // More than two batches of every list that can hold that many.
  await insertBulkContacts(ctx.db, 1_050);
  const [product] = await ctx.db.insert(products).values({ name: 'Walks', days: 3 }).returning();
  await ctx.db.insert(programs).values(
    Array.from({ length: 12 }, (_, i) => ({
      programName: `Spring ${i}`,
      productId: product!.id,
    })),
  );
  const [pod] = await ctx.db
    .insert(pods)
    .values({ podId: 'POD-WHOLE', podName: 'Whole' })
    .returning();
  podId = pod!.id;
  const participants = await ctx.db.query.users.findMany({
    where: (users, { eq }) => eq(users.role, 'participant'),
    limit: 700,
  });
  await ctx.db.insert(podMembers).values(participants.map((p) => ({ podId, userId: p.id })));
  await ctx.db.insert(outboundMessages).values(
    participants.map((p, i) => ({
      kind: 'test' as const,
      contactId: p.id,
      toPhone: p.phone!,
      body: `Message ${i}`,
      status: 'delivered' as const,
    })),
  );

  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const get = (url: string, headers = auth) =>
  ctx.app.inject({ method: 'GET', url, headers }).then((response) => ({
    status: response.statusCode,
    headers: response.headers,
    body: response.json() as Record<string, unknown>,
  }));

const LISTS = [
  ['/api/contacts', 'contacts'],
  ['/api/products', 'data'],
  ['/api/programs', 'programs'],
  ['/api/pods', 'pods'],
  ['/api/pods/:pod/members', 'members'],
  ['/api/messages', 'messages'],
  ['/api/inbound-messages', 'messages'],
] as const;

describe('a list asked for whole', () => {
  it.each(LISTS)(
    '%s holds every row of its pages, in their order, and the total',
    async (path, key) => {
      const url = path.replace(':pod', podId);
      const whole = await get(url);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toMatch(/^application\/json/);
      const pages: unknown[] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const answer = await get(`${url}?page=${page}&perPage=500`);
        pages.push(...(answer.body[key] as unknown[]));
        total = answer.body.total as number;
        if (pages.length >= total) break;
      }
      expect(Object.keys(whole.body)).toEqual([key, 'total']);
      expect(whole.body.total).toBe(total);
      expect(whole.body[key]).toEqual(pages);
    },
  );

  it('is refused past WHOLE_LIST_MAX rows, with the paged form named', async () => {
    const more = await createUser(ctx.db, { role: 'participant' });
    for (let i = 0; i < 60; i++) await createUser(ctx.db, { role: 'participant' });
    const answer = await get('/api/contacts');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: formatMessage(serverTexts.server.listTooLong, { max: MAX, perPage: 500 }),
    });
    // A page, or a narrower list, still answers.
    expect((await get('/api/contacts?page=1&perPage=500')).status).toBe(200);
    expect((await get(`/api/contacts?ids=${more.user.id}`)).status).toBe(200);
  });
});

/**
 * On PostgreSQL, keeps the lists of messages from being read until `release` is called, so the
 * requests counted as under way stay so while the others arrive: each request has a connection of
 * its own, and one could otherwise finish before the last is counted. The embedded database has
 * one connection, which a lock would hold for the sign-in checks too: there the requests take
 * turns, and at least the last two of six find two under way.
 */
async function holdMessagesTable(): Promise<() => Promise<void>> {
  if (!ctx.testDb.url) return async () => undefined;
  const client = new pg.Client({ connectionString: ctx.testDb.url });
  await client.connect();
  await client.query('begin');
  await client.query('lock table outbound_messages in access exclusive mode');
  return async () => {
    await client.query('commit');
    await client.end();
  };
}

describe('heavy requests of one user', () => {
  it('are at most HEAVY_REQUESTS.perUser at once: more at once are a 429 with Retry-After', async () => {
    const release = await holdMessagesTable();
    const requests = Array.from({ length: 6 }, () =>
      ctx.app.inject({ url: '/api/messages', headers: auth }),
    );
    const held = Boolean(ctx.testDb.url);
    if (held) {
      // While two are held under way, the four others are answered: refused.
      let answered = 0;
      for (const request of requests) void request.then(() => answered++);
      await expect.poll(() => answered).toBe(6 - HEAVY_REQUESTS.perUser);
    }
    await release();
    const answers = await Promise.all(requests);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    if (held) expect(refused).toHaveLength(6 - HEAVY_REQUESTS.perUser);
    else expect(refused.length).toBeGreaterThanOrEqual(6 - 2 * HEAVY_REQUESTS.perUser);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe(String(HEAVY_REQUESTS.retryAfterSeconds));
      expect(answer.json()).toEqual({
        error: formatMessage(serverTexts.server.tooManyHeavy, { max: HEAVY_REQUESTS.perUser }),
      });
    }
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
  });

  it('count CSV downloads too, but not pages, and never hold back another user', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        ctx.app.inject({ url: '/api/contacts/export.csv', headers: auth }),
      ),
      ctx.app.inject({ url: '/api/contacts?page=1&perPage=5', headers: auth }),
      ctx.app.inject({ url: '/api/messages', headers: other }),
    ]);
    expect(answers.slice(0, 4).some((answer) => answer.statusCode === 429)).toBe(true);
    expect(answers.slice(4).map((answer) => answer.statusCode)).toEqual([200, 200]);
    // Once they are answered, they no longer count.
    expect((await get('/api/products')).status).toBe(200);
  });

  it('stop when the client goes away, and no longer count', async () => {
    const stoppedLines = () =>
      log.lines.filter((line) => line.msg === 'a whole list stopped: its client went away');
    const before = stoppedLines().length;
    // Read the start of a whole list, then hang up.
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        `${baseUrl}/api/contacts`,
        { headers: auth, agent: false },
        (res) => {
          res.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
    });
    await expect
      .poll(() => (async () => (await get('/api/products')).status)(), { timeout: 5_000 })
      .toBe(200);
    // Whether the server still had batches to read when the client went depends on the sockets'
    // buffers; when it had, it says so and reads no more (tests/unit/whole-list.test.ts).
    for (const line of stoppedLines().slice(before)) {
      expect(line.sent as number).toBeLessThan(line.total as number);
    }
  });

  it('are not worked on when their client went away while they waited, and free nothing they never held', async () => {
    // Keep the database busy for a moment, so the request waits for its turn.
    const busy = Promise.all(
      Array.from({ length: 12 }, () => ctx.db.execute(sql`select pg_sleep(0.1)`)),
    );
    const request = http.get(`${baseUrl}/api/messages`, { headers: auth, agent: false });
    request.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    request.destroy();
    await busy;
    // Both places are still free: two whole lists at once are answered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = await Promise.all([get('/api/products'), get('/api/pods')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });
});
