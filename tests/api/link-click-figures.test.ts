import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, shortLinks } from '../../src/server/db/schema';
import { newShortCode } from '../../src/server/links/codes';
import type { MessageStatus } from '../../src/shared/delivery';
import type { AnalyticsResponse } from '../../src/shared/responses/figures';
import type {
  ApiConversation,
  ApiMessage,
  ApiMessageDetail,
} from '../../src/shared/responses/messages';
import type { ApiProgramDeliveries } from '../../src/shared/responses/programs';
import { createUser, startSignedInApp } from './helpers/app';
import { programsOfProduct } from './helpers/programs';

/**
 * Clicks where staff look: a program's Deliveries, Analytics, the outbox and a contact's
 * conversation, from short links opened through GET /l/{code} as phones and previews open them.
 *
 * Spring Steps (New York, 9:00 from 7 March 2026; early March is UTC-8 in Los Angeles):
 * - day 0, one tracked link: Ada (delivered) opens it twice, Ben (delivered) only gets a preview
 *   and a HEAD, Cyd (sent, not yet reported delivered) opens it once, Dee (undelivered) never, and
 *   Lou's message (delivered) went without the link;
 * - day 1, two tracked links, and the provider reported none delivered: Eve (sent) opens the
 *   second link twice, Fay (sent) nothing, Gus (failed before the provider took it) nothing, and
 *   Mo, whose hand-over is unknown (the process stopped during it), opens the first;
 * - day 2: no tracked link;
 * - day 3, a tracked link, both messages still queued.
 * Walk On, another program, has a link opened too; none of its figures are Spring Steps'.
 */

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PREVIEW = 'facebookexternalhit/1.1 Facebot Twitterbot/1.0';
const GUIDE = 'https://example.org/guide';
const MAP = 'https://example.org/map';
const PLAN = 'https://example.org/plan';

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let spring: string;
let walkOn: string;
let phone = 3000;
/** Message and contact ids by the recipient's name. */
const sent: Record<string, { message: string; contact: string; codes: string[] }> = {};
let before: number;
let after: number;

async function message(
  name: string,
  row: { programId: string; day: number; status: MessageStatus; sentAt?: string },
  urls: string[],
) {
  phone += 1;
  const { user } = await createUser(ctx.db, {
    role: 'participant',
    firstName: name,
    phone: `+1503555${phone}`,
  });
  const [made] = await ctx.db
    .insert(outboundMessages)
    .values({
      kind: 'program',
      programId: row.programId,
      day: row.day,
      contactId: user.id,
      toPhone: user.phone!,
      body: `Day ${row.day}, ${name}`,
      status: row.status,
      sentAt: row.sentAt ? new Date(row.sentAt) : null,
    })
    .returning({ id: outboundMessages.id });
  const codes = urls.map(() => newShortCode());
  if (codes.length > 0) {
    await ctx.db.insert(shortLinks).values(
      urls.map((url, linkIndex) => ({
        code: codes[linkIndex]!,
        messageId: made!.id,
        programId: row.programId,
        day: row.day,
        linkIndex,
        url,
      })),
    );
  }
  sent[name] = { message: made!.id, contact: user.id, codes };
}

/** Opens the short link as a phone's browser (or `agent`, or `method`) does. */
async function open(code: string, agent = BROWSER, method: 'GET' | 'HEAD' = 'GET') {
  const response = await ctx.app.inject({
    method,
    url: `/l/${code}`,
    headers: { 'user-agent': agent },
  });
  expect(response.statusCode).toBe(302);
}

const get = async <T>(url: string): Promise<T> => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

