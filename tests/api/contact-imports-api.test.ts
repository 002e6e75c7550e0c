import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactImportRejects, contactImports } from '../../src/server/db/schema';
import { CONTACT_CSV_COLUMNS } from '../../src/server/services/contacts-csv';
import { LIMITS } from '../../src/shared/constants';
import { IMPORT_ERRORS_SHOWN, type ImportField } from '../../src/shared/contact-import';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { png } from '../helpers/media-files';
import {
  bearer,
  createUser,
  loginAs,
  multipartForm,
  startSignedInApp,
  type FormPart,
} from './helpers/app';

/**
 * The import API around the background runner: a preview that stores nothing, an import queued
 * with its file and choices (202), the imports under way, one import with its first problems, and
 * the report of the rows not imported. Every file the dialog refuses is refused here too.
 */

const t = messages.contactImport;
let ctx: Awaited<ReturnType<typeof startSignedInApp>>;

beforeAll(async () => {
  ctx = await startSignedInApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(contactImports);
});

const file = (filename: string, content: Buffer | string): FormPart => ({
  field: 'file',
  filename,
  content: Buffer.from(content),
});
const textFields = (fields: Record<string, string>): FormPart[] =>
  Object.entries(fields).map(([field, value]) => ({ field, value }));

async function post(url: string, parts: FormPart[], headers: Record<string, string> = ctx.auth) {
  const body = await multipartForm(parts);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

const preview = (filename: string, content: Buffer | string) =>
  post('/api/contacts/imports/preview', [file(filename, content)]);

const NAMES = ['email', 'firstName', 'lastName'];
const PEOPLE =
  'Email,First name,Last name\r\nann@example.org,Ann,Lee\r\nbob@example.org,Bob,Ray\r\n';

/** POST /api/contacts/imports with `fields` after the file. */
const startImport = (
  filename: string,
  content: Buffer | string,
  fields: Record<string, string> = { mapping: JSON.stringify(NAMES) },
  headers?: Record<string, string>,
) => post('/api/contacts/imports', [file(filename, content), ...textFields(fields)], headers);

const get = (url: string, headers: Record<string, string> = ctx.auth) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** A CSV of a header and `count` rows of contacts. */
function csvOfRows(count: number, header = 'Email,First name,Last name') {
  const lines = [header];
  for (let i = 1; i <= count; i++) lines.push(`p${i}@example.org,First${i},Last${i}`);
  return `${lines.join('\n')}\n`;
}

async function xlsx(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function storedImports() {
  return ctx.db.select().from(contactImports);
}

describe('POST /api/contacts/imports/preview', () => {
  it('reads a CSV: BOM, semicolons, a quoted line break, blank rows, cells fitted to the header', async () => {
    const content =
      '\uFEFF Email ;First name;Last name;Notes\r\n' +
      '\r\n' +
      'ann@example.org;Ann;Lee;"Likes\nwalks"\r\n' +
      ';;;\r\n' +
      'bob@example.org;Bob\r\n' +
      'cy@example.org;Cy;Day;x;beyond the header\r\n';
    const response = await preview('people.csv', content);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      preview: {
        filename: 'people.csv',
        format: 'csv',
        columns: ['Email', 'First name', 'Last name', 'Notes'],
        mapping: ['email', 'firstName', 'lastName', 'bio'],
        rows: [
          { row: 3, cells: ['ann@example.org', 'Ann', 'Lee', 'Likes\nwalks'] },
          { row: 5, cells: ['bob@example.org', 'Bob', '', ''] },
          { row: 6, cells: ['cy@example.org', 'Cy', 'Day', 'x'] },
        ],
        total: 3,
        // The signed-in host's opt-in requests left this hour (OPTIN_HOURLY_LIMIT's default).
        optinAllowance: { limit: 100, remaining: 100, countries: ['US', 'CA'] },
      },
    });
    // A preview stores nothing.
    expect(await storedImports()).toEqual([]);
  });

  it('maps the contacts export back onto its fields, and shows the first 20 of its rows', async () => {
    for (let i = 0; i < 24; i++) {
      await createUser(ctx.db, { role: 'participant', email: `export${i}@example.org` });
    }
    const exported = await get('/api/contacts/export.csv');
    expect(exported.statusCode).toBe(200);
    const response = await preview('contacts-2026-01-01.csv', exported.rawPayload);
    expect(response.statusCode).toBe(200);
    const { preview: body } = response.json();
    expect(body.columns).toEqual(CONTACT_CSV_COLUMNS);
    expect(body.mapping).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'role',
      'status',
      null,
      null,
      'street',
      'city',
      'state',
      'zipCode',
      'country',
      null,
      null,
      null,
      'bio',
    ]);
    expect(body.total).toBe(25);
    expect(body.rows).toHaveLength(LIMITS.importPreviewRows);
    expect(body.rows[0].row).toBe(2);
    expect(body.rows.at(-1).row).toBe(21);
    expect(body.rows[0].cells).toHaveLength(CONTACT_CSV_COLUMNS.length);
  });

  it('reads the first sheet of an XLSX: a phone kept as a number comes back as its digits', async () => {
    const content = await xlsx({
      Contacts: [
        ['Email', 'First name', 'Last name', 'Mobile'],
        ['ann@example.org', 'Ann', 'Lee', 5035550100],
        [],
        ['bob@example.org', 'Bob', 'Ray', '+1 503 555 0101'],
      ],
      Other: [
        ['Not', 'read'],
        ['x', 'y'],
      ],
    });
    const response = await preview('People.XLSX', content);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      preview: {
        filename: 'People.XLSX',
        format: 'xlsx',
        columns: ['Email', 'First name', 'Last name', 'Mobile'],
        mapping: ['email', 'firstName', 'lastName', 'phone'],
        rows: [
          { row: 2, cells: ['ann@example.org', 'Ann', 'Lee', '5035550100'] },
          { row: 4, cells: ['bob@example.org', 'Bob', 'Ray', '+1 503 555 0101'] },
        ],
        total: 2,
        optinAllowance: { limit: 100, remaining: 100, countries: ['US', 'CA'] },
      },
    });
  });

  it('names the file as staff see it: no path, no control characters', async () => {
    const response = await preview('C:\\Users\\ann\\people\u0007.csv', PEOPLE);
    expect(response.statusCode).toBe(200);
    expect(response.json().preview.filename).toBe('people.csv');
  });

  it('takes 100,000 rows and 200 columns', async () => {
    const rows = await preview('many.csv', csvOfRows(LIMITS.importRows));
    expect(rows.statusCode).toBe(200);
    expect(rows.json().preview.total).toBe(LIMITS.importRows);
    const header = [
      'Email',
      ...Array.from({ length: LIMITS.importColumns - 1 }, (_, i) => `C${i}`),
    ];
    const wide = await preview('wide.csv', `${header.join(',')}\nann@example.org\n`);
    expect(wide.statusCode).toBe(200);
    expect(wide.json().preview.columns).toHaveLength(LIMITS.importColumns);
    expect(wide.json().preview.rows[0].cells).toHaveLength(LIMITS.importColumns);
  });
});

