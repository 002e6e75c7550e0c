import { and, asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, users } from '../../src/server/db/schema';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { createImportRunner } from '../../src/server/imports/runner';
import { optinPolicy } from '../../src/server/outbox/optin';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import { FAKE_TWILIO_ENV } from '../helpers/fake-twilio';
import {
  bearer,
  createUser,
  loginAs,
  multipartForm,
  startTestApp,
  type TestContext,
} from './helpers/app';
import { csvFile } from './helpers/imports';
import { signedReply, stubProvider } from './helpers/sms';

/**
 * The limits on opt-in requests (SMS pumping, harassment): the countries Tidings texts, one
 * request per number in 7 days, an hourly limit per staff member that imports count against too;
 * and a request's own life: it waits for daytime wherever its number may be, and expires.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const HOURLY = 5;
const CUTOFF_MS = 4 * 60 * 60 * 1000;
const t = serverTexts.contacts.optinRefused;

let ctx: TestContext;
let admin: { id: string; auth: Record<string, string> };

async function staff(role: 'host' | 'admin', app = ctx) {
  const { user, password } = await createUser(app.db, { role });
  return { id: user.id, auth: bearer(await loginAs(app.app, user.email, password!)) };
}

beforeAll(async () => {
  ctx = await startTestApp({
    OPTIN_HOURLY_LIMIT: String(HOURLY),
    ...FAKE_TWILIO_ENV,
    DISPATCHER: 'off',
    PUBLIC_URL,
  });
  admin = await staff('admin');
});
afterAll(() => ctx.close());

let n = 0;
let phones = 0;
const nextPhone = () => `+1971555${String(++phones).padStart(4, '0')}`;
/**
 * A US personal number (+1 533): valid, but in no area, so neither the number's prefix nor any
 * dataset places it (recipient-zones.ts); only its country does.
 */
const unplacedPhone = () => `+1533555${String(++phones).padStart(4, '0')}`;

/** The contact form's payload for a participant, asking for the opt-in request. */
function participant(phone: string, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    email: `optin-limit-${n}@example.org`,
    role: 'participant',
    status: 'active',
    firstName: 'Olive',
    lastName: `Optin${n}`,
    phone,
    smsVerified: false,
    sendOptinMessage: true,
    ...overrides,
  };
}

const create = (body: Record<string, unknown>, auth = admin.auth, app = ctx) =>
  app.app.inject({ method: 'POST', url: '/api/contacts', payload: body, headers: auth });

const update = (id: string, body: Record<string, unknown>, auth = admin.auth) =>
  ctx.app.inject({ method: 'PUT', url: `/api/contacts/${id}`, payload: body, headers: auth });

const optinsTo = (phone: string, app = ctx) =>
  app.db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.kind, 'optin'), eq(outboundMessages.toPhone, phone)))
    .orderBy(asc(outboundMessages.createdAt));

const contactsWithEmail = (email: string) =>
  ctx.db.select().from(users).where(eq(users.email, email));

describe('the countries Tidings texts (SMS_ALLOWED_COUNTRIES, default US and CA)', () => {
  it('refuses an opt-in request to a number abroad, next to the box, and saves nothing', async () => {
    for (const phone of ['+44 20 7946 0959', '+1 876 555 1234', '+61 412 345 678']) {
      const body = participant(phone);
      const response = await create(body);
      expect(response.statusCode, response.body).toBe(400);
      const { details } = response.json();
      expect(details).toEqual([{ field: 'sendOptinMessage', message: expect.any(String) }]);
      expect(await contactsWithEmail(body.email)).toEqual([]);
    }
    const uk = await create(participant('+44 20 7946 0959'));
    expect(uk.json().details[0].message).toBe(
      formatMessage(serverTexts.delivery.countryNotAllowed, {
        countries: 'United States and Canada',
        country: 'United Kingdom',
      }),
    );
    // The contact itself may be kept: only the request is refused.
    const kept = await create(participant('+44 20 7946 0959', { sendOptinMessage: false }));
    expect(kept.statusCode, kept.body).toBe(201);
    expect(await optinsTo('+442079460959')).toEqual([]);
  });

  it('asks numbers in the United States and Canada', async () => {
    for (const phone of ['+1 416 555 0123', nextPhone()]) {
      const response = await create(participant(phone));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().optinMessageSent).toBe(true);
    }
  });
});

