import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactImports, users } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { createImportRunner } from '../../src/server/imports/runner';
import { optinPolicy } from '../../src/server/outbox/optin';
import { startSignedInApp, type FormPart } from './helpers/app';
import { postForm } from './helpers/imports';

/**
 * Workbooks as common spreadsheet writers save them (fixtures/workbooks/README.md says which
 * wrote which), each read a hundred times through the import's own path: the preview the dialog
 * shows (the whole sheet, read by the import's reader), then ten uploads through the background
 * import, whose database work is the same each time. Every read must be whole and the same: dates
 * as YYYY-MM-DD, numbers as the sheet shows them, a formula's result, rich text as text.
 */

const FIXTURES = ['sheetjs', 'sheetjs-inline-1904', 'exceljs', 'libreoffice'] as const;
const READS = 100;
const IMPORTS = 10;

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
beforeAll(async () => {
  ctx = await startSignedInApp();
});
afterAll(() => ctx.close());

const workbook = (name: string) =>
  readFileSync(new URL(`./fixtures/workbooks/${name}.xlsx`, import.meta.url));

const post = (url: string, parts: FormPart[]) => postForm(ctx, url, parts);

const HEADER = [
  'Email',
  'First name',
  'Last name',
  'Phone',
  'Zip code',
  'Joined',
  'Score',
  'Member',
  'Notes',
];
const MAPPING = ['email', 'firstName', 'lastName', 'phone', 'zipCode', null, null, null, 'bio'];
const ROWS = [
  {
    row: 2,
    cells: [
      'ada@example.org',
      'Ada',
      'Lovelace',
      '5035550142',
      '02134',
      '2026-01-15',
      '0.3',
      'TRUE',
      'Loves tea',
    ],
  },
  {
    row: 4,
    cells: [
      'grace@example.org',
      'Grace',
      'Hopper',
      '4155550199',
      '94107',
      '1906-12-09',
      '1,234.50',
      'FALSE',
      'Rear admiral, COBOL',
    ],
  },
  {
    row: 5,
    cells: [
      'zoe@example.org',
      'Zoë',
      'Ødegaard',
      '+44 20 7946 0958',
      'SW1A 1AA',
      '2024-02-29',
      '7',
      'TRUE',
      'Rear admiral, COBOL',
    ],
  },
];
const EMAILS = ROWS.map(({ cells }) => cells[0]!);
const CONTACTS = [
  ['ada@example.org', 'Ada', 'Lovelace', '+15035550142', '02134', 'Loves tea'],
  ['grace@example.org', 'Grace', 'Hopper', '+14155550199', '94107', 'Rear admiral, COBOL'],
  ['zoe@example.org', 'Zoë', 'Ødegaard', '+442079460958', 'SW1A 1AA', 'Rear admiral, COBOL'],
];

const importedContacts = async () =>
  (await ctx.db.select().from(users).where(inArray(users.email, EMAILS)).orderBy(users.email)).map(
    (c) => [c.email, c.firstName, c.lastName, c.phone, c.zipCode, c.bio],
  );

/** How many reads were whole, how many refused the file (an error), and the first not whole. */
function tally(outcomes: unknown[], whole: unknown) {
  const wrong = outcomes.filter((outcome) => !isDeepStrictEqual(outcome, whole));
  return {
    whole: outcomes.length - wrong.length,
    refused: wrong.filter((outcome) => typeof outcome === 'string').length,
    firstNotWhole: wrong[0] ?? null,
  };
}
const ALL_WHOLE = { whole: READS, refused: 0, firstNotWhole: null };

describe.each(FIXTURES)('a workbook written by %s', (name) => {
  const content = workbook(name);
  const file: FormPart = { field: 'file', filename: `${name}.xlsx`, content };

  it(`previews whole, ${READS} times out of ${READS}`, async () => {
    const previews: unknown[] = [];
    for (let read = 0; read < READS; read++) {
      const response = await post('/api/contacts/imports/preview', [file]);
      const { preview } = response.json();
      previews.push(
        response.statusCode === 200
          ? { columns: preview.columns, mapping: preview.mapping, rows: preview.rows }
          : response.json().error,
      );
    }
    expect(tally(previews, { columns: HEADER, mapping: MAPPING, rows: ROWS })).toEqual(ALL_WHOLE);
  }, 120_000);

  it(`imports every row right, ${IMPORTS} times out of ${IMPORTS}`, async () => {
    const optin = optinPolicy(loadConfig({}), () => new Date());
    const runner = createImportRunner({
      optin,
      db: ctx.db,
      log: Fastify().log,
      leaseMs: 30_000,
      batchSize: 500,
    });
    const outcomes: unknown[] = [];
    for (let read = 0; read < IMPORTS; read++) {
      const response = await post('/api/contacts/imports', [
        file,
        { field: 'mapping', value: JSON.stringify(MAPPING) },
      ]);
      if (response.statusCode !== 202) {
        outcomes.push(response.json().error);
        continue;
      }
      await runner.drain();
      const [done] = await ctx.db
        .select()
        .from(contactImports)
        .where(eq(contactImports.id, response.json().import.id));
      outcomes.push({
        status: done!.status,
        created: done!.created,
        contacts: await importedContacts(),
      });
      await ctx.db.delete(users).where(inArray(users.email, EMAILS));
      await ctx.db.delete(contactImports);
    }
    const whole = { status: 'done', created: 3, contacts: CONTACTS };
    expect(tally(outcomes, whole)).toEqual({ ...ALL_WHOLE, whole: IMPORTS });
  }, 240_000);
});
