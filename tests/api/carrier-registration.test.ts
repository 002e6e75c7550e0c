import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, productMessages, products, programs } from '../../src/server/db/schema';
import { templateBody, type ProductDayMessage } from '../../src/server/delivery/body';

/** A day's message as sent with its links as typed (none of them tracked) and no fields filled. */
const programMessageBody = (message: ProductDayMessage, publicUrl: string) =>
  templateBody(message, publicUrl, 'https://tid.gs/l');
import { helpReply, optinConfirmation } from '../../src/server/inbound/texts';
import { optinBody } from '../../src/server/outbox/optin';
import type { ApiCarrierRegistration } from '../../src/shared/responses/carrier';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';

/** GET /api/carrier-registration: the facts of Help > Carrier registration, from the database. */
let ctx: TestContext;
let hostAuth: Record<string, string>;
let adminAuth: Record<string, string>;
const PUBLIC_URL = 'https://tidings.example.org';
const HELP_CONTACT = '+15032345678';

/** Programs by what their product is like. */
const made = { walks: '', long: '', noProduct: '', emptyDays: '' };

/** A product whose day `d` has `texts[d]` (day 0 the pre-message, the last one the conclusion). */
async function productWith(name: string, texts: string[], extra: Record<number, object> = {}) {
  const [product] = await ctx.db
    .insert(products)
    .values({ name, days: texts.length - 2 })
    .returning({ id: products.id });
  await ctx.db
    .insert(productMessages)
    .values(
      texts.map((text, day) => ({ productId: product!.id, day, text, ...(extra[day] ?? {}) })),
    );
  return product!.id;
}

async function programOf(programName: string, productId: string | null) {
  const [row] = await ctx.db
    .insert(programs)
    .values({ programName, productId })
    .returning({ id: programs.id });
  return row!.id;
}

const WALKS = [
  'Tidings: Welcome to Morning Walks! One message a day. Reply STOP to opt out.',
  'Day 1: walk for 10 minutes after breakfast.',
  'Day 2: the route of the week',
  'Day 3: a picture of the park',
  'Day 4: questions? Call (503) 555-0142.',
  'You made it! Thanks for walking with us.',
];

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL, SMS_HELP_CONTACT: HELP_CONTACT });
  const a = await createUser(ctx.db, { role: 'admin' });
  const h = await createUser(ctx.db, { role: 'host' });
  adminAuth = bearer(await loginAs(ctx.app, a.user.email, a.password!));
  hostAuth = bearer(await loginAs(ctx.app, h.user.email, h.password!));
  const [picture] = await ctx.db
    .insert(media)
    .values({
      storageName: 'park.png',
      originalName: 'park.png',
      mimeType: 'image/png',
      type: 'image',
      size: 1000,
    })
    .returning({ id: media.id });
  const walks = await productWith('Morning Walks', WALKS, {
    2: { links: [{ url: 'https://tid.gs/wk', label: 'Route' }] },
    3: { mediaId: picture!.id, fallbackUrl: 'https://tid.gs/park' },
  });
  made.walks = await programOf('Spring Steps', walks);
  // Twelve messages, none naming the brand: five samples spread over the series.
  const long = await productWith(
    'Long Series',
    Array.from({ length: 12 }, (_, day) => `Message of day ${day}`),
  );
  made.long = await programOf('Long One', long);
  made.noProduct = await programOf('No Product Yet', null);
  // A product whose days have nothing written yet.
  made.emptyDays = await programOf('Empty Days', await productWith('Blank', ['', '', '']));
}, 60_000);
afterAll(() => ctx.close());

