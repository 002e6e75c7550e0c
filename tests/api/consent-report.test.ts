import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentEvents,
  podMembers,
  pods,
  programPods,
  programs,
  type users,
} from '../../src/server/db/schema';
import { CSV_BOM, withoutFormulaGuard } from '../../src/shared/csv';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import type { ApiConsentLog } from '../../src/shared/responses/messages';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';

/**
 * The consent report (issue 26): GET /api/contacts/{id}/consent.csv and GET
 * /api/programs/{id}/consent.csv, read back with csv-parse (the parser the contact import uses).
 */
let ctx: TestContext;
let hostAuth: Record<string, string>;
let adminAuth: Record<string, string>;
let admin: typeof users.$inferSelect;
let program: string;
let emptyProgram: string;
const ids: Record<'ana' | 'ben' | 'cleo' | 'dan' | 'eve', string> = {
  ana: '',
  ben: '',
  cleo: '',
  dan: '',
  eve: '',
};

const HEADER = Object.values(messages.consentReport.columns);
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute));
const REPLY = '=HYPERLINK("http://x.test"), "stop", please\nthanks';

beforeAll(async () => {
  ctx = await startTestApp();
  const a = await createUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const h = await createUser(ctx.db, { role: 'host', firstName: 'Hana', lastName: 'Host' });
  admin = a.user;
  adminAuth = bearer(await loginAs(ctx.app, a.user.email, a.password!));
  hostAuth = bearer(await loginAs(ctx.app, h.user.email, h.password!));
  const person = async (firstName: string, phone: string) =>
    (await createUser(ctx.db, { role: 'participant', firstName, lastName: 'Report', phone })).user
      .id;
  ids.ana = await person('Ana', '+15035550101');
  ids.ben = await person('Ben', '+15035550102');
  // Removed from the pod later: still in the report.
  ids.cleo = await person('Cleo', '+15035550103');
  // In no pod of the program.
  ids.dan = await person('Dan', '+15035550104');
  // In no pod of the program either, but carrying Ben's number: the phone's rows belong with Ben's.
  ids.eve = await person('Eve', '+15035550102');

  const [pod] = await ctx.db
    .insert(pods)
    .values({ podId: 'POD-REPORT', podName: 'Report' })
    .returning({ id: pods.id });
  const made = await ctx.db
    .insert(programs)
    .values([{ programName: 'Spring Steps / Ünïcode' }, { programName: '***' }])
    .returning({ id: programs.id });
  [program, emptyProgram] = made.map((row) => row.id) as [string, string];
  await ctx.db.insert(programPods).values({ programId: program, podId: pod!.id });
  await ctx.db.insert(podMembers).values([
    { podId: pod!.id, userId: ids.ana },
    { podId: pod!.id, userId: ids.ben },
    { podId: pod!.id, userId: ids.cleo, status: 'removed', removedAt: at(50) },
  ]);

  await ctx.db.insert(consentEvents).values([
    // Ana's STOP before she was a contact: a row of her phone alone.
    {
      contactId: null,
      phone: '+15035550101',
      event: 'opted_out',
      source: 'keyword',
      keyword: 'STOP',
      text: 'STOP',
      at: at(1),
    },
    {
      contactId: ids.ana,
      phone: '+15035550101',
      event: 'optin_requested',
      source: 'staff',
      staffUserId: admin.id,
      text: 'Tidings: Hi Ana! Reply JOIN to receive our messages.',
      at: at(2),
    },
    {
      contactId: ids.ana,
      phone: '+15035550101',
      event: 'opted_in',
      source: 'keyword',
      keyword: 'JOIN',
      text: 'join',
      at: at(3),
    },
    {
      contactId: ids.ben,
      phone: '+15035550102',
      event: 'opted_in',
      source: 'simulated',
      staffUserId: admin.id,
      keyword: 'YES',
      text: 'yes',
      at: at(4),
    },
    {
      contactId: ids.ana,
      phone: '+15035550101',
      event: 'review_held',
      source: 'keyword',
      text: REPLY,
      at: at(5),
    },
    {
      contactId: ids.ana,
      phone: '+15035550101',
      event: 'opted_out',
      source: 'review',
      staffUserId: admin.id,
      text: REPLY,
      at: at(6),
    },
    {
      contactId: ids.eve,
      phone: '+15035550102',
      event: 'opted_out',
      source: 'provider',
      text: 'Attempt to send to unsubscribed recipient',
      at: at(7),
    },
    {
      contactId: ids.cleo,
      phone: '+15035550103',
      event: 'verified',
      source: 'staff',
      staffUserId: admin.id,
      at: at(8),
    },
    {
      contactId: ids.dan,
      phone: '+15035550104',
      event: 'opted_in',
      source: 'keyword',
      keyword: 'JOIN',
      text: 'JOIN',
      at: at(9),
    },
  ]);
}, 60_000);
afterAll(() => ctx.close());

