import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { png } from '../helpers/media-files';
import { createUser, startSignedInApp } from './helpers/app';

/**
 * Text the database cannot keep (NUL) or that is not text at all (a lone UTF-16 surrogate, other
 * control characters) is refused with one 400 on every route, before any handler: it once gave
 * 500s, and cut the CSV export off after its header row.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let contactId: string;
beforeAll(async () => {
  ctx = await startSignedInApp();
  contactId = (await createUser(ctx.db, { role: 'participant' })).user.id;
});
afterAll(() => ctx.close());

const refused = messages.server.invalidCharacters;

function expectRefused(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  field: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.json()).toEqual({ error: refused, details: [{ field, message: refused }] });
}

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Walks',
  days: 1,
  preMessage: { text: 'p' },
  messages: [{ text: 'd' }],
  conclusionMessage: { text: 'c' },
  ...overrides,
});

describe('a NUL byte', () => {
  it('in the sign-in email, without a token', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@example.org', password: 'secret-pass-1' },
    });
    expectRefused(response, 'email');
  });

  it('in a product name, and deep in a day message', async () => {
    const post = (body: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: ctx.auth,
        payload: body as object,
      });
    expectRefused(await post(product({ name: 'Wa\u0000lks' })), 'name');
    expectRefused(
      await post(product({ messages: [{ text: 'd', links: [{ url: 'https://a.co\u0000' }] }] })),
      'messages.0.links.0.url',
    );
  });

  it('in a contact search', async () => {
    const response = await ctx.app.inject({ url: '/api/contacts?q=a%00b', headers: ctx.auth });
    expectRefused(response, 'q');
  });

  it('in an id of the path', async () => {
    const response = await ctx.app.inject({ url: '/api/contacts/a%00b', headers: ctx.auth });
    expectRefused(response, 'id');
    // The same route still answers a good id.
    const good = await ctx.app.inject({ url: `/api/contacts/${contactId}`, headers: ctx.auth });
    expect(good.statusCode).toBe(200);
  });

  it('in the CSV export’s search: a 400 in JSON, not a CSV cut off after its header', async () => {
    const response = await ctx.app.inject({
      url: '/api/contacts/export.csv?q=a%00b',
      headers: ctx.auth,
    });
    expectRefused(response, 'q');
  });

  it('in a field name', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: ctx.auth,
      payload: { ...product(), ['na\u0000me']: 'x' },
    });
    expectRefused(response, 'na\uFFFDme');
  });

  it('at the bottom of a body nested 100,000 deep, without overflowing the stack', async () => {
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...ctx.auth, 'content-type': 'application/json' },
      payload: `{"name":${deep}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(refused);
  });

  it('in the bearer token is no token at all (401), never a 500', async () => {
    const response = await ctx.app.inject({
      url: '/api/products',
      headers: { authorization: 'Bearer abc\u0000def' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a lone surrogate', () => {
  it('in a JSON body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...ctx.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(product()).replace('"Walks"', '"Wa\\ud800lks"'),
    });
    expectRefused(response, 'name');
  });

  it('is told from a real pair: an emoji is text', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...ctx.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(product({ name: 'Walks \ud83d\udeb6' })),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.name).toBe('Walks 🚶');
  });
});

describe('other control characters', () => {
  it('are refused, while tabs and line breaks are text', async () => {
    const post = (text: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: ctx.auth,
        payload: product({ preMessage: { text } }),
      });
    expectRefused(await post('Hello\u001b[31m'), 'preMessage.text');
    expect((await post('Hello,\r\n\tfriend')).statusCode).toBe(201);
  });
});

describe('an uploaded file’s name', () => {
  /** A multipart body written byte by byte, as a client other than a browser may send it. */
  function rawUpload(disposition: string) {
    const boundary = 'tidingsboundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n` +
          'Content-Type: image/png\r\n\r\n',
        'latin1',
      ),
      png(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { ...ctx.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  it.each([
    ['a raw NUL byte', 'filename="pho\u0000to.png"'],
    ['an encoded NUL', "filename*=UTF-8''pho%00to.png"],
    ['an encoded lone surrogate', "filename*=UTF-8''pho%ED%A0%80to.png"],
  ])('with %s keeps only its text', async (_label, disposition) => {
    const response = await rawUpload(disposition);
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(media).where(eq(media.id, response.json().id));
    // The multipart parser decodes bytes that are no UTF-8 as U+FFFD: never a lone surrogate.
    expect(row!.originalName).toMatch(/^pho\uFFFD*to\.png$/);
    expect(response.json().filename).toBe(row!.originalName);
  });
});
