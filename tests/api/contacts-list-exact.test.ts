import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { contactCount, users } from '../../src/server/db/schema';
import { countAllContacts, foldContactCount } from '../../src/server/services/contact-count';
import { contactSearch } from '../../src/server/services/contact-search';
import { insertBulkContacts } from './helpers/bulk';
import { startSignedInApp } from './helpers/app';

/**
 * The contacts list's quick ways (migration 0029) answer what counting and scanning answer: the
 * search through its trigram indexes finds exactly the contacts a scan of every contact finds, and
 * the total without a filter, read from the count the database keeps, is count(*) of the contacts.
 */
let ctx: Awaited<ReturnType<typeof startSignedInApp>>;

/** Names, emails and phones with the search's pattern characters, case and non-ASCII letters. */
const SPECIAL: { firstName: string; lastName: string; email: string; phone: string | null }[] = [
  { firstName: '100%', lastName: 'Sure', email: '100%sure@example.org', phone: '+15035550100' },
  { firstName: 'Under_score', lastName: 'Jones', email: 'under_score@example.org', phone: null },
  { firstName: 'Back\\slash', lastName: 'Smith', email: 'back\\slash@example.org', phone: null },
  { firstName: 'Zoë', lastName: 'Ångström', email: 'zoë@exämple.org', phone: '+447700900123' },
  { firstName: 'ZOË', lastName: 'ÅNGSTRÖM', email: 'zoe.angstrom@example.org', phone: null },
  { firstName: 'Straße', lastName: 'Groß', email: 'strasse@example.de', phone: null },
  { firstName: 'İpek', lastName: 'Işık', email: 'ipek@example.com.tr', phone: '+905321234567' },
  { firstName: '東京', lastName: '太郎', email: 'taro@example.jp', phone: '+81312345678' },
  { firstName: 'Emoji', lastName: 'Fan 😀', email: 'emoji.fan@example.org', phone: null },
  { firstName: "O'Brien", lastName: 'Ab', email: 'ob@example.ie', phone: '+353861234567' },
  { firstName: 'Percent', lastName: '50%_off\\', email: '50off@example.org', phone: null },
];

const QUERIES = [
  '%',
  '_',
  '\\',
  '100%',
  '0%s',
  'r_s',
  'under_',
  'k\\s',
  '%_off\\',
  'zoë',
  'ZOË',
  'zoe',
  'ångs',
  'ÅNGSTRÖM',
  'straße',
  'STRASSE',
  'groß',
  'ss',
  'İpek',
  'ipek',
  'ışık',
  'IŞIK',
  '東京',
  '京 太',
  '😀',
  "o'b",
  'ab',
  'a',
  ' ',
  'person0004',
  'PERSON00042',
  'maria person',
  '@example.org',
  'exä',
  '.com.tr',
  '+44',
  '5550100',
  '(503) 555-0042',
  '555 01',
  '+1 503',
  '7700',
];

beforeAll(async () => {
  ctx = await startSignedInApp();
  await insertBulkContacts(ctx.db, 2_000);
  await ctx.db
    .insert(users)
    .values(SPECIAL.map((contact) => ({ ...contact, role: 'participant' as const })));
  await ctx.db.execute(sql`analyze users`);
}, 120_000);
afterAll(() => ctx.close());

const list = async (query: string) => {
  const response = await ctx.app.inject({ url: `/api/contacts?${query}`, headers: ctx.auth });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.json() as { contacts: { id: string }[]; total: number };
};