const get = (url: string, auth: Record<string, string> | undefined = hostAuth) =>
  ctx.app.inject({ method: 'GET', url, headers: auth ?? {} });

/** The CSV's rows, each value as it was before the formula guard, the header first. */
function rowsOf(body: string): string[][] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  const rows = parse(body.slice(CSV_BOM.length), { relax_column_count: false }) as string[][];
  // Lines end in CRLF, as spreadsheets expect; a line break inside a value stays inside its quotes.
  expect(body.endsWith('\r\n')).toBe(true);
  return rows.map((row) => row.map(withoutFormulaGuard));
}

async function csvOf(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return { rows: rowsOf(response.body), response };
}

describe('GET /api/programs/{id}/consent.csv', () => {
  it("lists every consent event of the pods' participants and their phones, oldest first", async () => {
    const { rows, response } = await csvOf(`/api/programs/${program}/consent.csv`);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="consent-spring-steps-unicode-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(rows).toEqual([
      HEADER,
      [at(1).toISOString(), '', '+15035550101', 'opted_out', 'keyword', '', 'STOP', 'STOP'],
      [
        at(2).toISOString(),
        'Ana Report',
        '+15035550101',
        'optin_requested',
        'staff',
        'Ada Admin',
        '',
        'Tidings: Hi Ana! Reply JOIN to receive our messages.',
      ],
      [
        at(3).toISOString(),
        'Ana Report',
        '+15035550101',
        'opted_in',
        'keyword',
        '',
        'JOIN',
        'join',
      ],
      [
        at(4).toISOString(),
        'Ben Report',
        '+15035550102',
        'opted_in',
        'simulated',
        'Ada Admin',
        'YES',
        'yes',
      ],
      [at(5).toISOString(), 'Ana Report', '+15035550101', 'review_held', 'keyword', '', '', REPLY],
      [
        at(6).toISOString(),
        'Ana Report',
        '+15035550101',
        'opted_out',
        'review',
        'Ada Admin',
        '',
        REPLY,
      ],
      [
        at(7).toISOString(),
        'Eve Report',
        '+15035550102',
        'opted_out',
        'provider',
        '',
        '',
        'Attempt to send to unsubscribed recipient',
      ],
      [
        at(8).toISOString(),
        'Cleo Report',
        '+15035550103',
        'verified',
        'staff',
        'Ada Admin',
        '',
        '',
      ],
    ]);
  });

  it('guards the message text against formulas, as the contacts export does', async () => {
    const response = await get(`/api/programs/${program}/consent.csv`);
    // The reply starts with '=': a spreadsheet would run it, so it is written with an apostrophe.
    expect(response.body).toContain(`"'=HYPERLINK(""http://x.test""), ""stop"", please\nthanks"`);
    // Phone numbers stay text with their '+'.
    expect(response.body).toContain(',"+15035550101",');
  });

  it('answers a program whose pods have no participant with the header alone', async () => {
    const { rows, response } = await csvOf(`/api/programs/${emptyProgram}/consent.csv`);
    expect(rows).toEqual([HEADER]);
    // A name with no letter or digit names the file by what it is.
    expect(response.headers['content-disposition']).toMatch(/filename="consent-program-\d{4}/);
  });

  it('is read by hosts and admins, by nobody signed out', async () => {
    const url = `/api/programs/${program}/consent.csv`;
    expect((await get(url, adminAuth)).statusCode).toBe(200);
    expect((await get(url, hostAuth)).statusCode).toBe(200);
    const signedOut = await get(url, {});
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed program id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await get(`/api/programs/${id}/consent.csv`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: serverTexts.programs.notFound });
    }
  });

  it('frees its place among the heavy requests when it is refused', async () => {
    // Each user may have two heavy requests under way: three refusals in a row leave none behind.
    for (let i = 0; i < 3; i++) {
      const unknown = `/api/programs/00000000-0000-4000-8000-00000000000${i}/consent.csv`;
      expect((await get(unknown)).statusCode).toBe(404);
    }
    expect((await get(`/api/programs/${program}/consent.csv`)).statusCode).toBe(200);
  });
});

