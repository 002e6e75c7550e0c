import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productMessages, products } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { png } from '../helpers/media-files';
import { multipartFile, startSignedInApp } from './helpers/app';

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
beforeAll(async () => {
  ctx = await startSignedInApp();
});
afterAll(() => ctx.close());

const t = messages.products;

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  text,
  links: [],
  media: null,
  fallbackUrl: '',
  ...extra,
});

/** A valid payload of `days` days, as the create form sends it. */
function payload(days = 3, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Morning Walks',
    days,
    preMessage: message('Welcome! Reply STOP to opt out.'),
    messages: Array.from({ length: days }, (_, i) => message(`Day ${i + 1}: take a short walk.`)),
    conclusionMessage: message('Thanks for walking with us.'),
    ...overrides,
  };
}

const post = (body: unknown, headers = ctx.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/products', payload: body as object, headers });
const put = (id: string, body: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    payload: body as object,
    headers: ctx.auth,
  });
const get = (url: string) => ctx.app.inject({ url, headers: ctx.auth });

async function uploadImage() {
  const body = await multipartFile('cover.png', png());
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...ctx.auth },
  });
  return response.json();
}

describe('authentication', () => {
  it.each([
    ['GET', '/api/products'],
    ['GET', '/api/products/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/products'],
    ['PUT', '/api/products/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const response = await ctx.app.inject({
      method,
      url,
      payload: method === 'GET' ? undefined : payload(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/products', () => {
  it('creates a product with day messages 0..N+1, links and media, and reads it back', async () => {
    const image = await uploadImage();
    const body = payload(3);
    body.messages[1] = message('Day 2: look up. Photo of the day:', {
      links: [
        { url: 'https://ex.co/walk2', label: 'Route map' },
        { url: 'https://ex.co/walk3', label: 'Next walk', tracked: false },
      ],
      media: { ...image, file: { name: 'cover.png' } },
      fallbackUrl: 'https://example.org/walks/day-2',
    });
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ name: 'Morning Walks', days: 3, status: 'active' });
    expect(data._id).toBe(data.id);
    expect(data.preMessage.day).toBe(0);
    expect(data.messages.map((m: { day: number }) => m.day)).toEqual([1, 2, 3]);
    expect(data.conclusionMessage.day).toBe(4);
    expect(data.messages[1]).toEqual({
      day: 2,
      text: 'Day 2: look up. Photo of the day:',
      // A link is tracked unless the client says otherwise.
      links: [
        { url: 'https://ex.co/walk2', label: 'Route map', tracked: true },
        { url: 'https://ex.co/walk3', label: 'Next walk', tracked: false },
      ],
      media: {
        type: 'image',
        filename: 'cover.png',
        mimeType: 'image/png',
        size: image.size,
        url: image.url,
      },
      fallbackUrl: 'https://example.org/walks/day-2',
    });

    const read = await get(`/api/products/${data.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data });
  });

  it('drops media that has no url, so no fallback is needed for it', async () => {
    const body = payload(1);
    body.messages[0] = message('Day 1', { media: { type: 'image', filename: 'x.png', file: {} } });
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.messages[0].media).toBeNull();
  });

  it('trims texts and accepts exactly 160 characters as sent: text, line break, link URL', async () => {
    const url = 'https://ex.co/abcdefghij'; // 24
    const body = payload(1);
    body.messages[0] = message(`  ${'x'.repeat(160 - 1 - url.length)}  `, {
      // Sent as typed: a tracked link would count as its short link.
      links: [{ url, label: '', tracked: false }],
    });
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.messages[0].text).toHaveLength(135);
  });

  it('keeps 365 days', async () => {
    const response = await post(payload(365));
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.messages).toHaveLength(365);
    expect(data.conclusionMessage.day).toBe(366);
    const [{ n }] = (await ctx.db
      .select({ n: count() })
      .from(productMessages)
      .where(eq(productMessages.productId, data.id))) as [{ n: number }];
    expect(n).toBe(367);
  });
});

describe('validation', () => {
  const cases: [string, () => unknown, { field: string; message: string; day?: number }][] = [
    [
      'a missing name',
      () => payload(3, { name: '  ' }),
      { field: 'name', message: t.nameRequired },
    ],
    ['no days', () => payload(3, { days: undefined }), { field: 'days', message: t.daysMin }],
    ['0 days', () => ({ ...payload(1), days: 0 }), { field: 'days', message: t.daysMin }],
    ['366 days', () => ({ ...payload(1), days: 366 }), { field: 'days', message: t.daysMax }],
    ['2.5 days', () => ({ ...payload(2), days: 2.5 }), { field: 'days', message: t.daysWhole }],
    [
      'no pre-message',
      () => payload(3, { preMessage: message('') }),
      { field: 'preMessage.text', message: t.preMessageRequired, day: 0 },
    ],
    [
      'an empty day 2',
      () => {
        const body = payload(3);
        body.messages[1] = message(' ');
        return body;
      },
      { field: 'messages.1.text', message: 'Day 2 message is required', day: 2 },
    ],
    [
      'no conclusion',
      () => payload(3, { conclusionMessage: message('') }),
      { field: 'conclusionMessage.text', message: t.conclusionRequired, day: 4 },
    ],
    [
      'fewer messages than days',
      () => ({ ...payload(2), days: 3 }),
      { field: 'messages.2.text', message: 'Day 3 message is required', day: 3 },
    ],
    [
      'more messages than days',
      () => ({ ...payload(4), days: 2 }),
      {
        field: 'messages',
        message: 'There are 4 day messages for 2 days: send one message per day',
      },
    ],
    [
      '161 characters',
      () => payload(1, { preMessage: message('x'.repeat(161)) }),
      { field: 'preMessage.text', message: t.messageTooLong, day: 0 },
    ],
    [
      'text plus link URLs over 160',
      () =>
        payload(1, {
          preMessage: message('x'.repeat(140), {
            links: [{ url: 'https://ex.co/abcdefghijk', label: 'a' }],
          }),
        }),
      { field: 'preMessage.text', message: t.messageTooLong, day: 0 },
    ],
    [
      '135 characters and a 25-character link, 161 with the line break it goes on',
      () =>
        payload(2, {
          messages: [
            message('Day 1'),
            message('w'.repeat(135), {
              links: [{ url: 'https://tid.gs/walk-guide', label: 'Walk guide' }],
            }),
          ],
        }),
      { field: 'messages.1.text', message: t.messageTooLong, day: 2 },
    ],
    [
      '71 units of Unicode: one emoji takes the message to 70 a segment',
      () => payload(1, { preMessage: message(`${'x'.repeat(69)}🎉`) }),
      { field: 'preMessage.text', message: t.unicodeMessageTooLong, day: 0 },
    ],
    [
      'a link that is not http(s)',
      () =>
        payload(1, { preMessage: message('Hi', { links: [{ url: 'ftp://ex.co/a', label: '' }] }) }),
      { field: 'preMessage.links.0.url', message: t.invalidUrl, day: 0 },
    ],
    [
      'a link with spaces',
      () =>
        payload(1, {
          preMessage: message('Hi', { links: [{ url: 'https://ex .co', label: '' }] }),
        }),
      { field: 'preMessage.links.0.url', message: t.invalidUrl, day: 0 },
    ],
    [
      'a link of 26 characters',
      () =>
        payload(1, {
          preMessage: message('Hi', { links: [{ url: 'https://example.com/abcdef', label: '' }] }),
        }),
      { field: 'preMessage.links.0.url', message: t.urlTooLong, day: 0 },
    ],
    [
      'media without a fallback URL',
      () =>
        payload(1, {
          conclusionMessage: message('Bye', {
            media: {
              type: 'image',
              filename: 'a.png',
              mimeType: 'image/png',
              size: 10,
              url: '/media/AAAAAAAAAAAAAAAAAAAAAA.png',
            },
          }),
        }),
      { field: 'conclusionMessage.fallbackUrl', message: t.fallbackRecommended, day: 2 },
    ],
    [
      'a fallback URL that is not a URL',
      () => payload(1, { preMessage: message('Hi', { fallbackUrl: 'example.org' }) }),
      { field: 'preMessage.fallbackUrl', message: t.invalidUrl, day: 0 },
    ],
    [
      'media that was never uploaded here',
      () =>
        payload(1, {
          preMessage: message('Hi', {
            media: {
              type: 'image',
              filename: 'a.png',
              mimeType: 'image/png',
              size: 10,
              url: 'https://elsewhere.example/a.png',
            },
            fallbackUrl: 'https://example.org',
          }),
        }),
      { field: 'preMessage.media', message: serverTexts.products.mediaNotFound, day: 0 },
    ],
  ];

  it.each(cases)(
    'refuses %s with the spec message, naming the field and day',
    async (_case, body, detail) => {
      const before = (await ctx.db.select({ n: count() }).from(products))[0]!.n;
      const response = await post(body());
      expect(response.statusCode).toBe(400);
      const json = response.json();
      expect(json.details).toContainEqual(detail);
      expect(json.error).toBe(json.details[0].message);
      // Nothing is half-made.
      expect((await ctx.db.select({ n: count() }).from(products))[0]!.n).toBe(before);
    },
  );

  it('reports every failing field at once', async () => {
    const body = payload(2, { name: '', preMessage: message('') });
    body.messages[0] = message('');
    const response = await post(body);
    expect(response.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['name', 'preMessage.text', 'messages.0.text']),
    );
  });

  it('refuses a body that is not an object', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...ctx.auth, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT /api/products/{id}', () => {
  it('updates name, status and messages; fewer days remove the extra messages', async () => {
    const { data: created } = (await post(payload(5))).json();
    const body = payload(3, { name: 'Evening Walks', status: 'inactive' });
    body.messages[2] = message('Day 3, edited');
    const response = await put(created.id, body);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: created.id,
      name: 'Evening Walks',
      status: 'inactive',
      days: 3,
    });
    expect(data.messages.map((m: { text: string }) => m.text)[2]).toBe('Day 3, edited');
    expect(data.conclusionMessage).toMatchObject({ day: 4, text: 'Thanks for walking with us.' });
    expect(new Date(data.updatedAt).getTime()).toBeGreaterThan(
      new Date(created.updatedAt).getTime(),
    );
    const rows = await ctx.db
      .select()
      .from(productMessages)
      .where(eq(productMessages.productId, created.id));
    expect(rows.map((r) => r.day).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
  });

  it('adds days', async () => {
    const { data: created } = (await post(payload(1))).json();
    const response = await put(created.id, payload(4));
    expect(response.json().data.messages).toHaveLength(4);
    expect(response.json().data.conclusionMessage.day).toBe(5);
  });

  it('changes nothing when the payload is invalid', async () => {
    const { data: created } = (await post(payload(2))).json();
    const response = await put(
      created.id,
      payload(3, { name: 'Renamed', conclusionMessage: message('') }),
    );
    expect(response.statusCode).toBe(400);
    expect((await get(`/api/products/${created.id}`)).json().data).toEqual(created);
  });

  it('refuses an unknown status', async () => {
    const { data: created } = (await post(payload(1))).json();
    const response = await put(created.id, payload(1, { status: 'deleted' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('status');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await put(id, payload(1))).statusCode).toBe(404);
      const read = await get(`/api/products/${id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ error: serverTexts.products.notFound });
    }
  });
});

describe('GET /api/products', () => {
  let names: string[];
  beforeAll(async () => {
    await ctx.db.delete(products);
    names = ['Bravo', 'alpha', 'Charlie', 'Delta', 'echo'];
    const statuses = ['active', 'inactive', 'active', 'archived', 'active'];
    for (const [i, name] of names.entries()) {
      const { data } = (await post(payload(i + 1, { name }))).json();
      if (statuses[i] !== 'active')
        await put(data.id, payload(i + 1, { name, status: statuses[i] }));
    }
  });

  const list = async (query = '') => (await get(`/api/products${query}`)).json();

  it('returns every product, newest first, without paging parameters', async () => {
    const body = await list();
    expect(body.total).toBe(5);
    expect(body.data.map((p: { name: string }) => p.name)).toEqual([...names].reverse());
    expect(Object.keys(body.data[0]).sort()).toEqual([
      '_id',
      'createdAt',
      'days',
      'id',
      'name',
      'status',
      'updatedAt',
    ]);
  });

  it('filters by status for the program form', async () => {
    const body = await list('?status=active');
    expect(body.data.map((p: { name: string }) => p.name).sort()).toEqual([
      'Bravo',
      'Charlie',
      'echo',
    ]);
    expect(body.data[0]).toMatchObject({
      _id: expect.any(String),
      name: expect.any(String),
      days: expect.any(Number),
    });
    const several = await list('?status=inactive,archived');
    expect(several.total).toBe(2);
  });

  it('pages, reporting the total', async () => {
    const first = await list('?page=1&perPage=2');
    const third = await list('?page=3&perPage=2');
    expect(first.data).toHaveLength(2);
    expect(first.total).toBe(5);
    expect(third.data).toHaveLength(1);
    expect(third.total).toBe(5);
    const beyond = await list('?page=9&perPage=2');
    expect(beyond).toMatchObject({ data: [], total: 5 });
  });

  it.each([
    ['name', 'asc', ['alpha', 'Bravo', 'Charlie', 'Delta', 'echo']],
    ['name', 'DESC', ['echo', 'Delta', 'Charlie', 'Bravo', 'alpha']],
    ['days', 'asc', ['Bravo', 'alpha', 'Charlie', 'Delta', 'echo']],
    ['createdAt', 'asc', ['Bravo', 'alpha', 'Charlie', 'Delta', 'echo']],
  ])('sorts by %s %s', async (sort, order, expected) => {
    const body = await list(`?page=1&perPage=10&sort=${sort}&order=${order}`);
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(expected);
  });

  it('sorts by status', async () => {
    const body = await list('?page=1&perPage=10&sort=status&order=asc');
    expect(body.data.map((p: { status: string }) => p.status)).toEqual([
      'active',
      'active',
      'active',
      'archived',
      'inactive',
    ]);
  });

  it('searches names, case-insensitively and literally', async () => {
    expect((await list('?q=ALP')).data.map((p: { name: string }) => p.name)).toEqual(['alpha']);
    expect((await list('?q=%25')).total).toBe(0);
    expect(
      (await list('?q=a&status=active')).data.map((p: { name: string }) => p.name).sort(),
    ).toEqual(['Bravo', 'Charlie']);
  });

  it('refuses unknown sort fields and bad paging', async () => {
    for (const query of [
      '?sort=password',
      '?page=0',
      '?perPage=100000',
      '?order=sideways',
      '?status=deleted',
    ]) {
      const response = await get(`/api/products${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
  });
});
