import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { contactsInOrder, listContacts } from '../../src/server/services/contacts';
import { CONTACT_SORT_FIELDS, contactListQuerySchema } from '../../src/shared/validation/contact';
import { startSignedInApp } from './helpers/app';

/** The CSV export reads the contacts in batches: it must export one snapshot, whatever happens meanwhile. */
let ctx: Awaited<ReturnType<typeof startSignedInApp>>;

const HOUR = 60 * 60 * 1000;
const query = (params: Record<string, string>) => contactListQuerySchema.parse(params);

beforeAll(async () => {
  ctx = await startSignedInApp();
  // Six contacts with ties and empty values in the sortable columns.
  await ctx.db.insert(users).values(
    [1, 2, 3, 4, 5, 6].map((i) => ({
      email: `b${i}@export.test`,
      role: i % 3 === 0 ? ('host' as const) : ('participant' as const),
      status: i % 2 === 0 ? ('inactive' as const) : ('active' as const),
      firstName: i <= 3 ? 'Same' : `Name${i}`,
      lastName: 'Exported',
      phone: i % 2 === 0 ? null : `+1503555012${i}`,
      emailVerified: i === 3,
      smsVerified: i === 1,
      lastLoginAt: i % 3 === 0 ? null : new Date(Date.UTC(2025, 0, 1) + i * HOUR),
      createdAt: new Date(Date.UTC(2024, 0, 1) + (i % 2) * HOUR),
    })),
  );
}, 60_000);
afterAll(() => ctx.close());

/** All rows of an export read `batchSize` at a time, with `between` run after the first batch. */
async function exportEmails(
  params: Record<string, string>,
  batchSize: number,
  between = async () => {},
) {
  const emails: string[] = [];
  for await (const row of contactsInOrder(ctx.db, query(params), batchSize)) {
    emails.push(row.email);
    if (emails.length === batchSize) await between();
  }
  return emails;
}

describe('contactsInOrder (the CSV export)', () => {
  it('exports the contacts as they were when it began, each once, while contacts are added', async () => {
    const snapshot = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((e) => `${e}@export.test`);
    const emails = await exportEmails(
      { q: '@export.test', sort: 'email', order: 'asc' },
      2,
      async () => {
        // After b1 and b2 were read: one contact sorts before them, one between them.
        await ctx.db.insert(users).values([
          { email: 'a0@export.test', role: 'participant', firstName: 'New', lastName: 'Before' },
          { email: 'b15@export.test', role: 'participant', firstName: 'New', lastName: 'Among' },
        ]);
      },
    );
    expect(emails).toEqual(snapshot);
  });

  it('reads batches in the list order for every sortable column, both ways', async () => {
    for (const sort of CONTACT_SORT_FIELDS) {
      for (const order of ['asc', 'desc']) {
        const params = { q: 'export', sort, order };
        const listed = (await listContacts(ctx.db, query(params))).contacts.map((c) => c.email);
        expect(listed.length, `${sort} ${order}`).toBeGreaterThanOrEqual(6);
        expect(await exportEmails(params, 2), `${sort} ${order}`).toEqual(listed);
      }
    }
  });
});

describe('GET /api/contacts/export.csv', () => {
  it('exports phone numbers as they are stored, with their +', async () => {
    const response = await ctx.app.inject({
      url: '/api/contacts/export.csv?q=b1@export.test',
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    const [, line] = response.body.trim().split('\r\n');
    expect(line).toMatch(/^Same,Exported,b1@export\.test,"\+15035550121",participant,active,/);
  });
});