beforeAll(async () => {
  ctx = await startSignedInApp();
  [spring, walkOn] = (await programsOfProduct(ctx.db, 3, [
    {
      programName: 'Spring Steps',
      startDate: '2026-03-07',
      sendTime: '09:00',
      timeZone: 'America/New_York',
    },
    { programName: 'Walk On' },
  ])) as [string, string];

  const day0 = '2026-03-07T14:00:05Z';
  const day1 = '2026-03-08T13:00:05Z';
  await message('Ada', { programId: spring, day: 0, status: 'delivered', sentAt: day0 }, [GUIDE]);
  await message('Ben', { programId: spring, day: 0, status: 'delivered', sentAt: day0 }, [GUIDE]);
  await message('Cyd', { programId: spring, day: 0, status: 'sent', sentAt: day0 }, [GUIDE]);
  await message('Dee', { programId: spring, day: 0, status: 'undelivered', sentAt: day0 }, [GUIDE]);
  // Planned after the day's link was taken out of the product: the day's all the same.
  await message('Lou', { programId: spring, day: 0, status: 'delivered', sentAt: day0 }, []);
  await message('Eve', { programId: spring, day: 1, status: 'sent', sentAt: day1 }, [MAP, PLAN]);
  await message('Fay', { programId: spring, day: 1, status: 'sent', sentAt: day1 }, [MAP, PLAN]);
  await message('Gus', { programId: spring, day: 1, status: 'failed' }, [MAP, PLAN]);
  await message('Mo', { programId: spring, day: 1, status: 'unknown' }, [MAP, PLAN]);
  await message('Hal', { programId: spring, day: 2, status: 'delivered', sentAt: day1 }, []);
  await message('Ivy', { programId: spring, day: 3, status: 'queued' }, [GUIDE]);
  await message('Jon', { programId: spring, day: 3, status: 'queued' }, [GUIDE]);
  await message('Kit', { programId: walkOn, day: 0, status: 'delivered', sentAt: day0 }, [GUIDE]);

  before = Date.now();
  await open(sent.Ada!.codes[0]!);
  await open(sent.Ada!.codes[0]!);
  await open(sent.Ben!.codes[0]!, PREVIEW);
  await open(sent.Ben!.codes[0]!, BROWSER, 'HEAD');
  await open(sent.Cyd!.codes[0]!);
  await open(sent.Eve!.codes[1]!);
  await open(sent.Eve!.codes[1]!);
  await open(sent.Mo!.codes[0]!);
  await open(sent.Kit!.codes[0]!);
  after = Date.now();
});
afterAll(() => ctx.close());

describe("a program's Deliveries", () => {
  it('gives each day with tracked links its unique clickers and click rate, and other days none', async () => {
    const { days } = await get<ApiProgramDeliveries>(`/api/programs/${spring}/deliveries`);
    expect(days.map((day) => [day.day, day.clicks])).toEqual([
      // Reached: Ada, Ben and Lou (delivered) and Cyd (opened it, so it arrived); Dee's never did.
      [0, { messages: 5, reached: 4, clicked: 2, rate: 2 / 4 }],
      // None reported delivered: the two messages handed to the provider are the base. Mo's was
      // not known to be handed over: as in Analytics, its open is in no day's figures.
      [1, { messages: 4, reached: 2, clicked: 1, rate: 1 / 2 }],
      [2, null],
      [3, { messages: 2, reached: 0, clicked: 0, rate: null }],
      // The conclusion is not sent yet.
      [4, null],
    ]);
  });
});

