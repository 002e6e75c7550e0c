import { and, eq, inArray, like, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { consentEvents, contactImports, outboundMessages, users } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { createImportRunner, IMPORT_MAX_ATTEMPTS } from '../../src/server/imports/runner';
import { optinPolicy } from '../../src/server/outbox/optin';
import { sanitizeRichText } from '../../src/server/services/rich-text';
import { LIMITS } from '../../src/shared/constants';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { createUser } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { captureLog } from './helpers/log';
import { csvFile, importState, queueImport, xlsxFile } from './helpers/imports';

/**
 * The background import: a queued import (inserted as POST /api/contacts/imports inserts it) is
 * run to its end by the runner, and what it wrote is read back from the database.
 */

const t = messages.contactImport;
/** The limits of a server with the default configuration, on the real clock. */
const optin = optinPolicy(loadConfig({}), () => new Date());
const c = messages.contacts;

let testDb: TestDatabase;
let db: Db;
let adminId: string;
let hostId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  adminId = (await createUser(db, { role: 'admin', firstName: 'Ada' })).user.id;
  hostId = (await createUser(db, { role: 'host', firstName: 'Hana' })).user.id;
});
afterAll(() => testDb?.dispose());

/** Runs every queued import to its end, in batches of three rows unless told otherwise. */
async function drain(batchSize = 3) {
  const runner = createImportRunner({ optin, db, log: Fastify().log, leaseMs: 30_000, batchSize });
  await runner.drain();
}

const contactsAt = (domain: string) =>
  db
    .select()
    .from(users)
    .where(like(users.email, `%@${domain}`))
    .orderBy(users.email);

const contactByEmail = async (email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0];

/** A header and `count` valid rows of people at `domain`. */
function peopleRows(domain: string, count: number) {
  const rows = [['Email', 'First name', 'Last name']];
  for (let i = 1; i <= count; i++) rows.push([`p${i}@${domain}`, 'Ann', `Lee${i}`]);
  return rows;
}

/** Waits (a few seconds at the most) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let polls = 0; !(await check()); polls++) {
    if (polls > 2000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Each row's problems as 'row field: message'. */
const problemsOf = (rejects: Awaited<ReturnType<typeof importState>>['rejects']) =>
  rejects.flatMap(({ row, problems }) => problems.map((p) => `${row} ${p.field}: ${p.message}`));

