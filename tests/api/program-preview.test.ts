import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outboundMessages,
  podMembers,
  pods,
  programPods,
  programs,
} from '../../src/server/db/schema';
import { createPlanner } from '../../src/server/delivery/planner';
import { serverTexts } from '../../src/server/texts';
import { GSM_BASIC_PATTERN } from '../../src/server/services/program-preview';
import type { ApiPreviewRecipient, ApiProgramPreview } from '../../src/shared/responses/programs';
import { analyzeSms, GSM_BASIC } from '../../src/shared/sms';
import { png } from '../helpers/media-files';
import { createUser, multipartFile, startSignedInApp } from './helpers/app';

/**
 * GET /api/programs/{id}/preview: the exact message each recipient of a day gets. A product with
 * `{first_name|there}`, `{day}`, a tracked and an untracked link, three recipients (a long name
 * that costs a second segment, no name, a plain one) and a fourth contact on the plain one's phone;
 * then the day planned, and the preview answering the outbox's rows.
 */

const SHORT_LINK_BASE = 'https://tid.gs/l';
const CUTOFF_MS = 4 * 60 * 60 * 1000;
const GUIDE = 'https://example.org/guides/morning-walks';
const MAP = 'https://ex.co/map';
/** Counted with a 12-character name and the short link: 158 characters, one segment. */
const PRE_MESSAGE =
  'Hi {first_name|there}! Day {day} of Spring Steps: walk ten minutes before lunch, stretch. Your guide and the map are below.';
/** 23 characters: 11 more than the editor counts, so the pre-message costs a second segment. */
const LONG_NAME = 'Bartholomew-Maximiliano';
// Day 0 at 09:00 in New York (EDT): 13:00 UTC.
const START = '2026-03-16';
const DAY_0 = '2026-03-16T13:00:00.000Z';
const t = serverTexts.programs.preview;

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let productId: string;
let programId: string;
const contact = {
  ada: '00000000-0000-4000-8000-00000000a001',
  long: '00000000-0000-4000-8000-00000000a002',
  nameless: '00000000-0000-4000-8000-00000000a003',
  // On Ada's phone, after her by id: the phone gets the day through Ada.
  sharing: '00000000-0000-4000-8000-00000000a004',
};

const day = (text: string, links: object[] = [], media: object | null = null) => ({
  text,
  links,
  media,
  fallbackUrl: media ? 'https://example.org/walks' : '',
});

async function uploadImage() {
  const body = await multipartFile('finish.png', png());
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...ctx.auth },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { url: string };
}

async function postProduct(body: object) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    payload: body,
    headers: ctx.auth,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { data: { id: string } }).data.id;
}

async function newProgram(
  values: Partial<typeof programs.$inferInsert> & { programName: string },
  podId?: string,
) {
  const [program] = await ctx.db
    .insert(programs)
    .values({
      productId,
      startDate: START,
      sendTime: '09:00',
      timeZone: 'America/New_York',
      createdAt: new Date('2026-03-01T00:00:00Z'),
      ...values,
    })
    .returning();
  if (podId) await ctx.db.insert(programPods).values({ programId: program!.id, podId });
  return program!.id;
}

async function newPod(podId: string) {
  const [pod] = await ctx.db.insert(pods).values({ podId, podName: podId }).returning();
  return pod!.id;
}

async function participant(
  podId: string,
  values: { id?: string; firstName: string; lastName?: string; phone: string },
) {
  const { user } = await createUser(ctx.db, {
    role: 'participant',
    lastName: '',
    smsVerified: true,
    createdAt: new Date('2026-03-01T00:00:00Z'),
    ...values,
  });
  await ctx.db
    .insert(podMembers)
    .values({ podId, userId: user.id, joinedAt: new Date('2026-03-01T00:00:00Z') });
  return user;
}