/** The ids the search finds, read with only the trigram indexes, or with only a scan. */
async function searched(q: string, read: 'indexes' | 'scan') {
  return ctx.db.transaction(async (tx) => {
    // Without plain index scans, what is left is a scan of every contact or a bitmap of the
    // trigram indexes (the only ones an ILIKE '%text%' can use).
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(
      read === 'indexes'
        ? sql`set local enable_seqscan = off`
        : sql`set local enable_bitmapscan = off`,
    );
    const query = tx
      .select({ id: users.id })
      .from(users)
      .where(contactSearch(q))
      .orderBy(desc(users.createdAt), desc(users.id));
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${query.getSQL()}`);
    const ids = (await query).map((row) => row.id);
    return { ids, plan: plan.map((row) => row['QUERY PLAN']).join('\n') };
  });
}

describe('the contact search through its trigram indexes', () => {
  it('finds what a scan of every contact finds, pattern characters and non-ASCII text included', async () => {
    for (const q of QUERIES) {
      const scanned = await searched(q, 'scan');
      const indexed = await searched(q, 'indexes');
      expect(scanned.plan, q).not.toMatch(/trgm_idx/);
      expect(indexed.ids, q).toEqual(scanned.ids);
      // The list's first page (newest first, as the scan's order) and its total.
      const response = await list(`page=1&perPage=500&q=${encodeURIComponent(q)}`);
      expect(
        response.contacts.map((c) => c.id),
        q,
      ).toEqual(scanned.ids.slice(0, 500));
      expect(response.total, q).toBe(scanned.ids.length);
    }
  });

  it('reads the trigram indexes for a search with three letters or more', async () => {
    for (const q of ['person0004', 'zoë', '100%', '@example.org', '5550100']) {
      expect((await searched(q, 'indexes')).plan, q).toMatch(/users_(name|email|phone)_trgm_idx/);
    }
  });

  it('finds the pattern characters as text, not as patterns', async () => {
    const emails = async (q: string) => {
      const found = (await searched(q, 'indexes')).ids;
      const rows = await ctx.db.select({ id: users.id, email: users.email }).from(users);
      return rows
        .filter((row) => found.includes(row.id))
        .map((row) => row.email)
        .sort();
    };
    expect(await emails('100%')).toEqual(['100%sure@example.org']);
    expect(await emails('1_0')).toEqual([]);
    expect(await emails('under_')).toEqual(['under_score@example.org']);
    expect(await emails('k\\s')).toEqual(['back\\slash@example.org']);
    expect(await emails('%_off\\')).toEqual(['50off@example.org']);
    expect(await emails('ångs')).toEqual(['zoe.angstrom@example.org', 'zoë@exämple.org']);
  });
});

describe('the total of every contact', () => {
  const everyContact = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;
  const listed = async () => (await list('page=1&perPage=25&sort=createdAt&order=desc')).total;

  it('is the number of contacts, through inserts, deletes, a rollback, a fold and a page past the end', async () => {
    expect(await listed()).toBe(await everyContact());
    const [added] = await ctx.db
      .insert(users)
      .values({ email: 'counted@example.org', role: 'participant', firstName: 'Counted' })
      .returning();
    expect(await listed()).toBe(await everyContact());
    await ctx.db.execute(sql`
      insert into users (email, role) select 'more' || g || '@example.org', 'participant'
      from generate_series(1, 300) as g`);
    expect(await listed()).toBe(await everyContact());
    await ctx.db.delete(users).where(eq(users.id, added!.id));
    await ctx.db.execute(sql`delete from users where email like 'more1%@example.org'`);
    expect(await listed()).toBe(await everyContact());

    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: 'rolled@example.org', role: 'participant' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await listed()).toBe(await everyContact());

    const rows = async () => (await ctx.db.select({ n: count() }).from(contactCount))[0]!.n;
    expect(await rows()).toBeGreaterThan(1);
    expect(await foldContactCount(ctx.db)).toBeGreaterThan(1);
    expect(await rows()).toBe(1);
    expect(await listed()).toBe(await everyContact());
    expect(await foldContactCount(ctx.db)).toBe(1);
    expect(await listed()).toBe(await everyContact());

    const total = await everyContact();
    const past = await list(`page=${Math.ceil(total / 25) + 1}&perPage=25`);
    expect(past.contacts).toHaveLength(0);
    expect(past.total).toBe(total);
  });

  it('counts what a filter matches by counting, as before', async () => {
    const participants = (await list('page=1&perPage=25&role=participant')).total;
    const [row] = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'participant'));
    expect(participants).toBe(row!.n);
  });

  it('is 0 once the contacts are truncated (the last test: it removes the signed-in host)', async () => {
    await ctx.db.execute(sql`truncate users cascade`);
    expect(await everyContact()).toBe(0);
    expect((await countAllContacts(ctx.db))[0]!.n).toBe(0);
    await ctx.db.insert(users).values({ email: 'after@example.org', role: 'participant' });
    expect((await countAllContacts(ctx.db))[0]!.n).toBe(1);
  });
});