describe('a queued import, run to its end', () => {
  it('imports a CSV: columns in any order, an unmapped column ignored, emails lower-cased, phones in E.164', async () => {
    const bio = '<b>Likes</b> tea<script>alert(1)</script>';
    const content = csvFile([
      ['Notes', 'Mobile', 'Favourite colour', 'Surname', 'E-mail', 'Given name', 'Country'],
      [bio, '(503) 555-0101', 'blue', 'Lovelace', ' Ada.Lovelace@CSV.Test ', 'Ada', ''],
      ['', '+44 20 7946 0958', 'red', 'Hopper', 'grace@csv.test', 'Grace', 'United Kingdom'],
      ['Plain notes', '', 'green', 'Liskov', 'barbara@csv.test', 'Barbara', 'Canada'],
    ]);
    const id = await queueImport(db, { content });
    await drain();

    const state = await importState(db, id);
    expect(state).toMatchObject({
      status: 'done',
      total: 3,
      processed: 3,
      created: 3,
      updated: 0,
      skipped: 0,
      errorCount: 0,
      error: null,
      content: null,
      nextRow: 5,
    });
    expect(state.finishedAt).toBeInstanceOf(Date);
    expect(state.rejects).toEqual([]);

    const saved = await contactsAt('csv.test');
    expect(
      saved.map(({ email, firstName, lastName, phone, country, bio, role, status }) => ({
        email,
        firstName,
        lastName,
        phone,
        country,
        bio,
        role,
        status,
      })),
    ).toEqual([
      {
        email: 'ada.lovelace@csv.test',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+15035550101',
        country: 'United States',
        bio: sanitizeRichText(bio),
        role: 'participant',
        status: 'active',
      },
      {
        email: 'barbara@csv.test',
        firstName: 'Barbara',
        lastName: 'Liskov',
        phone: null,
        country: 'Canada',
        bio: 'Plain notes',
        role: 'participant',
        status: 'active',
      },
      {
        email: 'grace@csv.test',
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: '+442079460958',
        country: 'United Kingdom',
        bio: '',
        role: 'participant',
        status: 'active',
      },
    ]);
    expect(saved[0]!.bio).toBe('<strong>Likes</strong> tea');
  });

  it('imports an XLSX: a phone kept as a number, roles and statuses by their labels', async () => {
    const content = await xlsxFile([
      ['Email', 'First name', 'Last name', 'Phone', 'Role', 'Status', 'City'],
      ['wei@xlsx.test', 'Wei', 'Zhang', 5035550102, 'Host', 'Inactive', 'Portland'],
      ['maria@xlsx.test', 'Maria', 'Garcia', '503-555-0103', 'admin', '', null],
      ['james@xlsx.test', 'James', 'Okafor', null, 'PARTICIPANT', 'suspended', 'Salem'],
    ]);
    const id = await queueImport(db, { content, format: 'xlsx' });
    await drain();

    expect(await importState(db, id)).toMatchObject({
      status: 'done',
      total: 3,
      processed: 3,
      created: 3,
      skipped: 0,
    });
    const saved = await contactsAt('xlsx.test');
    expect(
      saved.map(({ email, phone, role, status, city }) => [email, phone, role, status, city]),
    ).toEqual([
      ['james@xlsx.test', null, 'participant', 'suspended', 'Salem'],
      ['maria@xlsx.test', '+15035550103', 'admin', 'active', ''],
      ['wei@xlsx.test', '+15035550102', 'host', 'inactive', 'Portland'],
    ]);
  });

  it('stores a bio a browser would read as markup escaped, as the contact form does', async () => {
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'Bio'],
      ['svg@markup.test', 'Sam', 'Vega', '<svg/onload=alert(1)>'],
      ['lines@markup.test', 'Lena', 'Ines', 'Call <b\nafter 5'],
      ['plain@markup.test', 'Paul', 'Lain', 'I <3 tea & a < b'],
    ]);
    await queueImport(db, { content });
    await drain();
    const saved = await contactsAt('markup.test');
    expect(saved.map(({ email, bio }) => [email, bio])).toEqual([
      ['lines@markup.test', '<p>Call &lt;b<br />after 5</p>'],
      ['plain@markup.test', 'I <3 tea & a < b'],
      ['svg@markup.test', '<p>&lt;svg/onload=alert(1)&gt;</p>'],
    ]);
  });

  it('gives nobody a password or a verified email or phone, whatever the file holds', async () => {
    const content = csvFile([
      [
        'Email',
        'First name',
        'Last name',
        'Role',
        'Password',
        'Email verified',
        'Phone verified',
        'Phone',
      ],
      ['admin@flags.test', 'Al', 'Admin', 'Admin', 'hunter22', 'Yes', 'Yes', '5035550104'],
      ['host@flags.test', 'Hal', 'Host', 'Host', 'hunter22', 'true', 'true', '5035550105'],
      ['part@flags.test', 'Pat', 'Part', '', 'hunter22', 'true', 'true', '5035550106'],
    ]);
    const id = await queueImport(db, { content });
    await drain();

    expect((await importState(db, id)).created).toBe(3);
    const saved = await contactsAt('flags.test');
    expect(saved).toHaveLength(3);
    for (const contact of saved) {
      expect(contact).toMatchObject({
        passwordHash: null,
        emailVerified: false,
        smsVerified: false,
        smsOptedOutAt: null,
        loginCount: 0,
      });
    }
  });
});