/** Each way a file is refused, by the preview and the import alike. */
const refusals: [
  string,
  () => Promise<{ filename: string; content: Buffer | string }>,
  number,
  string,
][] = [
  [
    'a file of another type',
    async () => ({ filename: 'people.txt', content: PEOPLE }),
    400,
    t.fileType,
  ],
  [
    'a file without an extension',
    async () => ({ filename: 'people', content: PEOPLE }),
    400,
    t.fileType,
  ],
  [
    'an image renamed .csv',
    async () => ({ filename: 'people.csv', content: png() }),
    400,
    serverTexts.contactImport.unreadableCsv.replace('%{reason}', 'it is not text'),
  ],
  [
    'an image renamed .xlsx',
    async () => ({ filename: 'people.xlsx', content: png() }),
    400,
    serverTexts.contactImport.unreadableXlsx,
  ],
  [
    'a workbook cut short',
    async () => {
      const whole = await xlsx({ Contacts: [['Email'], ['ann@example.org']] });
      return { filename: 'people.xlsx', content: whole.subarray(0, whole.length / 2) };
    },
    400,
    serverTexts.contactImport.unreadableXlsx,
  ],
  [
    'a CSV renamed .xlsx',
    async () => ({ filename: 'people.xlsx', content: PEOPLE }),
    400,
    serverTexts.contactImport.unreadableXlsx,
  ],
  [
    'an empty file',
    async () => ({ filename: 'empty.csv', content: '' }),
    400,
    serverTexts.contactImport.noHeader,
  ],
  [
    'a file of blank lines',
    async () => ({ filename: 'blank.csv', content: '\r\n , \r\n,,\r\n' }),
    400,
    serverTexts.contactImport.noHeader,
  ],
  [
    'an empty workbook',
    async () => ({ filename: 'empty.xlsx', content: await xlsx({ Contacts: [] }) }),
    400,
    serverTexts.contactImport.noHeader,
  ],
  [
    'a header without rows',
    async () => ({ filename: 'header.csv', content: 'Email,First name,Last name\r\n\r\n' }),
    400,
    serverTexts.contactImport.noRows,
  ],
  [
    'more than 100,000 rows',
    async () => ({ filename: 'many.csv', content: csvOfRows(LIMITS.importRows + 1) }),
    413,
    serverTexts.contactImport.tooManyRows.replace('%{max}', '100,000'),
  ],
  [
    'more than 200 columns',
    async () => ({
      filename: 'wide.csv',
      content: `${Array.from({ length: LIMITS.importColumns + 1 }, (_, i) => `C${i}`).join(',')}\nx\n`,
    }),
    400,
    serverTexts.contactImport.tooManyColumns.replace('%{max}', '200'),
  ],
  [
    'a CSV over 10 MB',
    async () => ({ filename: 'big.csv', content: Buffer.alloc(LIMITS.importBytes + 1, 'a') }),
    413,
    t.fileTooLarge.replace('%{mb}', '10'),
  ],
  [
    'a file of another type over 10 MB',
    async () => ({ filename: 'big.txt', content: Buffer.alloc(LIMITS.importBytes + 1, 'a') }),
    400,
    t.fileType,
  ],
];