describe('one request per number in 7 days', () => {
  it('refuses a second request to the number, whichever contact asks, and queues nothing', async () => {
    const phone = nextPhone();
    const first = await create(participant(phone));
    expect(first.statusCode, first.body).toBe(201);
    const saved = first.json().contact;

    // Twelve edits asking again, as in a double-clicking hurry.
    for (let i = 0; i < 12; i++) {
      const again = await update(saved.id, participant(phone, { email: saved.email }));
      expect(again.statusCode, again.body).toBe(400);
      expect(again.json().details).toEqual([
        { field: 'sendOptinMessage', message: expect.stringContaining('asked this number') },
      ]);
    }
    const other = await create(participant(phone));
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatch(/^Tidings asked this number to opt in on /);
    expect(other.json().error).toContain('at most once every 7 days');
    expect(await optinsTo(phone)).toHaveLength(1);
  });

  it('does not count a request that never reached the number, nor one older than 7 days', async () => {
    const phone = nextPhone();
    const first = await create(participant(phone));
    const [request] = await optinsTo(phone);
    await ctx.db
      .update(outboundMessages)
      .set({ status: 'expired' })
      .where(eq(outboundMessages.id, request!.id));
    const saved = first.json().contact;
    const second = await update(saved.id, participant(phone, { email: saved.email }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().optinMessageSent).toBe(true);

    const [, delivered] = await optinsTo(phone);
    await ctx.db
      .update(outboundMessages)
      .set({ status: 'delivered', createdAt: new Date(Date.now() - 7 * 86_400_000 - 60_000) })
      .where(eq(outboundMessages.id, delivered!.id));
    const third = await update(saved.id, participant(phone, { email: saved.email }));
    expect(third.statusCode, third.body).toBe(200);
  });

  it('refuses a request to a number that opted out, next to the box', async () => {
    const { auth } = await staff('host');
    const phone = nextPhone();
    await ctx.db.insert(users).values({
      email: `stopped-${phone}@example.org`,
      role: 'participant',
      phone,
      smsOptedOutAt: new Date('2026-11-20T18:00:00Z'),
    });
    const response = await create(participant(phone), auth);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      {
        field: 'sendOptinMessage',
        message: formatMessage(t.optedOut, { date: 'Nov 20, 2026' }),
      },
    ]);
  });
});