describe("a row's problems", () => {
  it("rejects every row the contact form would refuse, with the form's words and the file's row numbers", async () => {
    const longBio = 'x'.repeat(LIMITS.bioText + 1);
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'Phone', 'Role', 'Status', 'Bio'],
      ['fine@rules.test', 'Fine', 'Row', '5035550107', '', '', ''],
      ['', 'No', 'Email', '', '', '', ''],
      ['not-an-email', 'Bad', 'Email', '', '', '', ''],
      ['', '', '', '', '', '', ''],
      ['nofirst@rules.test', '', 'Name', '', '', '', ''],
      ['nolast@rules.test', 'Name', ' ', '', '', '', ''],
      ['short@rules.test', 'Short', 'Phone', '12345', '', '', ''],
      ['long@rules.test', 'Long', 'Phone', '+1 503 555 0101 99999', '', '', ''],
      ['bio@rules.test', 'Long', 'Bio', '', '', '', longBio],
      ['role@rules.test', 'Bad', 'Role', '', 'Boss', '', ''],
      ['status@rules.test', 'Bad', 'Status', '', '', 'Sleeping', ''],
      ['MANY@rules.test ', '', '', '123', 'Boss', '', ''],
    ]);
    const id = await queueImport(db, { content });
    await drain();

    const state = await importState(db, id);
    expect(problemsOf(state.rejects)).toEqual([
      `3 email: ${c.emailRequired}`,
      `4 email: ${c.emailInvalid}`,
      // Row 5 is blank: left out, and still counted, as the spreadsheet numbers it.
      `6 firstName: ${c.firstNameRequired}`,
      `7 lastName: ${c.lastNameRequired}`,
      `8 phone: ${c.phoneTooShort}`,
      `9 phone: ${c.phoneTooLong}`,
      `10 bio: ${formatMessage(c.bioTooLong, { max: LIMITS.bioText })}`,
      `11 role: ${t.roleInvalid}`,
      `12 status: ${t.statusInvalid}`,
      `13 firstName: ${c.firstNameRequired}`,
      `13 lastName: ${c.lastNameRequired}`,
      `13 phone: ${c.phoneTooShort}`,
      `13 role: ${t.roleInvalid}`,
    ]);
    // The report gives back each row as it was in the file.
    expect(state.rejects[0]!.cells).toEqual(['', 'No', 'Email', '', '', '', '']);
    expect(state).toMatchObject({
      status: 'done',
      total: 11,
      processed: 11,
      created: 1,
      updated: 0,
      skipped: 10,
      errorCount: 13,
    });
    expect((await contactsAt('rules.test')).map((contact) => contact.email)).toEqual([
      'fine@rules.test',
    ]);
  });

  it("imports participants only from a host's file", async () => {
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'Role'],
      ['p@hostfile.test', 'Pat', 'Part', 'Participant'],
      ['h@hostfile.test', 'Hal', 'Host', 'Host'],
      ['a@hostfile.test', 'Al', 'Admin', 'Admin'],
      ['d@hostfile.test', 'Dee', 'Default', ''],
    ]);
    const id = await queueImport(db, { content, importerRole: 'host', createdBy: hostId });
    await drain();

    const state = await importState(db, id);
    expect(problemsOf(state.rejects)).toEqual([
      `3 role: ${t.hostsImportParticipants}`,
      `4 role: ${t.hostsImportParticipants}`,
    ]);
    expect(state).toMatchObject({ created: 2, skipped: 2, processed: 4 });
    expect((await contactsAt('hostfile.test')).map((contact) => contact.role)).toEqual([
      'participant',
      'participant',
    ]);
  });

  it("keeps a reject's cells to the header's columns: a short row padded, a long one cut", async () => {
    const content = Buffer.from(
      'Email,First name,Last name\r\nshort@cells.test\r\nlong@cells.test,,Name,extra,more\r\n',
    );
    const id = await queueImport(db, { content });
    await drain();

    const { rejects } = await importState(db, id);
    expect(rejects.map(({ row, cells }) => [row, cells])).toEqual([
      [2, ['short@cells.test', '', '']],
      [3, ['long@cells.test', '', 'Name']],
    ]);
  });

  it('refuses a cell holding control characters, and keeps the row for the report with them marked', async () => {
    const content = Buffer.from(
      'Email,First name,Last name,Notes\r\nbell@cells.test,Be\u0007ll,Row,ok\r\nfine@cells.test,Fine,Row,\u0001\r\n',
    );
    const id = await queueImport(db, { content });
    await drain();

    const { rejects } = await importState(db, id);
    expect(rejects).toEqual([
      {
        row: 2,
        cells: ['bell@cells.test', 'Be\uFFFDll', 'Row', 'ok'],
        problems: [{ field: 'firstName', message: messages.server.invalidCharacters }],
      },
      {
        row: 3,
        cells: ['fine@cells.test', 'Fine', 'Row', '\uFFFD'],
        problems: [{ field: 'bio', message: messages.server.invalidCharacters }],
      },
    ]);
  });
});

