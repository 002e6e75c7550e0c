import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { insertBulkContacts } from './helpers/bulk';
import { startSignedInApp } from './helpers/app';

/** The contacts list on 20,000 contacts: every answer is checked against the generated data. */
let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
const COUNT = 20_000;

beforeAll(async () => {
  ctx = await startSignedInApp();
  await insertBulkContacts(ctx.db, COUNT);
}, 120_000);
afterAll(() => ctx.close());

const list = async (query: string) => {
  const response = await ctx.app.inject({ url: `/api/contacts?${query}`, headers: ctx.auth });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.json() as {
    contacts: { email: string; fullName: string; role: string; status: string }[];
    total: number;
  };
};

describe('GET /api/contacts on 20,000 contacts', () => {
  it('answers one page, newest first, with the total', async () => {
    const body = await list('page=1&perPage=25&q=person');
    expect(body.total).toBe(COUNT);
    expect(body.contacts).toHaveLength(25);
    expect(body.contacts.slice(0, 3).map((c) => c.email)).toEqual([
      'person1@example.com',
      'person2@example.com',
      'person3@example.com',
    ]);
  });

  it('pages to the end', async () => {
    const last = await list('page=400&perPage=50&q=person');
    expect(last.contacts).toHaveLength(50);
    expect(last.contacts.at(-1)!.email).toBe('person20000@example.com');
    expect((await list('page=401&perPage=50&q=person')).contacts).toHaveLength(0);
  });

  it('searches names, emails and phones', async () => {
    expect((await list('page=1&perPage=10&q=person00042')).contacts.map((c) => c.fullName)).toEqual(
      ['Aisha Person00042'],
    );
    expect((await list('page=1&perPage=10&q=PERSON4242@')).total).toBe(1);
    // +1503555 0042 belongs to contacts 42, 10042.
    expect((await list('page=1&perPage=10&q=5550042')).total).toBe(2);
    expect((await list('page=1&perPage=10&q=aisha person0000')).total).toBe(2);
  });

  it('finds a phone number however it is written', async () => {
    // +15035550042 belongs to contacts 42 and 10042.
    for (const q of [
      '5035550042',
      '503-555-0042',
      '(503) 555-0042',
      '503 555 0042',
      '+1 503 555 0042',
      '1-503-555-0042',
      '503.555.0042',
      '555-0042',
    ]) {
      const body = await list(`page=1&perPage=10&q=${encodeURIComponent(q)}`);
      expect(body.contacts.map((c) => c.email).sort(), q).toEqual([
        'person10042@example.com',
        'person42@example.com',
      ]);
    }
  });

  it('searches names and emails as before when the text is not a phone number', async () => {
    // Digits in a name or an address are not a phone search: no phone with 00042 is matched.
    expect((await list('page=1&perPage=10&q=Person00042')).contacts.map((c) => c.email)).toEqual([
      'person42@example.com',
    ]);
    expect((await list('page=1&perPage=10&q=person42%40')).total).toBe(1);
    expect((await list('page=1&perPage=10&q=aisha')).total).toBe(COUNT / 5);
  });

  it('filters by role and status, alone and together', async () => {
    expect((await list('page=1&perPage=1&q=person&role=admin')).total).toBe(40);
    expect((await list('page=1&perPage=1&q=person&role=host')).total).toBe(160);
    expect((await list('page=1&perPage=1&q=person&role=host,admin')).total).toBe(200);
    expect((await list('page=1&perPage=1&q=person&status=inactive')).total).toBe(2000);
    expect((await list('page=1&perPage=1&q=person&role=participant&status=inactive')).total).toBe(
      1800,
    );
    const hosts = await list('page=1&perPage=200&q=person&role=host');
    expect(hosts.contacts.every((c) => c.role === 'host')).toBe(true);
  });

  it('sorts by name, email and role on the server', async () => {
    expect(
      (await list('page=1&perPage=2&q=person&sort=fullName&order=asc')).contacts.map(
        (c) => c.fullName,
      ),
    ).toEqual(['Aisha Person00002', 'Aisha Person00007']);
    // These eleven addresses sort the same under the C and en_US collations.
    const emails = (
      await list('page=1&perPage=20&q=person1999&sort=email&order=desc')
    ).contacts.map((c) => c.email);
    expect(emails).toEqual([
      'person1999@example.com',
      ...Array.from({ length: 10 }, (_, i) => `person1999${9 - i}@example.com`),
    ]);
    expect((await list('page=1&perPage=1&q=person&sort=role&order=asc')).contacts[0]!.role).toBe(
      'admin',
    );
  });

  it('returns every contact when asked without parameters (the spec’s client)', async () => {
    const body = await list('');
    expect(body.total).toBe(COUNT + 1);
    expect(body.contacts).toHaveLength(COUNT + 1);
  });

  it('fetches contacts by id', async () => {
    const some = (await list('page=1&perPage=3&q=person')).contacts as unknown as { id: string }[];
    const byId = await list(`ids=${some.map((c) => c.id).join(',')}`);
    expect(byId.contacts.map((c) => (c as unknown as { id: string }).id).sort()).toEqual(
      some.map((c) => c.id).sort(),
    );
  });

  it('refuses unknown sort fields and filter values', async () => {
    for (const query of ['sort=password', 'role=owner', 'status=gone', 'ids=x']) {
      const response = await ctx.app.inject({ url: `/api/contacts?${query}`, headers: ctx.auth });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/contacts/export.csv', () => {
  it('exports the filtered list, with a header row and formulas defused', async () => {
    await ctx.db.insert(users).values({
      email: 'formula@example.com',
      role: 'admin',
      firstName: '=HYPERLINK("x")',
      lastName: 'Doe, Jr.',
    });
    const response = await ctx.app.inject({
      url: '/api/contacts/export.csv?role=admin&sort=email&order=asc',
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,Email,Phone,Role,Status,Email verified,Phone verified,Street,City,State,Zip code,Country,Created (Los Angeles time),Last login (Los Angeles time),Login count,Bio / notes',
    );
    expect(lines).toHaveLength(1 + 41);
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""x""\)","Doe, Jr\.",formula@example\.com,,admin,active,false,false,/,
    );
    expect(lines.slice(2).every((line) => line.includes(',admin,'))).toBe(true);
  });
});

describe('the consent filter', () => {
  beforeAll(async () => {
    // Beside the 20,000 (none verified, none opted out): one contact in each state, and an
    // opted-out contact still marked verified (staff cannot undo an opt-out).
    const optedOutAt = new Date('2026-03-01T12:00:00Z');
    await ctx.db.insert(users).values(
      [
        ['in1', true, null],
        ['in2', true, null],
        ['not1', false, null],
        ['out1', false, optedOutAt],
        ['out2', true, optedOutAt],
      ].map(([name, smsVerified, smsOptedOutAt]) => ({
        email: `${name as string}@consent.test`,
        role: 'participant' as const,
        firstName: 'Consent',
        lastName: name as string,
        phone: '+15035559999',
        smsVerified: smsVerified as boolean,
        smsOptedOutAt: smsOptedOutAt as Date | null,
      })),
    );
  });

  const emails = async (query: string) =>
    (await list(`q=consent.test&sort=email&order=asc&${query}`)).contacts.map(
      (c) => c.email.split('@')[0],
    );

  it('filters by consent state: opted in, not opted in, opted out', async () => {
    expect(await emails('consent=opted_in')).toEqual(['in1', 'in2']);
    expect(await emails('consent=not_opted_in')).toEqual(['not1']);
    expect(await emails('consent=opted_out')).toEqual(['out1', 'out2']);
    expect(await emails('consent=opted_in,opted_out')).toEqual(['in1', 'in2', 'out1', 'out2']);
    expect(await emails('')).toHaveLength(5);
  });

  it('filters the 20,000 with the other filters and the total', async () => {
    expect((await list('page=1&perPage=1&q=person&consent=not_opted_in')).total).toBe(COUNT);
    expect((await list('page=1&perPage=1&q=person&consent=opted_in')).total).toBe(0);
    const page = await list(
      'page=1&perPage=5&role=participant&consent=opted_in&sort=email&order=asc',
    );
    expect(page.total).toBe(2);
    expect(page.contacts.map((c) => c.email)).toEqual(['in1@consent.test', 'in2@consent.test']);
  });

  it('refuses another consent value', async () => {
    for (const query of ['consent=verified', 'consent=opted_in,maybe', 'consent=OPTED_IN']) {
      const response = await ctx.app.inject({ url: `/api/contacts?${query}`, headers: ctx.auth });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].field.split('.')[0]).toBe('consent');
      const csv = await ctx.app.inject({
        url: `/api/contacts/export.csv?${query}`,
        headers: ctx.auth,
      });
      expect(csv.statusCode, query).toBe(400);
    }
  });

  it('exports the contacts of the consent state asked for', async () => {
    const response = await ctx.app.inject({
      url: '/api/contacts/export.csv?q=consent.test&consent=opted_out&sort=email&order=asc',
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual([
      'out1@consent.test',
      'out2@consent.test',
    ]);
  });
});