describe('a file that cannot be imported', () => {
  it.each(refusals)('is refused: %s', async (_name, make, status, message) => {
    const { filename, content } = await make();
    for (const response of [
      await preview(filename, content),
      await startImport(filename, content),
    ]) {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: message });
    }
    expect(await storedImports()).toEqual([]);
  });

  it('is no file at all', async () => {
    const onlyFields = await post('/api/contacts/imports', textFields({ mapping: '[]' }));
    expect(onlyFields.json()).toEqual({ error: serverTexts.contactImport.fileRequired });
    expect(onlyFields.statusCode).toBe(400);
    // A file input left empty: a part with no name and nothing in it.
    const emptyInput = await post('/api/contacts/imports/preview', [file('', '')]);
    expect(emptyInput.json()).toEqual({ error: serverTexts.contactImport.fileRequired });
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/imports/preview',
      payload: { file: 'people.csv' },
      headers: ctx.auth,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: serverTexts.contactImport.fileRequired });
  });

  it('comes with another file', async () => {
    const response = await post('/api/contacts/imports/preview', [
      file('a.csv', PEOPLE),
      file('b.csv', PEOPLE),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: serverTexts.contactImport.oneFileOnly });
  });

  it('comes in a form that is no form', async () => {
    for (const [payload, contentType] of [
      ['garbage, and no boundary anywhere', 'multipart/form-data; boundary=x'],
      [
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nEm',
        'multipart/form-data; boundary=x',
      ],
      [PEOPLE, 'multipart/form-data'],
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contacts/imports',
        payload,
        headers: { ...ctx.auth, 'content-type': contentType! },
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ error: serverTexts.contactImport.malformed });
    }
    expect(await storedImports()).toEqual([]);
  });
});