const preview = (id: string, query: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/programs/${id}/preview?${query}`,
    headers: ctx.auth,
  });

async function previewOk(id: string, query: string) {
  const response = await preview(id, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ApiProgramPreview;
}

const byContact = (answer: ApiProgramPreview) =>
  Object.fromEntries(answer.recipients.map((recipient) => [recipient.contactId, recipient]));

beforeAll(async () => {
  ctx = await startSignedInApp({ SHORT_LINK_BASE });
  const image = await uploadImage();
  productId = await postProduct({
    name: 'Spring Steps',
    days: 1,
    preMessage: day(PRE_MESSAGE, [
      { url: GUIDE, label: 'Guide' },
      { url: MAP, label: 'Map', tracked: false },
    ]),
    messages: [day('Well done {first_name}, {days_left} day to go.')],
    conclusionMessage: day('Thanks for walking with {program_name}!', [], {
      type: 'image',
      filename: 'finish.png',
      mimeType: 'image/png',
      size: 100,
      url: image.url,
    }),
  });
  const pod = await newPod('POD-PREVIEW');
  programId = await newProgram({ programName: 'Spring Steps Together' }, pod);
  await participant(pod, {
    id: contact.ada,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '+12125553001',
  });
  await participant(pod, { id: contact.long, firstName: LONG_NAME, phone: '+12125553002' });
  // A Los Angeles number: 09:00 in New York is 06:00 there, so quiet hours hold it until 08:00.
  await participant(pod, { id: contact.nameless, firstName: '', phone: '+12135553003' });
  await participant(pod, { id: contact.sharing, firstName: 'Grace', phone: '+12125553001' });
});
afterAll(() => ctx.close());

describe('a day not yet planned', () => {
  it('answers each recipient once per phone, in contact order, with their own message', async () => {
    const answer = await previewOk(programId, 'day=0');
    expect(answer).toMatchObject({
      day: 0,
      enrollment: 'cohort',
      sendAt: DAY_0,
      timeZone: 'America/New_York',
      counted: { encoding: 'GSM-7', segments: 1 },
      trackedLinks: 1,
      total: 3,
      flagged: 1,
    });
    expect(answer.recipients.map((r) => r.contactId)).toEqual([
      contact.ada,
      contact.long,
      contact.nameless,
    ]);
    const text = (name: string) =>
      `Hi ${name}! Day 0 of Spring Steps: walk ten minutes before lunch, stretch. Your guide and the map are below.`;
    const [ada, long, nameless] = answer.recipients as [
      ApiPreviewRecipient,
      ApiPreviewRecipient,
      ApiPreviewRecipient,
    ];
    // The tracked link as a short link of the real length, its code a stand-in; the other as typed.
    const links = `\n${SHORT_LINK_BASE}/[0-9A-Za-z]{7}\n${MAP.replaceAll('.', '\\.')}$`;
    expect(ada.body).toMatch(new RegExp(`^${text('Ada')}${links}`));
    expect(long.body).toMatch(new RegExp(`^${text(LONG_NAME)}${links}`));
    expect(nameless.body).toMatch(new RegExp(`^${text('there')}${links}`));
    expect(ada).toMatchObject({
      contactName: 'Ada Lovelace',
      phone: '+12125553001',
      // The program's calendar: no day 0 of her own.
      startDate: null,
      planned: false,
      status: null,
      encoding: 'GSM-7',
      segments: 1,
      mediaUrl: null,
      sendAt: DAY_0,
      heldUntil: null,
      emptyFields: [],
      moreSegmentsThanCounted: false,
      overOneSegment: false,
    });
    expect(long).toMatchObject({
      contactName: LONG_NAME,
      segments: 2,
      moreSegmentsThanCounted: true,
      overOneSegment: true,
    });
    // 'there' stands in for the missing name: nothing is empty.
    expect(nameless).toMatchObject({
      contactName: '',
      segments: 1,
      emptyFields: [],
      moreSegmentsThanCounted: false,
      heldUntil: { until: '2026-03-16T15:00:00.000Z', timeZone: 'America/Los_Angeles' },
    });
  });

  it('says which fields come out empty where the text has no fallback', async () => {
    const answer = await previewOk(programId, 'day=1');
    expect(answer).toMatchObject({ total: 3, flagged: 1, trackedLinks: 0 });
    const recipients = byContact(answer);
    expect(recipients[contact.ada]!.body).toBe('Well done Ada, 1 day to go.');
    expect(recipients[contact.long]!.body).toBe(`Well done ${LONG_NAME}, 1 day to go.`);
    expect(recipients[contact.nameless]).toMatchObject({
      body: 'Well done , 1 day to go.',
      emptyFields: ['first_name'],
      segments: 1,
      moreSegmentsThanCounted: false,
    });
    const flagged = await previewOk(programId, 'day=1&flagged=true');
    expect(flagged.recipients.map((r) => r.contactId)).toEqual([contact.nameless]);
  });

  it('sends media as its absolute URL, one segment however long the text', async () => {
    const answer = await previewOk(programId, 'day=2');
    expect(answer.recipients[0]).toMatchObject({
      body: 'Thanks for walking with Spring Steps Together!\nhttps://example.org/walks',
      mediaUrl: expect.stringMatching(/^http:\/\/localhost:\d+\/media\/[A-Za-z0-9_-]+\.png$/),
      segments: 1,
    });
  });

  it('pages like every paged list, and filters the flagged ones', async () => {
    const second = await previewOk(programId, 'day=0&page=2&perPage=1');
    expect(second).toMatchObject({ total: 3, flagged: 1 });
    expect(second.recipients.map((r) => r.contactId)).toEqual([contact.long]);
    expect((await previewOk(programId, 'day=0&page=4&perPage=1')).recipients).toEqual([]);
    const flagged = await previewOk(programId, 'day=0&flagged=true');
    expect(flagged).toMatchObject({ total: 3, flagged: 1 });
    expect(flagged.recipients.map((r) => r.contactId)).toEqual([contact.long]);
    const unflagged = await previewOk(programId, 'day=0&flagged=false&perPage=2');
    expect(unflagged.recipients.map((r) => r.contactId)).toEqual([contact.ada, contact.long]);
  });
});

describe('a planned day', () => {
  beforeAll(async () => {
    const planner = createPlanner({
      db: ctx.db,
      publicUrl: ctx.app.config.publicUrl,
      shortLinkBase: ctx.app.config.messageSettings.shortLinkBase,
      cutoffMs: CUTOFF_MS,
      now: () => new Date('2026-03-16T12:58:00Z'),
    });
    expect((await planner.planOnce()).planned).toBe(3);
  });

  it("answers the outbox's rows exactly: what was or will be sent, short links and all", async () => {
    const rows = await ctx.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.programId, programId), eq(outboundMessages.day, 0)))
      .orderBy(asc(outboundMessages.contactId));
    expect(rows.map((row) => row.contactId)).toEqual([contact.ada, contact.long, contact.nameless]);
    const answer = await previewOk(programId, 'day=0');
    expect(answer).toMatchObject({ total: 3, flagged: 1 });
    expect(answer.recipients).toEqual(
      rows.map((row) =>
        expect.objectContaining({
          contactId: row.contactId,
          planned: true,
          status: 'queued',
          body: row.body,
          segments: row.segments,
          mediaUrl: row.mediaUrl,
          sendAt: row.sendAfter.toISOString(),
        }),
      ),
    );
    const recipients = byContact(answer);
    expect(recipients[contact.ada]!.body).not.toContain(`${SHORT_LINK_BASE}/xxxxxxx`);
    expect(recipients[contact.long]).toMatchObject({
      segments: 2,
      moreSegmentsThanCounted: true,
      overOneSegment: true,
    });
    // Its row keeps where its recipient may be: the dispatcher will hold it until 08:00 there.
    expect(recipients[contact.nameless]!.heldUntil).toEqual({
      until: '2026-03-16T15:00:00.000Z',
      timeZone: 'America/Los_Angeles',
    });
    const flagged = await previewOk(programId, 'day=0&flagged=true');
    expect(flagged.recipients.map((r) => r.contactId)).toEqual([contact.long]);
  });

  it('renders the days not planned yet as before', async () => {
    const answer = await previewOk(programId, 'day=1');
    expect(answer.recipients.every((recipient) => !recipient.planned)).toBe(true);
  });
});

describe('refusals', () => {
  it('answers 404 for a program that does not exist, or an id that is none', async () => {
    for (const id of ['7a1f8a0e-2f5d-4b8e-9c1a-3d2e4f5a6b7c', 'not-an-id']) {
      const response = await preview(id, 'day=0');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: serverTexts.programs.notFound });
    }
  });

  it('answers 400 for a day the program does not have, or none', async () => {
    const outOfRange = await preview(programId, 'day=3');
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error).toBe(
      'Day 3 is not a day of this program: its days run from 0 (the pre-message) to 2 (the conclusion).',
    );
    for (const query of ['', 'day=', 'day=-1', 'day=1.5', 'day=367', 'day=0&flagged=yes']) {
      const response = await preview(programId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toMatch(/^(day|flagged) must be /);
    }
  });

  it('answers 400 for a program without a product or a start date', async () => {
    const noProduct = await newProgram({ programName: 'Draft', productId: null });
    expect((await preview(noProduct, 'day=0')).json()).toEqual({ error: t.noProduct });
    const noStart = await newProgram({ programName: 'Undated', startDate: null });
    const response = await preview(noStart, 'day=0');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: t.noStartDate });
  });

  it('answers 400 for a day no instant can be written for, from a start date stored long ago', async () => {
    for (const [startDate, dayNumber] of [
      ['5874897-12-31', 0],
      ['4713-01-01 BC', 1],
      ['9999-12-31', 1],
    ] as const) {
      const id = await newProgram({ programName: `Far ${startDate}`, startDate });
      const response = await preview(id, `day=${dayNumber}`);
      expect(response.statusCode, startDate).toBe(400);
      expect(response.json().error).toBe(
        `This program's start date (${startDate}) puts day ${dayNumber} outside the years 1 to 9999: choose another start date to preview its messages.`,
      );
    }
    const lastYear = await newProgram({ programName: 'Last year', startDate: '9999-12-30' });
    expect((await preview(lastYear, 'day=1')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ url: `/api/programs/${programId}/preview?day=0` });
    expect(response.statusCode).toBe(401);
  });
});

