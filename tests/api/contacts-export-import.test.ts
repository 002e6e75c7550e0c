import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactImports, users } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { createImportRunner } from '../../src/server/imports/runner';
import { optinPolicy } from '../../src/server/outbox/optin';
import { startSignedInApp, type FormPart } from './helpers/app';
import { postForm } from './helpers/imports';

/**
 * Export → import gives back what was stored: contacts saved through the API with any text (a
 * formula's first character, apostrophes, quotes, commas, line breaks, any script), exported as
 * CSV, deleted, and imported from that very file through the dialog's calls, come back equal.
 */

dayjs.extend(utc);
dayjs.extend(timezone);

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
beforeAll(async () => {
  ctx = await startSignedInApp();
});
afterAll(() => ctx.close());

/** Text as it is stored: trimmed, made of what the formula guard and CSV quoting look at. */
const text = (options: { lineBreaks: boolean }) =>
  fc
    .string({
      unit: fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom('=', '+', '-', '@', "'", ' ', ',', ';', '|', '"', '\t'),
        },
        { weight: 1, arbitrary: fc.constantFrom(...(options.lineBreaks ? ['\n'] : ['x'])) },
        { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }) },
      ),
      maxLength: 14,
    })
    .map((value) => value.trim())
    // Markup in a bio is rich text, which has rules of its own (contacts-bio tests).
    .filter((value) => !value.includes('<'));

type Person = Record<
  'firstName' | 'lastName' | 'street' | 'city' | 'state' | 'zipCode' | 'bio',
  string
>;

const person: fc.Arbitrary<Person> = fc.record({
  firstName: text({ lineBreaks: false }).filter(Boolean),
  lastName: text({ lineBreaks: false }).filter(Boolean),
  street: text({ lineBreaks: false }),
  city: text({ lineBreaks: false }),
  state: text({ lineBreaks: false }),
  zipCode: text({ lineBreaks: false }),
  bio: text({ lineBreaks: true }),
});

let counter = 0;

async function create(fields: Person): Promise<string> {
  counter += 1;
  const { firstName, lastName, bio, ...address } = fields;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: ctx.auth,
    payload: {
      email: `round${counter}@example.org`,
      role: 'participant',
      status: 'active',
      profile: { firstName, lastName, phone: '+15035550100', address, bio },
      sendOptinMessage: false,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().contact.id as string;
}

const stored = async (emails: string[]) =>
  (await ctx.db.select().from(users).where(inArray(users.email, emails)).orderBy(users.email)).map(
    (c) => ({
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      phone: c.phone,
      street: c.street,
      city: c.city,
      state: c.state,
      zipCode: c.zipCode,
      country: c.country,
      bio: c.bio,
      role: c.role,
      status: c.status,
    }),
  );

const post = (url: string, parts: FormPart[]) => postForm(ctx, url, parts);

describe('contacts exported to CSV and imported back', () => {
  it('come back as they were stored', async () => {
    const runner = createImportRunner({
      optin: optinPolicy(loadConfig({}), () => new Date()),
      db: ctx.db,
      log: Fastify().log,
      leaseMs: 30_000,
      batchSize: 500,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 1, maxLength: 3 }), async (people) => {
        const ids: string[] = [];
        for (const fields of people) ids.push(await create(fields));
        const emails = (
          await ctx.db.select({ email: users.email }).from(users).where(inArray(users.id, ids))
        ).map(({ email }) => email);
        const before = await stored(emails);

        const exported = await ctx.app.inject({
          method: 'GET',
          url: `/api/contacts/export.csv?ids=${ids.join(',')}`,
          headers: ctx.auth,
        });
        expect(exported.statusCode).toBe(200);
        await ctx.db.delete(users).where(inArray(users.id, ids));

        const file: FormPart = {
          field: 'file',
          filename: 'contacts.csv',
          content: exported.rawPayload,
        };
        const preview = await post('/api/contacts/imports/preview', [file]);
        expect(preview.statusCode, preview.body).toBe(200);
        const started = await post('/api/contacts/imports', [
          file,
          { field: 'mapping', value: JSON.stringify(preview.json().preview.mapping) },
        ]);
        expect(started.statusCode, started.body).toBe(202);
        await runner.drain();

        expect(await stored(emails)).toEqual(before);
        await ctx.db.delete(users).where(inArray(users.email, emails));
        await ctx.db.delete(contactImports);
      }),
      { numRuns: 25 },
    );
  }, 180_000);

  it('writes when each contact was created in Los Angeles time, as the console shows it, with the offset', async () => {
    const id = await create({
      firstName: 'Ann',
      lastName: 'Lee',
      street: '',
      city: '',
      state: '',
      zipCode: '',
      bio: '',
    });
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(inArray(users.id, [id]));
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/export.csv?ids=${id}`,
      headers: ctx.auth,
    });
    const [header, line] = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(',');
    const created = line!.split(',')[columns.indexOf('Created (Los Angeles time)')];
    expect(created).toBe(
      dayjs(row!.createdAt).tz('America/Los_Angeles').format('YYYY-MM-DDTHH:mm:ss.SSSZ'),
    );
    expect(new Date(created!).getTime()).toBe(row!.createdAt.getTime());
    await ctx.db.delete(users).where(inArray(users.id, [id]));
  });

  it('keeps "-Minus" and "\'-Minus" apart', async () => {
    const names = { firstName: '-Minus', lastName: "'-Minus" };
    const id = await create({ ...names, street: '', city: '', state: '', zipCode: '', bio: '' });
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/export.csv?ids=${id}`,
      headers: ctx.auth,
    });
    const line = exported.body.split('\r\n')[1]!;
    expect(line.split(',').slice(0, 2)).toEqual(["'-Minus", "''-Minus"]);
    await ctx.db.delete(users).where(inArray(users.id, [id]));
    const file: FormPart = {
      field: 'file',
      filename: 'contacts.csv',
      content: exported.rawPayload,
    };
    const preview = await post('/api/contacts/imports/preview', [file]);
    expect(preview.json().preview.rows[0].cells.slice(0, 2)).toEqual(['-Minus', "'-Minus"]);
  });
});