describe('the hourly limit of each staff member (OPTIN_HOURLY_LIMIT)', () => {
  it('answers 429 with Retry-After past the limit, saving nothing; other staff are not held back', async () => {
    const host = await staff('host');
    for (let i = 0; i < HOURLY; i++) {
      const response = await create(participant(nextPhone()), host.auth);
      expect(response.statusCode, response.body).toBe(201);
    }
    const body = participant(nextPhone());
    const refused = await create(body, host.auth);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().error).toBe(formatMessage(t.limit, { max: HOURLY, minutes: 60 }));
    expect(await contactsWithEmail(body.email)).toEqual([]);
    // Without the request, the save goes through.
    expect((await create({ ...body, sendOptinMessage: false }, host.auth)).statusCode).toBe(201);
    const other = await staff('host');
    expect((await create(participant(nextPhone()), other.auth)).statusCode).toBe(201);
  });

  it('lets exactly the limit through when requests come all at once', async () => {
    const host = await staff('host');
    const answers = await Promise.all(
      Array.from({ length: 3 * HOURLY }, () => create(participant(nextPhone()), host.auth)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([
      ...Array<number>(HOURLY).fill(201),
      ...Array<number>(2 * HOURLY).fill(429),
    ]);
  });

  it("counts an import's requests, which the preview announces and the import reports", async () => {
    const host = await staff('host');
    for (let i = 0; i < 2; i++) {
      expect((await create(participant(nextPhone()), host.auth)).statusCode).toBe(201);
    }
    const stopped = nextPhone();
    await ctx.db.insert(users).values({
      email: `import-stopped-${stopped}@example.org`,
      role: 'participant',
      phone: stopped,
      smsOptedOutAt: new Date(),
    });
    const rows = [
      ['Email', 'First name', 'Last name', 'Phone'],
      ['i1@optin-import.test', 'Ann', 'One', nextPhone()],
      ['i2@optin-import.test', 'Ben', 'Two', '+44 20 7946 0960'],
      ['i3@optin-import.test', 'Cat', 'Three', stopped],
      ['i4@optin-import.test', 'Dan', 'Four', nextPhone()],
      ['i5@optin-import.test', 'Eve', 'Five', nextPhone()],
      ['i6@optin-import.test', 'Fay', 'Six', nextPhone()],
    ];
    const file = { field: 'file', filename: 'people.csv', content: csvFile(rows) };

    const preview = await multipartForm([file]);
    const previewed = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/imports/preview',
      payload: preview.payload,
      headers: { ...preview.headers, ...host.auth },
    });
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json().preview.optinAllowance).toEqual({
      limit: HOURLY,
      remaining: HOURLY - 2,
      countries: ['US', 'CA'],
    });

    const form = await multipartForm([
      file,
      { field: 'mapping', value: JSON.stringify(['email', 'firstName', 'lastName', 'phone']) },
      { field: 'sendOptin', value: 'true' },
    ]);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/imports',
      payload: form.payload,
      headers: { ...form.headers, ...host.auth },
    });
    expect(started.statusCode, started.body).toBe(202);
    const runner = createImportRunner({
      db: ctx.db,
      log: Fastify().log,
      leaseMs: 30_000,
      batchSize: 2,
      optin: optinPolicy(ctx.app.config, () => new Date()),
    });
    await runner.drain();

    const done = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/imports/${started.json().import.id}`,
      headers: host.auth,
    });
    // Three left in the hour: the first three participants who may be asked are; the number
    // abroad and the one that opted out are not, and the sixth is past the limit.
    expect(done.json().import).toMatchObject({
      status: 'done',
      created: 6,
      optinsQueued: 3,
      optinsWithheld: 3,
    });
    const asked = await ctx.db
      .select({ email: users.email })
      .from(outboundMessages)
      .innerJoin(users, eq(users.id, outboundMessages.contactId))
      .where(and(eq(outboundMessages.kind, 'optin'), eq(outboundMessages.createdBy, host.id)))
      .orderBy(asc(users.email));
    expect(asked.map((row) => row.email).filter((e) => e.endsWith('optin-import.test'))).toEqual([
      'i1@optin-import.test',
      'i4@optin-import.test',
      'i5@optin-import.test',
    ]);
    const refused = await create(participant(nextPhone()), host.auth);
    expect(refused.statusCode).toBe(429);
  });
});

describe("a request's life", () => {
  /** 21:12 Pacific on Thursday 2026-11-26 (05:12 UTC on the 27th). */
  const EVENING = new Date('2026-11-27T05:12:00Z');
  /** 08:00 in Honolulu, 13:00 in New York: the first moment it is daytime everywhere in the US. */
  const US_MORNING = new Date('2026-11-27T18:00:00Z');

  it('asked for late in the evening, waits for daytime everywhere in its country, then expires', async () => {
    const evening = await startTestApp(
      { PUBLIC_URL, DISPATCHER: 'off' },
      { config: { engineClockOffsetMs: EVENING.getTime() - Date.now() } },
    );
    try {
      const host = await staff('host', evening);
      const phone = unplacedPhone();
      const asked = await create(participant(phone), host.auth, evening);
      expect(asked.statusCode, asked.body).toBe(201);
      const [request] = await optinsTo(phone, evening);
      expect(Math.abs(request!.sendAfter.getTime() - US_MORNING.getTime())).toBeLessThan(60_000);
      expect(request!.expiresAt!.getTime() - request!.sendAfter.getTime()).toBe(CUTOFF_MS);

      let clock = EVENING;
      const sent = () => provider.sent.map((sms) => sms.to);
      const provider = stubProvider();
      const dispatcher = createDispatcher({
        db: evening.db,
        provider,
        mps: 0,
        cutoffMs: CUTOFF_MS,
        log: Fastify().log,
        now: () => clock,
      });
      await dispatcher.runOnce();
      expect(sent()).toEqual([]);

      // Queued in the evening without the wait (as before requests kept daytime): held until
      // the morning, and past its cutoff by then, so it expires instead.
      const late = nextPhone();
      const [row] = await evening.db
        .insert(outboundMessages)
        .values({
          kind: 'optin',
          toPhone: late,
          body: 'Reply JOIN',
          sendAfter: EVENING,
          expiresAt: new Date(EVENING.getTime() + CUTOFF_MS),
        })
        .returning();
      await dispatcher.runOnce();
      expect(sent()).toEqual([]);
      const [expired] = await optinsTo(late, evening);
      expect(expired!.id).toBe(row!.id);
      expect(expired!.status).toBe('expired');

      clock = new Date(US_MORNING.getTime() + 30_000);
      await dispatcher.runOnce();
      expect(sent()).toEqual([phone]);

      // An address that names the state narrows it to the state's daytime: 08:00 in Portland.
      const oregon = nextPhone();
      const local = await create(
        {
          ...participant(oregon),
          address: { street: '', city: 'Portland', state: 'OR', zipCode: '', country: '' },
        },
        host.auth,
        evening,
      );
      expect(local.statusCode, local.body).toBe(201);
      const [request2] = await optinsTo(oregon, evening);
      expect(request2).toMatchObject({
        timeZone: 'America/Los_Angeles America/Boise',
        // 08:00 in Los Angeles (16:00 UTC), when Boise is already at 09:00.
        sendAfter: new Date('2026-11-27T16:00:00Z'),
      });

      // The dispatcher keeps every zone a message lists: one due in the evening waits for them.
      const listed = nextPhone();
      await evening.db.insert(outboundMessages).values({
        kind: 'optin',
        toPhone: listed,
        body: 'Reply JOIN',
        timeZone: 'America/Los_Angeles America/Boise',
        sendAfter: new Date(EVENING.getTime() - 60_000),
        expiresAt: new Date('2026-11-27T20:00:00Z'),
      });
      clock = EVENING;
      await dispatcher.runOnce();
      const [held] = await optinsTo(listed, evening);
      expect(held).toMatchObject({
        status: 'queued',
        sendAfter: new Date('2026-11-27T16:00:00Z'),
      });
      clock = new Date('2026-11-27T16:00:30Z');
      await dispatcher.runOnce();
      expect(sent()).toContain(listed);
      expect(sent()).toContain(oregon);
    } finally {
      await evening.close();
    }
  });
});

describe('replies from a number abroad', () => {
  it('are still answered: a STOP is confirmed, whatever the country', async () => {
    const response = await signedReply(ctx.app, PUBLIC_URL, '+442079460961', 'STOP');
    expect(response.statusCode).toBe(200);
    const [confirmation] = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.toPhone, '+442079460961'));
    expect(confirmation).toMatchObject({ kind: 'confirmation', status: 'queued' });
  });
});