describe('the choices sent with the file', () => {
  const refused: [string, Record<string, string>, string][] = [
    ['no mapping', {}, t.mappingUnreadable],
    ['a mapping that is not JSON', { mapping: 'email,firstName,lastName' }, t.mappingUnreadable],
    ['a mapping that is no list', { mapping: '{"email":0}' }, t.mappingUnreadable],
    [
      'a mapping of unknown fields',
      { mapping: '["email","firstName","password"]' },
      t.mappingUnreadable,
    ],
    [
      'an unknown duplicate rule',
      { mapping: JSON.stringify(NAMES), duplicates: 'merge' },
      t.duplicatesInvalid,
    ],
    [
      'a sendOptin that is not true or false',
      { mapping: JSON.stringify(NAMES), sendOptin: 'yes' },
      t.sendOptinInvalid,
    ],
  ];

  it.each(refused)('are refused: %s', async (_name, fields, message) => {
    const response = await startImport('people.csv', PEOPLE, fields);
    expect(response.statusCode).toBe(400);
    const field = Object.keys(fields).at(-1) ?? 'mapping';
    expect(response.json()).toEqual({ error: message, details: [{ field, message }] });
    expect(await storedImports()).toEqual([]);
  });

  const misfits: [string, unknown[], string][] = [
    [
      'a mapping of another length',
      ['email', 'firstName'],
      t.mappingInvalid.replace('%{count}', '3'),
    ],
    [
      'a field chosen twice',
      ['email', 'email', 'lastName'],
      t.mappingTwice.replace('%{field}', 'Email'),
    ],
    ['no email', [null, 'firstName', 'lastName'], t.mappingRequired.replace('%{field}', 'Email')],
    [
      'no last name',
      ['email', 'firstName', null],
      t.mappingRequired.replace('%{field}', 'Last name'),
    ],
  ];

  it.each(misfits)('must fit the file: %s', async (_name, mapping, message) => {
    const response = await startImport('people.csv', PEOPLE, { mapping: JSON.stringify(mapping) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, details: [{ field: 'mapping', message }] });
    expect(await storedImports()).toEqual([]);
  });
});

describe('POST /api/contacts/imports', () => {
  it('queues the import with its file and choices: 202', async () => {
    const content = `\r\n${PEOPLE}\r\ncy@example.org,Cy,Day\r\n`;
    const response = await post('/api/contacts/imports', [
      ...textFields({ duplicates: 'update', sendOptin: 'true' }),
      file('people.csv', content),
      ...textFields({ mapping: JSON.stringify(NAMES) }),
    ]);
    expect(response.statusCode).toBe(202);
    const { import: started } = response.json();
    expect(started).toEqual({ id: expect.any(String), status: 'queued' });

    const [row] = await ctx.db
      .select()
      .from(contactImports)
      .where(eq(contactImports.id, started.id));
    expect(row).toMatchObject({
      createdBy: ctx.user.id,
      importerRole: 'host',
      filename: 'people.csv',
      format: 'csv',
      columns: ['Email', 'First name', 'Last name'],
      mapping: NAMES,
      duplicates: 'update',
      sendOptin: true,
      status: 'queued',
      total: 3,
      // The header is row 2, below a blank row.
      nextRow: 3,
      processed: 0,
    });
    expect(row!.content!.equals(Buffer.from(content))).toBe(true);
  });

  it('skips duplicates and sends no opt-in unless told, and keeps an XLSX as sent', async () => {
    const content = await xlsx({
      Contacts: [
        ['Email', 'First', 'Last', 'Notes'],
        ['ann@example.org', 'Ann', 'Lee', 'x'],
      ],
    });
    const response = await startImport('people.xlsx', content, {
      mapping: JSON.stringify([...NAMES, null]),
    });
    expect(response.statusCode).toBe(202);
    const [row] = await storedImports();
    expect(row).toMatchObject({
      format: 'xlsx',
      mapping: [...NAMES, null],
      duplicates: 'skip',
      sendOptin: false,
      total: 1,
      nextRow: 2,
    });
    expect(row!.content!.equals(content)).toBe(true);
  });
});

/** An import as the runner leaves it, written directly. */
async function insertImport(values: Partial<typeof contactImports.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(contactImports)
    .values({
      importerRole: 'admin',
      filename: 'people.csv',
      format: 'csv',
      content: Buffer.from(PEOPLE),
      columns: ['Email', 'First name', 'Last name'],
      mapping: NAMES as ImportField[],
      duplicates: 'skip',
      total: 2,
      ...values,
    })
    .returning();
  return row!;
}