describe('Analytics', () => {
  const MARCH = 'from=2026-03-07&to=2026-03-08';

  it('counts clicks by the day messages were handed over, per program, per program day and per link', async () => {
    const { clicks } = await get<AnalyticsResponse>(`/api/analytics?${MARCH}`);
    // Walk On's Kit opened his: 1 of 1.
    expect(clicks.totals).toEqual({ messages: 8, reached: 7, clicked: 4, rate: 4 / 7 });
    expect(clicks.days).toEqual([
      { date: '2026-03-07', messages: 6, reached: 5, clicked: 3, rate: 3 / 5 },
      { date: '2026-03-08', messages: 2, reached: 2, clicked: 1, rate: 1 / 2 },
    ]);
    expect(
      clicks.programs.sort((a, b) =>
        a.programId === spring ? -1 : b.programId === spring ? 1 : 0,
      ),
    ).toEqual([
      { programId: spring, messages: 7, reached: 6, clicked: 3, rate: 3 / 6 },
      { programId: walkOn, messages: 1, reached: 1, clicked: 1, rate: 1 },
    ]);
    expect(clicks.programDays).toEqual([
      {
        programId: spring,
        programName: 'Spring Steps',
        day: 0,
        messages: 5,
        reached: 4,
        clicked: 2,
        rate: 2 / 4,
        // A link's base is its day's: the day's link at that position.
        links: [{ linkIndex: 0, url: GUIDE, messages: 5, reached: 4, clicked: 2, rate: 2 / 4 }],
      },
      {
        programId: spring,
        programName: 'Spring Steps',
        day: 1,
        // Gus's was never handed over, nor known to be Mo's: Analytics counts neither.
        messages: 2,
        reached: 2,
        clicked: 1,
        rate: 1 / 2,
        links: [
          { linkIndex: 0, url: MAP, messages: 2, reached: 2, clicked: 0, rate: 0 },
          { linkIndex: 1, url: PLAN, messages: 2, reached: 2, clicked: 1, rate: 1 / 2 },
        ],
      },
      {
        programId: walkOn,
        programName: 'Walk On',
        day: 0,
        messages: 1,
        reached: 1,
        clicked: 1,
        rate: 1,
        links: [{ linkIndex: 0, url: GUIDE, messages: 1, reached: 1, clicked: 1, rate: 1 }],
      },
    ]);
  });

  it('keeps to the range and the program it is asked for', async () => {
    const one = await get<AnalyticsResponse>(`/api/analytics?${MARCH}&programId=${walkOn}`);
    expect(one.clicks.totals).toEqual({ messages: 1, reached: 1, clicked: 1, rate: 1 });
    expect(one.clicks.programDays.map((d) => d.programName)).toEqual(['Walk On']);
    const firstDay = await get<AnalyticsResponse>('/api/analytics?from=2026-03-08&to=2026-03-08');
    expect(firstDay.clicks.totals).toEqual({ messages: 2, reached: 2, clicked: 1, rate: 1 / 2 });
    const none = await get<AnalyticsResponse>('/api/analytics?from=2026-04-01&to=2026-04-02');
    expect(none.clicks).toEqual({
      totals: { messages: 0, reached: 0, clicked: 0, rate: null },
      days: [],
      programs: [],
      programDays: [],
    });
  });
});

describe('a message', () => {
  const opensOf = (messages: ApiMessage[], name: string) =>
    messages.find((m) => m.id === sent[name]!.message)!.linkOpens;

  it("carries its links' counted clicks in the outbox list, null without a tracked link", async () => {
    const { messages } = await get<{ messages: ApiMessage[] }>(
      `/api/messages?programId=${spring}&perPage=50`,
    );
    const ada = opensOf(messages, 'Ada')!;
    expect(ada).toMatchObject({ links: 1, opened: 1, clicks: 2 });
    expect(Date.parse(ada.firstAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(ada.firstAt!)).toBeLessThanOrEqual(after);
    // A preview and a HEAD are no clicks.
    expect(opensOf(messages, 'Ben')).toEqual({ links: 1, opened: 0, clicks: 0, firstAt: null });
    expect(opensOf(messages, 'Eve')).toMatchObject({ links: 2, opened: 1, clicks: 2 });
    expect(opensOf(messages, 'Hal')).toBeNull();
  });

  it('carries them on its own page, and in the contact’s conversation', async () => {
    const { message } = await get<{ message: ApiMessageDetail }>(
      `/api/messages/${sent.Eve!.message}`,
    );
    expect(message.linkOpens).toMatchObject({ links: 2, opened: 1, clicks: 2 });
    const thread = await get<ApiConversation>(`/api/contacts/${sent.Cyd!.contact}/conversation`);
    expect(thread.entries).toHaveLength(1);
    const [entry] = thread.entries;
    expect(entry!.direction).toBe('out');
    expect(entry!.direction === 'out' && entry!.linkOpens).toMatchObject({
      links: 1,
      opened: 1,
      clicks: 1,
    });
  });
});