describe('the same email twice', () => {
  it('imports the first valid row of an email and refuses the later ones, across batches', async () => {
    const content = csvFile([
      ['Email', 'First name', 'Last name'],
      ['twice@infile.test', '', 'Invalid'],
      ['Twice@InFile.test', 'First', 'Valid'],
      ['other@infile.test', 'Other', 'Row'],
      ['TWICE@infile.test', 'Second', 'Valid'],
      ['other@infile.test', '', 'Invalid too'],
      ['twice@infile.test ', 'Third', 'Valid'],
    ]);
    const id = await queueImport(db, { content });
    await drain(2);

    const state = await importState(db, id);
    expect(problemsOf(state.rejects)).toEqual([
      `2 firstName: ${c.firstNameRequired}`,
      `5 email: ${formatMessage(t.duplicateInFile, { row: 3 })}`,
      // An invalid row is refused for its own problems, not as a repeat.
      `6 firstName: ${c.firstNameRequired}`,
      `7 email: ${formatMessage(t.duplicateInFile, { row: 3 })}`,
    ]);
    expect(state).toMatchObject({ total: 6, processed: 6, created: 2, skipped: 4 });
    expect((await contactByEmail('twice@infile.test'))?.firstName).toBe('First');
  });

  it("'skip' leaves a contact that already has the email alone", async () => {
    const { user: before } = await createUser(db, {
      role: 'participant',
      email: 'known@skip.test',
      firstName: 'Known',
      lastName: '',
      phone: null,
      city: '',
    });
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'Phone', 'City'],
      ['Known@Skip.test', 'Other', 'Name', '5035550108', 'Bend'],
      ['new@skip.test', 'New', 'Contact', '', ''],
    ]);
    const id = await queueImport(db, { content, duplicates: 'skip' });
    await drain();

    const state = await importState(db, id);
    expect(problemsOf(state.rejects)).toEqual([
      `2 email: ${serverTexts.contactImport.alreadyExists}`,
    ]);
    expect(state).toMatchObject({ created: 1, updated: 0, skipped: 1, processed: 2 });
    expect(await contactByEmail('known@skip.test')).toEqual(before);
  });

  it("'update' fills in only the empty fields of the existing contact, never its role, status or verification", async () => {
    const { user: existing } = await createUser(db, {
      role: 'participant',
      status: 'inactive',
      email: 'fill@update.test',
      firstName: 'Kept',
      lastName: '',
      phone: null,
      street: '1 Main St',
      city: '',
      country: '',
      bio: '',
      smsVerified: false,
    });
    const { user: verified } = await createUser(db, {
      role: 'participant',
      email: 'verified@update.test',
      firstName: 'Vera',
      lastName: 'Fied',
      phone: null,
      smsVerified: true,
      city: '',
    });
    const { user: full } = await createUser(db, {
      role: 'participant',
      email: 'full@update.test',
      firstName: 'Full',
      lastName: 'Contact',
      phone: '+15035550109',
      city: 'Salem',
    });
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'Phone', 'Role', 'Status', 'Street', 'City', 'Bio'],
      [
        'fill@update.test',
        'Other',
        'Filled',
        '503 555 0110',
        'Admin',
        'Active',
        '2 Side St',
        'Bend',
        '<i>New</i>',
      ],
      ['verified@update.test', 'Vera', 'Fied', '5035550111', '', '', '', '', ''],
      ['full@update.test', 'Full', 'Contact', '5035550112', '', '', '', 'Eugene', ''],
    ]);
    const id = await queueImport(db, { content, duplicates: 'update' });
    await drain();

    const state = await importState(db, id);
    expect(problemsOf(state.rejects)).toEqual([
      // A phone is not added to a contact marked verified without one; nothing else was empty.
      `3 email: ${serverTexts.contactImport.nothingToFill}`,
      `4 email: ${serverTexts.contactImport.nothingToFill}`,
    ]);
    expect(state).toMatchObject({ created: 0, updated: 1, skipped: 2, processed: 3, total: 3 });

    const filled = await contactByEmail('fill@update.test');
    expect(filled).toMatchObject({
      id: existing.id,
      firstName: 'Kept',
      lastName: 'Filled',
      phone: '+15035550110',
      street: '1 Main St',
      city: 'Bend',
      country: 'United States',
      bio: '<em>New</em>',
      role: 'participant',
      status: 'inactive',
      passwordHash: null,
      emailVerified: false,
      smsVerified: false,
    });
    expect(await contactByEmail('verified@update.test')).toEqual(verified);
    expect(await contactByEmail('full@update.test')).toEqual(full);
  });

  it("'update' lets a host change participants only; an admin may fill in staff's empty fields", async () => {
    await createUser(db, { role: 'host', email: 'host@staff.test', city: '' });
    await createUser(db, { role: 'admin', email: 'admin@staff.test', city: '' });
    await createUser(db, { role: 'participant', email: 'part@staff.test', city: '' });
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'City'],
      ['host@staff.test', 'Hal', 'Host', 'Bend'],
      ['admin@staff.test', 'Al', 'Admin', 'Bend'],
      ['part@staff.test', 'Pat', 'Part', 'Bend'],
    ]);
    const byHost = await queueImport(db, {
      content,
      duplicates: 'update',
      importerRole: 'host',
      createdBy: hostId,
    });
    await drain();

    const state = await importState(db, byHost);
    expect(problemsOf(state.rejects)).toEqual([
      `2 email: ${serverTexts.contactImport.staffByAdminsOnly}`,
      `3 email: ${serverTexts.contactImport.staffByAdminsOnly}`,
    ]);
    expect(state).toMatchObject({ updated: 1, skipped: 2 });
    expect((await contactByEmail('host@staff.test'))?.city).toBe('');
    expect((await contactByEmail('part@staff.test'))?.city).toBe('Bend');

    const byAdmin = await queueImport(db, {
      content,
      duplicates: 'update',
      importerRole: 'admin',
      createdBy: adminId,
    });
    await drain();
    expect(await importState(db, byAdmin)).toMatchObject({ updated: 2, skipped: 1 });
    expect((await contactByEmail('host@staff.test'))?.city).toBe('Bend');
    expect((await contactByEmail('admin@staff.test'))?.city).toBe('Bend');
  });
});