async function registration(programId?: string, auth = hostAuth) {
  const query = programId ? `?programId=${programId}` : '';
  const response = await ctx.app.inject({
    url: `/api/carrier-registration${query}`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ApiCarrierRegistration;
}

describe('GET /api/carrier-registration', () => {
  it('answers the opt-in flow, keywords and replies as Tidings sends them', async () => {
    const facts = await registration();
    expect(facts.brand).toBe('Tidings');
    expect(facts.optinFlow).toEqual({
      request: optinBody(serverTexts.carrierRegistration.firstName),
      keyword: 'JOIN',
      confirmation: optinConfirmation([]),
    });
    expect(facts.optinFlow.request).toContain('[first name]');
    expect(facts.replies).toEqual({
      optin: optinConfirmation([]),
      optout: serverTexts.sms.optedOut,
      help: helpReply(HELP_CONTACT),
    });
    const words = (reading: string, language: string) =>
      facts.keywords.find((k) => k.reading === reading && k.language === language)?.keywords;
    expect(words('optout', 'en')).toEqual(expect.arrayContaining(['STOP', 'UNSUBSCRIBE']));
    expect(words('optout', 'es')).toEqual(expect.arrayContaining(['ALTO', 'BAJA']));
    expect(words('optout', 'fr')).toEqual(expect.arrayContaining(['ARRET']));
    expect(words('optin', 'en')).toEqual(['JOIN', 'START', 'UNSTOP', 'YES']);
    expect(words('help', 'es')).toEqual(['AYUDA']);
    // No language without a keyword of that kind (no French opt-in keyword).
    expect(words('optin', 'fr')).toBeUndefined();
    // The help reply carries SMS_HELP_CONTACT, a phone number here.
    expect(facts.phoneNumbers).toEqual({ days: [], replies: ['help'] });
    expect(facts.links).toEqual({ days: [], replies: [] });
    expect(facts.program).toBeNull();
  });

  it("fills in a program's description, frequency and samples as the engine sends them", async () => {
    const facts = await registration(made.walks);
    expect(facts.optinFlow.confirmation).toBe(optinConfirmation(['Spring Steps']));
    expect(facts.replies.optin).toBe(optinConfirmation(['Spring Steps']));
    const program = facts.program!;
    expect(program).toMatchObject({
      id: made.walks,
      programName: 'Spring Steps',
      productName: 'Morning Walks',
      productDays: 4,
      messageCount: 6,
      description: formatMessage(serverTexts.carrierRegistration.description, {
        brand: 'Tidings',
        program: 'Spring Steps',
        product: 'Morning Walks',
        count: 6,
      }),
      frequency: formatMessage(serverTexts.carrierRegistration.frequency, { count: 6, span: 6 }),
    });
    // The pre-message names the brand and says how to stop: it comes first; the others spread.
    expect(program.samples.map((s) => s.day)).toEqual([0, 1, 2, 4, 5]);
    expect(program.samples[0]).toMatchObject({ kind: 'pre', brand: true, optOut: true });
    expect(program.samples.slice(1).every((s) => !s.brand && !s.optOut)).toBe(true);
    expect(program.samples.at(-1)!.kind).toBe('conclusion');
    const day2 = program.samples.find((s) => s.day === 2)!;
    expect(day2.body).toBe(
      programMessageBody(
        {
          text: WALKS[2]!,
          links: [{ url: 'https://tid.gs/wk', label: 'Route' }],
          mediaStorageName: null,
          fallbackUrl: null,
        },
        PUBLIC_URL,
      ).body,
    );
    expect(day2.body).toBe('Day 2: the route of the week\nhttps://tid.gs/wk');
    // Links: the day with one, and the picture's fallback link; phone numbers: day 4 and HELP.
    expect(facts.links).toEqual({ days: [2, 3], replies: [] });
    expect(facts.phoneNumbers).toEqual({ days: [4], replies: ['help'] });
  });

  it('chooses five samples spread over a long series', async () => {
    const program = (await registration(made.long)).program!;
    expect(program.samples.map((s) => s.day)).toEqual([0, 3, 6, 8, 11]);
    expect(program.frequency).toBe(
      formatMessage(serverTexts.carrierRegistration.frequency, { count: 12, span: 12 }),
    );
  });

  it('answers a program with no product, or with no message written, without samples', async () => {
    const none = (await registration(made.noProduct)).program!;
    expect(none).toMatchObject({
      productName: null,
      productDays: null,
      messageCount: 0,
      samples: [],
      frequency: serverTexts.carrierRegistration.frequencyNone,
      description: formatMessage(serverTexts.carrierRegistration.descriptionNoProduct, {
        brand: 'Tidings',
        program: 'No Product Yet',
      }),
    });
    const empty = (await registration(made.emptyDays)).program!;
    expect(empty).toMatchObject({
      productName: 'Blank',
      messageCount: 0,
      samples: [],
      frequency: serverTexts.carrierRegistration.frequencyNone,
    });
  });

  it('is read by hosts and admins, by nobody signed out', async () => {
    await registration(made.walks, adminAuth);
    const signedOut = await ctx.app.inject({ url: '/api/carrier-registration' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers 404 for an unknown program and 400 for a programId that is no id', async () => {
    const unknown = await ctx.app.inject({
      url: '/api/carrier-registration?programId=00000000-0000-4000-8000-000000000000',
      headers: hostAuth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: serverTexts.programs.notFound });
    const malformed = await ctx.app.inject({
      url: '/api/carrier-registration?programId=walks',
      headers: hostAuth,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(serverTexts.carrierRegistration.programInvalid);
  });
});
