import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkClicks, outboundMessages, programs, shortLinks } from '../../src/server/db/schema';
import { removeDemo } from '../../src/server/demo/removal';
import { USER_AGENT_MAX } from '../../src/server/links/clicks';
import {
  isShortCodeShape,
  newShortCode,
  SHORT_CODE_MAX_LENGTH,
} from '../../src/server/links/codes';
import { SHORT_CODE_LENGTH } from '../../src/shared/message-settings';
import { serverTexts } from '../../src/server/texts';
import { createUser, startTestApp, type TestContext } from './helpers/app';
import { weirdSegment } from './helpers/fuzz/values';
import { captureLog } from './helpers/log';

/**
 * `/l/{code}`: a message's tracked link redirects to its URL and records the request, counted
 * as a click only for a GET from a person's browser; anything else under /l/ gets a small HTML
 * page, never the API's JSON or the console.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TARGET = 'https://example.org/walks/day-1?from=sms';

/** Real agent strings of link previews, crawlers, scanners and programs: recorded, not counted. */
const NOT_PEOPLE: [name: string, agent: string][] = [
  // Apple Messages' preview, as seen in a server log (peter.upfold.org.uk/blog/2019/02).
  [
    'iMessage preview',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  ],
  ['iMessage preview (short)', 'facebookexternalhit/1.1 Facebot Twitterbot/1.0'],
  ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ['Facebot', 'Facebot/1.0'],
  ['Twitterbot', 'Twitterbot/1.0'],
  ['Slack previews', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['Slackbot', 'Slackbot 1.0 (+https://api.slack.com/robots)'],
  ['Slack images', 'Slack-ImgProxy (+https://api.slack.com/robots)'],
  ['WhatsApp (iOS)', 'WhatsApp/2.23.18.78 i'],
  ['WhatsApp (Android)', 'WhatsApp/2.19.258 A'],
  ['Signal', 'WhatsApp/2'],
  ['Telegram', 'TelegramBot (like TwitterBot)'],
  ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
  [
    'LinkedIn',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  ],
  ['Skype', 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5'],
  ['Teams and Outlook', 'MicrosoftPreview/2.0; +https://aka.ms/MicrosoftPreview'],
  ['Google Messages', 'GoogleMessages'],
  [
    'Google web snippet',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/56.0.2924.87 Safari/537.36 Google-PageRenderer Google (+https://developers.google.com/+/web/snippet/)',
  ],
  [
    'Google Read Aloud',
    'Mozilla/5.0 (Linux; Android 7.0; SM-G930V Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/59.0.3071.125 Mobile Safari/537.36 (compatible; Google-Read-Aloud; +https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers)',
  ],
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [
    'Googlebot (smartphone)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  ],
  ['Google inspection', 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0)'],
  ['Google ads check', 'AdsBot-Google (+http://www.google.com/adsbot.html)'],
  [
    'Google ads check (mobile)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 9_1 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13B143 Safari/601.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
  ],
  [
    'Google safety scanner',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.179 Safari/537.36 (compatible; Google-Safety; +http://www.google.com/bot.html)',
  ],
  ['bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  [
    'BingPreview',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 BingPreview/1.0b',
  ],
  ['Applebot', 'Mozilla/5.0 (compatible; Applebot/0.3; +http://www.apple.com/go/applebot)'],
  [
    'Pinterestbot',
    'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)',
  ],
  ['Pinterest', 'Pinterest/0.2 (+http://www.pinterest.com/bot.html)'],
  ['reddit', 'Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)'],
  ['Embedly', 'Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)'],
  ['Iframely', 'Iframely/1.3.1 (+https://iframely.com/docs/about) Atlassian'],
  ['VK', 'Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)'],
  [
    'Yahoo! Slurp',
    'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  ],
  [
    'Yahoo Mail',
    'Mozilla/5.0 (compatible; Yahoo Link Preview; https://help.yahoo.com/kb/mail/yahoo-link-preview-SLN23615.html)',
  ],
  ['YandexBot', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'],
  ['Mastodon', 'http.rb/2.2.2 (Mastodon/1.5.1; +https://example-masto-instance.org/)'],
  ['Snapchat', 'Mozilla/5.0 (compatible; SnapURLPreview/1.0; +https://www.snapchat.com)'],
  ['Snap', 'Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots'],
  ['Bluesky', 'BlueskyPreviewBot/1.0'],
  [
    'headless Chrome',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/74.0.3729.169 Safari/537.36',
  ],
  ['curl', 'curl/7.47.0'],
  ['Wget', 'Wget/1.21.2'],
  ['python-requests', 'python-requests/2.18.4'],
  ['Go', 'Go-http-client/1.1'],
  ['okhttp', 'okhttp/3.2.0'],
  ['an empty agent', ''],
  ['an agent of spaces', '   '],
];

/** Real agent strings of browsers on phones and computers, in-app ones too: counted. */
const PEOPLE: [name: string, agent: string][] = [
  [
    'iPhone Safari',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ],
  [
    'iPhone Chrome',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 14_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/87.0.4280.77 Mobile/15E148 Safari/604.1',
  ],
  [
    'Android Chrome',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Android Chrome (Galaxy S22)',
    'Mozilla/5.0 (Linux; Android 13; SM-S901U) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Samsung Internet',
    'Mozilla/5.0 (Linux; Android 5.0.2; SAMSUNG SM-T800 Build/LRX22G) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/3.0 Chrome/38.0.2125.102 Safari/537.36',
  ],
  ['Firefox for Android', 'Mozilla/5.0 (Android; Mobile; rv:36.0) Gecko/36.0 Firefox/36.0'],
  ['Firefox', 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:47.0) Gecko/20100101 Firefox/47.0'],
  [
    'Opera for Android',
    'Mozilla/5.0 (Linux; Android 10; Mi A2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.6261.149 Mobile Safari/537.36 OPR/81.6.4292.79147',
  ],
  [
    'Facebook Messenger (in-app)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 10_0_1 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) Mobile/14A403 [FBAN/MessengerForiOS;FBAV/87.0.0.24.69;FBBV/38293694;FBRV/0;FBDV/iPhone8,4;FBMD/iPhone;FBSN/iPhone OS;FBSV/10.0.1;FBSS/2;FBCR/AT&T;FBID/phone;FBLC/en_US;FBOP/5]',
  ],
  [
    'Twitter for iPhone (in-app)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 10_0_1 like Mac OS X) AppleWebKit/602.1.32 (KHTML, like Gecko) Mobile/14A403 Twitter for iPhone',
  ],
];

let ctx: TestContext;
let consoleDir: string;
const log = captureLog();
const ids = { contact: '', program: '', message: '' };

/** A new short link of the test's participant and program; its code. */
async function link(values: Partial<typeof shortLinks.$inferInsert> = {}) {
  const code = newShortCode();
  await ctx.db.insert(shortLinks).values({
    code,
    messageId: ids.message,
    programId: ids.program,
    day: 1,
    linkIndex: 0,
    url: TARGET,
    ...values,
  });
  return code;
}

/** Opens `url` as a client would; inject's own User-Agent unless `headers` names one (or undefined). */
const open = (
  url: string,
  headers: Record<string, string | undefined> = {},
  method: 'GET' | 'HEAD' = 'GET',
) => ctx.app.inject({ method, url, headers: headers as Record<string, string> });

const clicksOf = (code: string) =>
  ctx.db.select().from(linkClicks).where(eq(linkClicks.code, code)).orderBy(asc(linkClicks.at));

beforeAll(async () => {
  // A stand-in console build, so that the console's page fallback is there to be avoided.
  consoleDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-console-'));
  await writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
  ctx = await startTestApp({}, { logger: log.logger, config: { consoleDir } });
  const { user } = await createUser(ctx.db, { role: 'participant', phone: '+15035550142' });
  const [program] = await ctx.db
    .insert(programs)
    .values({ programName: 'Spring Steps' })
    .returning({ id: programs.id });
  const [message] = await ctx.db
    .insert(outboundMessages)
    .values({
      kind: 'program',
      contactId: user.id,
      toPhone: user.phone!,
      body: 'Day 1: https://tidings.example/l/xxxxxxx',
      programId: program!.id,
      day: 1,
    })
    .returning({ id: outboundMessages.id });
  Object.assign(ids, { contact: user.id, program: program!.id, message: message!.id });
});

afterAll(async () => {
  await ctx?.close();
  await rm(consoleDir, { recursive: true, force: true });
});

describe('newShortCode', () => {
  it('makes codes of SHORT_CODE_LENGTH base-62 characters, every character about as often', () => {
    const counts = new Map<string, number>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const code = newShortCode();
      expect(code).toMatch(/^[0-9A-Za-z]{7}$/);
      for (const char of code) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(SHORT_CODE_LENGTH).toBe(7);
    expect([...counts.keys()].sort().join('')).toBe([...BASE62].sort().join(''));
    // Pearson's chi-square against equal chances, 61 degrees of freedom: a fair source stays
    // under 130 but about once in a million runs; `byte % 62` without dropping the bytes past
    // 247 gives the first eight characters a quarter more, about 900.
    const expected = (n * SHORT_CODE_LENGTH) / BASE62.length;
    const chiSquare = [...counts.values()].reduce(
      (sum, c) => sum + (c - expected) ** 2 / expected,
      0,
    );
    expect(chiSquare).toBeLessThan(130);
  });

  it('gives codes the table accepts, and the table refuses other codes', async () => {
    const codes = Array.from({ length: 500 }, newShortCode);
    await ctx.db
      .insert(shortLinks)
      .values(codes.map((code) => ({ code, linkIndex: 0, url: TARGET })));
    for (const code of ['abc123', 'abc-1234', 'abcdéfg', '']) {
      await expect(
        ctx.db.insert(shortLinks).values({ code, linkIndex: 0, url: TARGET }),
      ).rejects.toThrow();
    }
  });

  it('looks up only text of a code’s shape', () => {
    const base62 = fc.constantFrom(...BASE62);
    fc.assert(
      fc.property(
        fc.string({ unit: base62, minLength: SHORT_CODE_LENGTH, maxLength: SHORT_CODE_MAX_LENGTH }),
        (code) => isShortCodeShape(code),
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const shaped =
          /^[0-9A-Za-z]*$/.test(text) &&
          text.length >= SHORT_CODE_LENGTH &&
          text.length <= SHORT_CODE_MAX_LENGTH;
        return isShortCodeShape(text) === shaped;
      }),
    );
  });
});

describe('GET /l/{code}', () => {
  it('redirects to the link’s URL, uncached and without a referrer, and records a click', async () => {
    const code = await link();
    const agent = PEOPLE[0]![1];
    const before = Date.now();
    const response = await open(`/l/${code}`, { 'user-agent': agent, accept: 'text/html' });
    const after = Date.now();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(TARGET);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toBe('');
    const [click, ...more] = await clicksOf(code);
    expect(more).toEqual([]);
    expect(click).toMatchObject({
      code,
      method: 'GET',
      userAgent: agent,
      counted: true,
      demo: false,
    });
    expect(click!.at.getTime()).toBeGreaterThanOrEqual(before);
    expect(click!.at.getTime()).toBeLessThanOrEqual(after);
  });

  it('records every open: two clicks are two rows', async () => {
    const code = await link();
    for (let i = 0; i < 2; i++) {
      expect((await open(`/l/${code}`, { 'user-agent': PEOPLE[2]![1] })).statusCode).toBe(302);
    }
    const clicks = await clicksOf(code);
    expect(clicks.map((c) => [c.method, c.counted])).toEqual([
      ['GET', true],
      ['GET', true],
    ]);
  });

  it('ignores a query string added to the link', async () => {
    const code = await link();
    const response = await open(`/l/${code}?utm_source=forwarded`, { 'user-agent': PEOPLE[1]![1] });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(TARGET);
  });

  it('answers HEAD like GET but does not count it', async () => {
    const code = await link();
    const response = await open(`/l/${code}`, { 'user-agent': PEOPLE[0]![1] }, 'HEAD');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(TARGET);
    expect(response.headers['cache-control']).toBe('no-store');
    const clicks = await clicksOf(code);
    expect(clicks.map((c) => [c.method, c.counted])).toEqual([['HEAD', false]]);
  });

  it.each(NOT_PEOPLE)('records but does not count %s', async (_name, agent) => {
    const code = await link();
    const response = await open(`/l/${code}`, { 'user-agent': agent });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(TARGET);
    const clicks = await clicksOf(code);
    expect(clicks.map((c) => [c.method, c.userAgent, c.counted])).toEqual([['GET', agent, false]]);
  });

  it('does not count a request without a User-Agent', async () => {
    const code = await link();
    expect((await open(`/l/${code}`, { 'user-agent': undefined })).statusCode).toBe(302);
    const clicks = await clicksOf(code);
    expect(clicks.map((c) => [c.userAgent, c.counted])).toEqual([[null, false]]);
  });

  it.each(PEOPLE)('counts %s', async (_name, agent) => {
    const code = await link();
    expect((await open(`/l/${code}`, { 'user-agent': agent })).statusCode).toBe(302);
    const clicks = await clicksOf(code);
    expect(clicks.map((c) => [c.userAgent, c.counted])).toEqual([[agent, true]]);
  });

  it('keeps the first USER_AGENT_MAX characters of a long agent', async () => {
    const code = await link();
    const agent = `${PEOPLE[0]![1]} ${'x'.repeat(2_000)}`;
    expect((await open(`/l/${code}`, { 'user-agent': agent })).statusCode).toBe(302);
    const [click] = await clicksOf(code);
    expect(click!.userAgent).toBe(agent.slice(0, USER_AGENT_MAX));
    expect(click!.counted).toBe(true);
  });

  it('percent-encodes what a Location header cannot carry', async () => {
    const code = await link({ url: 'https://example.org/café?q=a b' });
    const response = await open(`/l/${code}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.org/caf%C3%A9?q=a%20b');
  });

  it('goes on working once its message is deleted', async () => {
    const { user } = await createUser(ctx.db, { role: 'participant', phone: '+15035550143' });
    const [message] = await ctx.db
      .insert(outboundMessages)
      .values({ kind: 'test', contactId: user.id, toPhone: user.phone!, body: 'Test' })
      .returning({ id: outboundMessages.id });
    const code = await link({ messageId: message!.id, programId: null, day: null });
    await ctx.db.delete(outboundMessages).where(eq(outboundMessages.id, message!.id));
    // The link is kept as it was (it names its message without a foreign key:
    // docs/decisions/outbox-children-without-foreign-keys.md) and still leads to its target.
    const [kept] = await ctx.db.select().from(shortLinks).where(eq(shortLinks.code, code));
    expect(kept).toMatchObject({ code, url: TARGET, messageId: message!.id });
    const response = await open(`/l/${code}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(TARGET);
  });
});

describe('a path under /l/ that names no link', () => {
  const expectUnknownPage = (response: Awaited<ReturnType<typeof open>>) => {
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(serverTexts.shortLinks.unknown);
    expect(response.body).not.toContain('id="root"');
    expect(response.body.length).toBeLessThan(1_000);
  };

  it('gets a small HTML page for a code Tidings never made, and nothing is recorded', async () => {
    const code = newShortCode();
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await open(`/l/${code}`, { accept: 'text/html' }, method);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expectUnknownPage(await open(`/l/${code}`, { accept: 'text/html' }));
    expectUnknownPage(await open(`/l/${code}`, { accept: 'application/json' }));
    expect(await clicksOf(code)).toEqual([]);
  });

  it.each([
    ['an empty code', '/l/'],
    ['a short code', '/l/abc123'],
    ['a code of other characters', '/l/abc-1234'],
    ['a code past the longest', `/l/${'a'.repeat(SHORT_CODE_MAX_LENGTH + 1)}`],
    ['a huge code', `/l/${'a'.repeat(5_000)}`],
    ['broken percent-encoding', '/l/%ZZabcdef'],
    ['an encoded lone surrogate', '/l/%ED%A0%80abcdef'],
    ['an encoded NUL', '/l/abc%00defg'],
    ['an encoded slash', '/l/..%2F..%2Fapi%2Fhealth'],
    ['letters past ASCII', `/l/${encodeURIComponent('ÄÖÜäöüß')}`],
    ['more segments', '/l/abcdefg/more'],
    ['a trailing slash', '/l/abcdefg/'],
  ])('gets the same page for %s', async (_name, url) => {
    expectUnknownPage(await open(url, { accept: 'text/html' }));
  });

  it('gets the same page for other methods', async () => {
    const code = await link();
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expectUnknownPage(await ctx.app.inject({ method, url: `/l/${code}` }));
    }
    expect(await clicksOf(code)).toEqual([]);
  });

  it('gets the same page for generated junk, never JSON, the console or a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(weirdSegment, async (segment) => {
        // A segment a URL parser reads as `.` or `..` (`%2e%2e`) leaves /l/: not a link's path.
        fc.pre(new URL(`http://tidings.example/l/${segment}`).pathname.startsWith('/l/'));
        expectUnknownPage(await open(`/l/${segment}`, { accept: 'text/html' }));
      }),
      { numRuns: 200 },
    );
  });
});

describe('when the database cannot be asked', () => {
  it('answers a plain 503 page, and logs why', async () => {
    const broken = await startTestApp({}, { logger: log.logger });
    await broken.testDb.database.close();
    const response = await broken.app.inject({ url: `/l/${newShortCode()}` });
    await broken.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(serverTexts.shortLinks.unavailable);
    expect(
      log.lines.some((line) => line.msg === 'short link: the database could not be asked'),
    ).toBe(true);
  });
});

describe('the demo data’s removal', () => {
  it('takes the short links of the demo’s messages and their clicks, and leaves the others', async () => {
    const { user } = await createUser(ctx.db, {
      role: 'participant',
      phone: '+15035550144',
      demo: true,
    });
    const [message] = await ctx.db
      .insert(outboundMessages)
      .values({ kind: 'program', contactId: user.id, toPhone: user.phone!, body: 'Demo day' })
      .returning({ id: outboundMessages.id });
    const demoCode = await link({ messageId: message!.id, programId: null });
    const realCode = await link();
    await open(`/l/${demoCode}`, { 'user-agent': PEOPLE[0]![1] });
    await open(`/l/${realCode}`, { 'user-agent': PEOPLE[0]![1] });

    await removeDemo(ctx.db);

    const left = await ctx.db.select({ code: shortLinks.code }).from(shortLinks);
    expect(left.map((l) => l.code)).toContain(realCode);
    expect(left.map((l) => l.code)).not.toContain(demoCode);
    expect(await clicksOf(demoCode)).toEqual([]);
    expect(await clicksOf(realCode)).toHaveLength(1);
  });
});