/**
 * Names of every kind: short and long, blank and spaced out, with characters from GSM-7's
 * extension table and outside GSM-7 altogether. The flagged count and filter, worked out from
 * the lengths of basic names in SQL, must agree with every recipient's own flags.
 */
const nameArbitrary = fc.oneof(
  fc.constant(''),
  fc.constantFrom('  ', ' \n ', 'Al  Bo', ' Cy ', 'Zoë', 'José', 'Ñandú', 'Eu€', '[Kit]', '李雷'),
  fc.string({ unit: fc.constantFrom('a', 'B', ' ', 'é', 'ë', '€', '😀'), maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('x', 'y', ' '), maxLength: 24 }),
);

describe('flags worked out in SQL', () => {
  it('agree with each recipient rendered on its own, for names of every kind', async () => {
    const shortProduct = await postProduct({
      name: 'Names',
      days: 1,
      preMessage: day(
        `Hello {first_name} {last_name|friend}, day {day} of {program_name}. ${'w'.repeat(100)}`,
      ),
      messages: [day(`Hi {first_name|you}! ${'w'.repeat(135)}`)],
      conclusionMessage: day('Bye {last_name}.'),
    });
    const pod = await newPod('POD-NAMES');
    const id = await newProgram({ programName: 'Names', productId: shortProduct }, pod);
    const names = fc.sample(fc.tuple(nameArbitrary, nameArbitrary), { numRuns: 60, seed: 28 });
    for (const [i, [firstName, lastName]] of names.entries()) {
      await participant(pod, {
        firstName,
        lastName,
        phone: `+1212556${String(i).padStart(4, '0')}`,
      });
    }
    for (const dayNumber of [0, 1, 2]) {
      const all = await previewOk(id, `day=${dayNumber}&perPage=500`);
      expect(all.total).toBe(names.length);
      for (const recipient of all.recipients) {
        expect(recipient.segments).toBe(analyzeSms(recipient.body).segments);
        expect(recipient.moreSegmentsThanCounted).toBe(recipient.segments > all.counted.segments);
      }
      const flaggedOnes = all.recipients.filter(
        (r) => r.moreSegmentsThanCounted || r.overOneSegment || r.emptyFields.length > 0,
      );
      expect(all.flagged, `day ${dayNumber}`).toBe(flaggedOnes.length);
      expect(flaggedOnes.length).toBeGreaterThan(0);
      expect(flaggedOnes.length).toBeLessThan(names.length);
      const filtered = await previewOk(id, `day=${dayNumber}&flagged=true&perPage=500`);
      expect(filtered.recipients.map((r) => r.contactId)).toEqual(
        flaggedOnes.map((r) => r.contactId),
      );
    }
  });
});

describe("the SQL class of GSM-7's basic characters", () => {
  it('matches a name of exactly those characters, on this database', async () => {
    const others = [
      '\f',
      '^',
      '{',
      '}',
      '\\',
      '[',
      '~',
      ']',
      '|',
      '€',
      'ë',
      'ç',
      '\t',
      '\u00a0',
      '😀',
      '李',
    ];
    const names = [...GSM_BASIC, ...others, GSM_BASIC, `${GSM_BASIC}€`, 'Ada Lovelace', ''];
    const result = await ctx.db.execute(sql`
      select value as name, value ~ ${GSM_BASIC_PATTERN} as basic
      from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality
      order by ordinality`);
    const rows = (result as unknown as { rows: { name: string; basic: boolean }[] }).rows;
    expect(rows.map((row) => row.name)).toEqual(names);
    const basic = new Set(GSM_BASIC);
    expect(rows.map((row) => row.basic)).toEqual(
      names.map((name) => [...name].every((c) => basic.has(c))),
    );
  });
});