describe('the opt-in message', () => {
  const optinsTo = async (domain: string) =>
    db
      .select({
        email: users.email,
        toPhone: outboundMessages.toPhone,
        createdBy: outboundMessages.createdBy,
        status: outboundMessages.status,
      })
      .from(outboundMessages)
      .innerJoin(users, eq(users.id, outboundMessages.contactId))
      .where(and(eq(outboundMessages.kind, 'optin'), like(users.email, `%@${domain}`)))
      .orderBy(users.email);

  it('is queued, when asked, for each created participant with a phone, and logged as requested', async () => {
    await createUser(db, { role: 'participant', email: 'old@optin.test', phone: null });
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'Phone', 'Role'],
      ['a@optin.test', 'Ann', 'Phone', '5035550113', ''],
      ['b@optin.test', 'Ben', 'Nophone', '', ''],
      ['c@optin.test', 'Cal', 'Host', '5035550114', 'Host'],
      ['old@optin.test', 'Old', 'Contact', '5035550115', ''],
      ['d@optin.test', 'Dee', 'Phone', '+44 20 7946 0959', ''],
    ]);
    const id = await queueImport(db, {
      content,
      duplicates: 'update',
      sendOptin: true,
      createdBy: adminId,
    });
    await drain(2);

    expect(await importState(db, id)).toMatchObject({ created: 4, updated: 1, skipped: 0 });
    // A number abroad (SMS_ALLOWED_COUNTRIES is US and CA by default) is not asked.
    expect(await optinsTo('optin.test')).toEqual([
      { email: 'a@optin.test', toPhone: '+15035550113', createdBy: adminId, status: 'queued' },
    ]);
    expect(await importState(db, id)).toMatchObject({ optinsQueued: 1, optinsWithheld: 1 });
    const requested = await db
      .select({ phone: consentEvents.phone, staffUserId: consentEvents.staffUserId })
      .from(consentEvents)
      .where(
        and(
          eq(consentEvents.event, 'optin_requested'),
          inArray(consentEvents.phone, ['+15035550113', '+442079460959']),
        ),
      )
      .orderBy(consentEvents.phone);
    expect(requested).toEqual([{ phone: '+15035550113', staffUserId: adminId }]);
  });

  it('is not queued when not asked for', async () => {
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'Phone'],
      ['a@nooptin.test', 'Ann', 'Phone', '5035550116'],
    ]);
    const id = await queueImport(db, { content, sendOptin: false, createdBy: adminId });
    await drain();

    expect((await importState(db, id)).created).toBe(1);
    expect(await optinsTo('nooptin.test')).toEqual([]);
  });
});