describe('GET /api/contacts/imports', () => {
  it('lists the imports under way, oldest first, whoever started them', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const adminAuth = bearer(await loginAs(ctx.app, admin.user.email, admin.password!));
    const first = await startImport('first.csv', PEOPLE, undefined, adminAuth);
    const second = await startImport('second.csv', PEOPLE);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const running = await insertImport({
      filename: 'running.csv',
      status: 'running',
      processed: 1,
      created: 1,
      createdAt: new Date(Date.now() - 60_000),
    });
    await insertImport({ filename: 'done.csv', status: 'done', processed: 2 });
    await insertImport({ filename: 'failed.csv', status: 'failed' });

    for (const auth of [ctx.auth, adminAuth]) {
      const response = await get('/api/contacts/imports', auth);
      expect(response.statusCode).toBe(200);
      const { imports } = response.json();
      expect(imports.map((i: { filename: string }) => i.filename)).toEqual([
        'running.csv',
        'first.csv',
        'second.csv',
      ]);
      expect(imports[0]).toEqual({
        id: running.id,
        filename: 'running.csv',
        status: 'running',
        total: 2,
        processed: 1,
        created: 1,
        updated: 0,
        skipped: 0,
        createdAt: running.createdAt.toISOString(),
      });
    }
  });

  it('is empty when nothing is under way', async () => {
    await insertImport({ status: 'done' });
    const response = await get('/api/contacts/imports');
    expect(response.json()).toEqual({ imports: [] });
  });
});

/** Rejected rows 2, 3, … of an import: every other one with two problems. */
function rejects(importId: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    importId,
    row: i + 2,
    cells: [`bad${i}`, `First${i}`, `Last${i}`],
    problems:
      i % 2 === 0
        ? [
            { field: 'email' as const, message: 'Please enter a valid email address' },
            { field: 'phone' as const, message: 'Phone number must be at least 10 digits' },
          ]
        : [{ field: 'firstName' as const, message: 'First name is required' }],
  }));
}

describe('GET /api/contacts/imports/:id', () => {
  it('answers its counts and its first problems in row order', async () => {
    const finishedAt = new Date('2026-03-01T12:00:00.000Z');
    const row = await insertImport({
      status: 'done',
      total: 200,
      processed: 200,
      created: 50,
      updated: 20,
      skipped: 130,
      errorCount: 130,
      duplicates: 'update',
      sendOptin: true,
      content: null,
      finishedAt,
    });
    const all = rejects(row.id, 130);
    // Written out of order: the answer is in row order all the same.
    await ctx.db.insert(contactImportRejects).values([...all].reverse());

    const response = await get(`/api/contacts/imports/${row.id}`);
    expect(response.statusCode).toBe(200);
    const expected = all
      .flatMap((reject) => reject.problems.map((problem) => ({ row: reject.row, ...problem })))
      .slice(0, IMPORT_ERRORS_SHOWN);
    expect(response.json()).toEqual({
      import: {
        id: row.id,
        filename: 'people.csv',
        status: 'done',
        total: 200,
        processed: 200,
        created: 50,
        updated: 20,
        skipped: 130,
        createdAt: row.createdAt.toISOString(),
        duplicates: 'update',
        sendOptin: true,
        errors: expected,
        errorCount: 130,
        optinsQueued: 0,
        optinsWithheld: 0,
        error: null,
        finishedAt: finishedAt.toISOString(),
      },
    });
    expect(response.json().import.errors).toHaveLength(IMPORT_ERRORS_SHOWN);
    expect(response.json().import.errors.slice(0, 3)).toEqual([
      { row: 2, field: 'email', message: 'Please enter a valid email address' },
      { row: 2, field: 'phone', message: 'Phone number must be at least 10 digits' },
      { row: 3, field: 'firstName', message: 'First name is required' },
    ]);
  });

  it('answers a queued import with no problems, and a failed one with why', async () => {
    const queued = await insertImport();
    expect((await get(`/api/contacts/imports/${queued.id}`)).json().import).toMatchObject({
      status: 'queued',
      errors: [],
      errorCount: 0,
      error: null,
      finishedAt: null,
    });
    const failed = await insertImport({ status: 'failed', error: 'The import stopped at row 7' });
    expect((await get(`/api/contacts/imports/${failed.id}`)).json().import).toMatchObject({
      status: 'failed',
      error: 'The import stopped at row 7',
    });
  });
});