describe('GET /api/contacts/{id}/consent.csv', () => {
  it('holds the rows of the consent log, oldest first', async () => {
    const { rows, response } = await csvOf(`/api/contacts/${ids.ana}/consent.csv`);
    expect(response.headers['content-disposition']).toMatch(/filename="consent-ana-report-\d{4}/);
    const log = (await get(`/api/contacts/${ids.ana}/consent`)).json() as ApiConsentLog;
    expect(rows.slice(1)).toEqual(
      log.events
        .toReversed()
        .map((e) => [
          e.at,
          'Ana Report',
          e.phone,
          e.event,
          e.source,
          e.staffName ?? '',
          e.keyword ?? '',
          e.text ?? '',
        ]),
    );
    expect(rows).toHaveLength(5);
  });

  it('answers a contact with no consent change with the header alone', async () => {
    const { user } = await createUser(ctx.db, { role: 'participant', firstName: 'Zoë' });
    expect((await csvOf(`/api/contacts/${user.id}/consent.csv`)).rows).toEqual([HEADER]);
  });

  it('answers 404 for an unknown or malformed contact id, 401 signed out', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await get(`/api/contacts/${id}/consent.csv`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: serverTexts.contacts.notFound });
    }
    expect((await get(`/api/contacts/${ids.ana}/consent.csv`, {})).statusCode).toBe(401);
  });
});

describe('the whole-list limit', () => {
  it('refuses a report of more than WHOLE_LIST_MAX rows, naming the limit', async () => {
    const small = await startTestApp({ WHOLE_LIST_MAX: '100' });
    try {
      const h = await createUser(small.db, { role: 'host' });
      const auth = bearer(await loginAs(small.app, h.user.email, h.password!));
      const { user } = await createUser(small.db, { role: 'participant', phone: '+15035550199' });
      const row = (minute: number) => ({
        contactId: user.id,
        phone: '+15035550199',
        event: 'verified' as const,
        source: 'staff' as const,
        staffUserId: h.user.id,
        at: at(minute),
      });
      await small.db.insert(consentEvents).values(Array.from({ length: 100 }, (_, i) => row(i)));
      const url = `/api/contacts/${user.id}/consent.csv`;
      const full = await small.app.inject({ url, headers: auth });
      expect(full.statusCode).toBe(200);
      expect(rowsOf(full.body)).toHaveLength(101);
      await small.db.insert(consentEvents).values(row(200));
      const over = await small.app.inject({ url, headers: auth });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        error: formatMessage(serverTexts.consentReport.tooLong, { max: 100 }),
      });
    } finally {
      await small.close();
    }
  }, 60_000);
});