describe('a file that cannot be read to its end', () => {
  it('keeps the rows before the break and stops the import with the reason', async () => {
    const rows = peopleRows('broken.test', 3000);
    const text = csvFile(rows).toString() + '"Unclosed,quote,row\r\nlast@broken.test,Ann,Lee\r\n';
    const [queued] = await db
      .insert(contactImports)
      .values({
        importerRole: 'admin',
        filename: 'broken.csv',
        format: 'csv',
        content: Buffer.from(text),
        columns: rows[0]!,
        mapping: ['email', 'firstName', 'lastName'],
        duplicates: 'skip',
        total: 3002,
      })
      .returning({ id: contactImports.id });
    await drain(500);

    const state = await importState(db, queued!.id);
    expect(state.status).toBe('failed');
    expect(state.content).toBeNull();
    expect(state.finishedAt).toBeInstanceOf(Date);
    const stoppedAt = state.nextRow;
    const prefix = formatMessage(serverTexts.contactImport.stoppedAt, {
      row: stoppedAt,
      reason: formatMessage(serverTexts.contactImport.unreadableCsv, { reason: '' }),
    });
    expect(state.error?.startsWith(prefix)).toBe(true);
    expect(state.error).toContain('Quote Not Closed');
    // Every row before the one it stopped at is imported; none after.
    const imported = stoppedAt - 2;
    expect(imported).toBeGreaterThan(0);
    expect(state).toMatchObject({ processed: imported, created: imported, skipped: 0 });
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(like(users.email, '%@broken.test'))) as [{ count: number }];
    expect(count).toBe(imported);
  });

  it('fails a workbook that is not one, importing nothing', async () => {
    const workbook = await xlsxFile([
      ['Email', 'First name', 'Last name'],
      ['a@corrupt.test', 'Ann', 'Lee'],
    ]);
    const [queued] = await db
      .insert(contactImports)
      .values({
        importerRole: 'admin',
        filename: 'corrupt.xlsx',
        format: 'xlsx',
        content: workbook.subarray(0, Math.floor(workbook.length / 2)),
        columns: ['Email', 'First name', 'Last name'],
        mapping: ['email', 'firstName', 'lastName'],
        duplicates: 'skip',
        total: 1,
      })
      .returning({ id: contactImports.id });
    await drain();

    expect(await importState(db, queued!.id)).toMatchObject({
      status: 'failed',
      error: formatMessage(serverTexts.contactImport.stoppedAt, {
        row: 2,
        reason: serverTexts.contactImport.unreadableXlsx,
      }),
      content: null,
      processed: 0,
    });
    expect(await contactsAt('corrupt.test')).toEqual([]);
  });
});