describe('GET /api/contacts/imports/:id/report', () => {
  it('is a CSV of the rows not imported: their cells, their row and why, safe to open', async () => {
    const row = await insertImport({
      columns: ['Email', 'First name', 'Last name', 'Notes'],
      mapping: [...NAMES, 'bio'] as ImportField[],
      createdAt: new Date('2026-03-04T10:00:00.000Z'),
    });
    await ctx.db.insert(contactImportRejects).values([
      {
        importId: row.id,
        row: 9,
        cells: ['bob@example.org', 'Bob'],
        problems: [
          { field: 'email', message: 'The same email is on row 3 of this file' },
          { field: 'phone', message: 'Phone number must be at least 10 digits' },
        ],
      },
      {
        importId: row.id,
        row: 3,
        cells: ['ann@', 'Ann', 'Lee', '=HYPERLINK("http://evil.example")', 'beyond'],
        problems: [{ field: 'email', message: 'Please enter a valid email address' }],
      },
    ]);
    const response = await get(`/api/contacts/imports/${row.id}/report`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="contacts-import-2026-03-04-not-imported.csv"',
    );
    expect(response.body).toBe(
      '\uFEFFEmail,First name,Last name,Notes,Row,Reason\r\n' +
        `ann@,Ann,Lee,"'=HYPERLINK(""http://evil.example"")",3,Email: Please enter a valid email address\r\n` +
        'bob@example.org,Bob,,,9,Email: The same email is on row 3 of this file; Phone: Phone number must be at least 10 digits\r\n',
    );
  });

  it('holds every rejected row, in row order, however many', async () => {
    const row = await insertImport({ total: 2600 });
    await ctx.db.insert(contactImportRejects).values(rejects(row.id, 2500).reverse());
    const response = await get(`/api/contacts/imports/${row.id}/report`);
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(2500);
    expect(lines.map((line) => Number(line.split(',')[3]))).toEqual(
      Array.from({ length: 2500 }, (_, i) => i + 2),
    );
    expect(lines[1]).toBe('bad1,First1,Last1,3,First name: First name is required');
  });

  it('is the header alone when every row was imported', async () => {
    const row = await insertImport({ status: 'done' });
    const response = await get(`/api/contacts/imports/${row.id}/report`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('\uFEFFEmail,First name,Last name,Row,Reason\r\n');
  });
});

describe('an import that is not there', () => {
  it.each(['/api/contacts/imports/%s', '/api/contacts/imports/%s/report'])(
    '%s answers 404',
    async (path) => {
      for (const id of ['7d0c4b61-7f7e-4a86-9d3a-3f4d2b9a0c11', 'not-an-id', '1']) {
        const response = await get(path.replace('%s', id));
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({ error: serverTexts.contactImport.notFound });
      }
    },
  );
});

describe('signed out', () => {
  it('every route answers 401', async () => {
    const id = (await insertImport()).id;
    const responses = [
      await post('/api/contacts/imports/preview', [file('people.csv', PEOPLE)], {}),
      await startImport('people.csv', PEOPLE, undefined, {}),
      await get('/api/contacts/imports', {}),
      await get(`/api/contacts/imports/${id}`, {}),
      await get(`/api/contacts/imports/${id}/report`, {}),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(await storedImports()).toHaveLength(1);
  });
});

describe('uploads sent together', () => {
  it('are each answered for their own file', async () => {
    const sizes = [3000, 6000, 9000, 12_000, 15_000, 18_000];
    const [previews, imports] = await Promise.all([
      Promise.all(sizes.map((size) => preview(`p${size}.csv`, csvOfRows(size)))),
      Promise.all(sizes.map((size) => startImport(`i${size}.csv`, csvOfRows(size)))),
    ]);
    expect(previews.map((response) => response.statusCode)).toEqual(sizes.map(() => 200));
    expect(previews.map((response) => response.json().preview.total)).toEqual(sizes);
    expect(imports.map((response) => response.statusCode)).toEqual(sizes.map(() => 202));
    const stored = await storedImports();
    expect(stored.map((row) => [row.filename, row.total]).sort()).toEqual(
      sizes.map((size) => [`i${size}.csv`, size]).sort(),
    );
  });
});