describe('an import taken up again', () => {
  /** An import whose runner stopped after writing rows 2 and 3, `secondsAgo` before now. */
  async function leftRunning(secondsAgo: number) {
    const content = csvFile([
      ['Email', 'First name', 'Last name'],
      ['first@resume.test', 'First', 'Row'],
      ['second@resume.test', '', 'Invalid'],
      ['third@resume.test', 'Third', 'Row'],
      ['FIRST@resume.test', 'Again', 'Row'],
      ['second@resume.test', 'Second', 'Valid'],
    ]);
    const id = await queueImport(db, { content });
    await db
      .update(contactImports)
      .set({
        status: 'running',
        heartbeatAt: sql`now() - ${secondsAgo} * interval '1 second'`,
        nextRow: 4,
        processed: 2,
        created: 1,
        skipped: 1,
        errorCount: 1,
      })
      .where(eq(contactImports.id, id));
    return id;
  }

  it('is left to its runner while that shows signs of life', async () => {
    const id = await leftRunning(1);
    await drain();
    expect(await importState(db, id)).toMatchObject({ status: 'running', nextRow: 4 });
    await db.delete(contactImports).where(eq(contactImports.id, id));
  });

  it('goes on from the first row not written once its lease has passed, knowing the emails before it', async () => {
    const id = await leftRunning(60);
    await drain();

    const state = await importState(db, id);
    expect(problemsOf(state.rejects)).toEqual([
      `5 email: ${formatMessage(t.duplicateInFile, { row: 2 })}`,
    ]);
    expect(state).toMatchObject({
      status: 'done',
      total: 5,
      processed: 5,
      created: 3,
      skipped: 2,
      errorCount: 2,
    });
    // Rows 2 and 3 were the first runner's to write: this one wrote rows 4 to 6 only.
    expect((await contactsAt('resume.test')).map((contact) => contact.email)).toEqual([
      'second@resume.test',
      'third@resume.test',
    ]);
  });

  it('is left alone by a runner that finds it taken over, and finished by the one that took it', async () => {
    const id = await queueImport(db, { content: csvFile(peopleRows('takeover.test', 300)) });
    const log = captureLog();
    const slow = createImportRunner({
      optin,
      db,
      log: Fastify({ logger: log.logger }).log,
      leaseMs: 30_000,
      batchSize: 1,
    });
    slow.start();
    await until(async () => (await importState(db, id)).processed > 0, 'the import to start');
    // As if the runner had stalled past its lease: another may take the import over, and this
    // one must leave it alone from its next batch on (it may claim it afresh, as any runner may).
    await db
      .update(contactImports)
      .set({ heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(contactImports.id, id));
    await until(
      () =>
        log.lines.some((line) => line.msg === 'a contact import was taken over by another server'),
      'the runner to notice',
    );
    await drain(100);
    await slow.stop();
    await drain(100);

    expect(await importState(db, id)).toMatchObject({
      status: 'done',
      processed: 300,
      created: 300,
      skipped: 0,
    });
    expect(await contactsAt('takeover.test')).toHaveLength(300);
  });

  it('is put back in the queue by a runner that stops, and finished by the next', async () => {
    const id = await queueImport(db, { content: csvFile(peopleRows('stop.test', 300)) });
    const runner = createImportRunner({
      optin,
      db,
      log: Fastify().log,
      leaseMs: 30_000,
      batchSize: 1,
    });
    runner.start();
    await until(async () => (await importState(db, id)).processed > 0, 'the import to start');
    await runner.stop();

    const stopped = await importState(db, id);
    expect(stopped.status).toBe('queued');
    expect(stopped.processed).toBeGreaterThan(0);
    expect(stopped.processed).toBeLessThan(300);
    expect(stopped.nextRow).toBe(stopped.processed + 2);

    await drain(100);
    expect(await importState(db, id)).toMatchObject({
      status: 'done',
      processed: 300,
      created: 300,
      skipped: 0,
    });
    expect(await contactsAt('stop.test')).toHaveLength(300);
  });
});

describe('a batch that cannot be written', () => {
  it('is tried again after its lease, and after three claims in a row the import fails, keeping the batches before', async () => {
    // A database that refuses one contact: every attempt at its batch fails.
    await db.execute(sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.email = 'poison@poison.test' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger refuse_poison before insert on users
      for each row execute function refuse_poison()`);
    try {
      const rows = peopleRows('poison.test', 4);
      rows.push(['poison@poison.test', 'Poison', 'Row']);
      const id = await queueImport(db, { content: csvFile(rows) });
      const log = captureLog();
      // A lease of 1 ms: each drain may claim the import again at once.
      const runner = createImportRunner({
        optin,
        db,
        log: Fastify({ logger: log.logger }).log,
        leaseMs: 1,
        batchSize: 2,
      });
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
      // The first claim writes the two batches before the refused row, then fails on it.
      await runner.drain();
      expect(await importState(db, id)).toMatchObject({
        status: 'running',
        processed: 4,
        attempts: 0,
      });
      // Each claim after that fails on the same batch.
      for (let attempt = 1; attempt <= IMPORT_MAX_ATTEMPTS; attempt++) {
        await pause();
        await runner.drain();
        expect(await importState(db, id)).toMatchObject({ status: 'running', attempts: attempt });
      }
      await pause();
      await runner.drain();

      const state = await importState(db, id);
      expect(state).toMatchObject({
        status: 'failed',
        error: formatMessage(serverTexts.contactImport.stoppedAt, {
          row: 6,
          reason: formatMessage(serverTexts.contactImport.gaveUp, {
            attempts: IMPORT_MAX_ATTEMPTS,
          }),
        }),
        content: null,
        processed: 4,
        created: 4,
      });
      expect(state.finishedAt).not.toBeNull();
      const said = log.lines.map((line) => line.msg);
      expect(said.filter((msg) => msg === 'a contact import could not go on')).toHaveLength(
        1 + IMPORT_MAX_ATTEMPTS,
      );
      expect(said).toContain('a contact import failed: its next batch could not be written');
      expect((await contactsAt('poison.test')).map((contact) => contact.email)).toEqual([
        'p1@poison.test',
        'p2@poison.test',
        'p3@poison.test',
        'p4@poison.test',
      ]);
    } finally {
      await db.execute(sql`drop trigger refuse_poison on users`);
      await db.execute(sql`drop function refuse_poison()`);
    }
  });
});
