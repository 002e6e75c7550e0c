import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, mediaContents } from '../../src/server/db/schema';
import { LIMITS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { gif, jpeg, mp4, png } from '../helpers/media-files';
import { multipartFile, startSignedInApp } from './helpers/app';

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
beforeAll(async () => {
  ctx = await startSignedInApp();
});
afterAll(() => ctx.close());

async function upload(
  filename: string,
  content: Buffer,
  headers: Record<string, string> = ctx.auth,
) {
  const body = await multipartFile(filename, content);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

describe('POST /api/media', () => {
  it('needs a signed-in user', async () => {
    const response = await upload('a.png', png(), {});
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['photo.png', () => png(), 'image', 'image/png', 'png'],
    ['photo.jpg', () => jpeg(), 'image', 'image/jpeg', 'jpg'],
    ['photo.JPEG', () => jpeg(), 'image', 'image/jpeg', 'jpg'],
    ['animation.gif', () => gif(), 'gif', 'image/gif', 'gif'],
    ['clip.mp4', () => mp4({ seconds: 10 }), 'video', 'video/mp4', 'mp4'],
  ])(
    'accepts %s and serves it back publicly',
    async (filename, make, type, mimeType, extension) => {
      const content = make();
      const response = await upload(filename, content);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.any(String),
        type,
        filename,
        mimeType,
        size: content.length,
        url: expect.stringMatching(new RegExp(`^/media/[A-Za-z0-9_-]{22}\\.${extension}$`)),
      });

      const served = await ctx.app.inject({ url: body.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain(mimeType);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(content)).toBe(true);

      const [row] = await ctx.db.select().from(media).where(eq(media.id, body.id));
      expect(row).toMatchObject({
        originalName: filename,
        mimeType,
        type,
        size: content.length,
        uploadedBy: ctx.user.id,
      });
    },
  );

  it('stores files under a random name, never the client’s', async () => {
    const response = await upload('../../etc/passwd.png', png());
    expect(response.statusCode).toBe(201);
    expect(response.json().filename).toBe('passwd.png');
    const stored = (await ctx.db.select({ name: media.storageName }).from(media)).map(
      (row) => row.name,
    );
    expect(stored.some((name) => name.includes('passwd'))).toBe(false);
    expect(stored.every((name) => /^[A-Za-z0-9_-]{22}\.(png|jpg|gif|mp4)$/.test(name))).toBe(true);
    expect(response.json().url).toBe(`/media/${stored.at(-1)}`);
  });

  it.each([
    ['png', (size: number) => png({ size })],
    ['jpg', (size: number) => jpeg({ size })],
    ['gif', (size: number) => gif({ size })],
  ])('takes a .%s of exactly 500 KB and refuses one byte more', async (extension, make) => {
    const atLimit = await upload(`edge.${extension}`, make(LIMITS.imageBytes));
    expect(atLimit.statusCode).toBe(201);
    const over = await upload(`over.${extension}`, make(LIMITS.imageBytes + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: messages.media.imageTooLarge });
  });

  it('takes an MP4 of exactly 1 MB and refuses one byte more', async () => {
    const atLimit = await upload('edge.mp4', mp4({ size: LIMITS.videoBytes }));
    expect(atLimit.statusCode).toBe(201);
    const over = await upload('over.mp4', mp4({ size: LIMITS.videoBytes + 1 }));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: messages.media.videoTooLarge });
  });

  it('refuses an image far over the limit without reading it all', async () => {
    const response = await upload('huge.png', png({ size: 3 * 1024 * 1024 }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: messages.media.imageTooLarge });
  });

  it('takes a 15-second video and refuses a longer one', async () => {
    expect((await upload('fifteen.mp4', mp4({ seconds: 15 }))).statusCode).toBe(201);
    const long = await upload('long.mp4', mp4({ seconds: 15.5 }));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: serverTexts.media.videoTooLong });
    const longV1 = await upload('long-v1.mp4', mp4({ seconds: 60, version: 1 }));
    expect(longV1.json()).toEqual({ error: serverTexts.media.videoTooLong });
  });

  it('refuses a video whose length cannot be read', async () => {
    const noMovieHeader = mp4().subarray(0, 32);
    const response = await upload('broken.mp4', noMovieHeader);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: serverTexts.media.videoUnreadable });
  });

  it.each([
    ['a JPEG named .png', 'photo.png', () => jpeg()],
    ['a PNG named .gif', 'photo.gif', () => png()],
    ['text named .jpg', 'notes.jpg', () => Buffer.from('just some text, not a picture')],
    ['a QuickTime movie named .mp4', 'movie.mp4', () => mp4({ brand: 'qt  ' })],
    ['a PNG named .webp', 'photo.webp', () => png()],
    ['an executable', 'setup.exe', () => Buffer.from('MZ\x90\x00')],
    ['a file without extension', 'photo', () => png()],
  ])('refuses %s', async (_case, filename, make) => {
    const response = await upload(filename, make());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.media.invalidType });
  });

  it('refuses an empty file', async () => {
    const response = await upload('empty.png', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.media.empty });
  });

  it('asks for a file when the request carries none', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: ctx.auth,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: serverTexts.media.noFile });
  });

  it('keeps no file and no row for a refused upload', async () => {
    const rows = (await ctx.db.select().from(media)).length;
    const contents = (await ctx.db.select().from(mediaContents)).length;
    await upload('long.mp4', mp4({ seconds: 30 }));
    expect((await ctx.db.select().from(media)).length).toBe(rows);
    expect((await ctx.db.select().from(mediaContents)).length).toBe(contents);
    expect(existsSync(ctx.app.config.mediaDir)).toBe(false);
  });
});

describe('GET /media/{name}', () => {
  it('answers 404 for names that were never stored or are not ours', async () => {
    for (const url of [
      '/media/AAAAAAAAAAAAAAAAAAAAAA.png',
      '/media/../package.json',
      '/media/%2e%2e%2fpackage.json',
      '/media/',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('serves a file with its type, for a year, to any origin, and its HEAD without the body', async () => {
    const content = png({ size: 2000 });
    const { url } = (await upload('served.png', content)).json();
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '2000',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(response.headers['last-modified'] as string)).not.toBeNaN();

    const head = await ctx.app.inject({ url, method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('2000');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 304 to a client that has the file', async () => {
    const { url } = (await upload('cached.gif', gif())).json();
    const first = await ctx.app.inject({ url });
    const { etag, 'last-modified': modified } = first.headers as Record<string, string>;
    for (const headers of [
      { 'if-none-match': etag! },
      { 'if-none-match': `W/${etag}` },
      { 'if-none-match': `"other", ${etag}` },
      { 'if-modified-since': modified! },
    ]) {
      const again = await ctx.app.inject({ url, headers });
      expect(again.statusCode, JSON.stringify(headers)).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const changed = await ctx.app.inject({ url, headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
  });

  it('serves any one byte range of a video, and the whole file for several or a stale If-Range', async () => {
    const content = mp4({ seconds: 5, size: 4096 });
    const { url } = (await upload('range.mp4', content)).json();
    const { etag } = (await ctx.app.inject({ url, method: 'HEAD' })).headers as Record<
      string,
      string
    >;
    const size = content.length;
    // first-last, first- and -suffix: RFC 9110's three forms, over the whole file and past it.
    const range = fc.oneof(
      fc
        .tuple(fc.nat(size - 1), fc.nat(size + 100))
        .filter(([a, b]) => a <= b)
        .map(([a, b]) => ({ header: `bytes=${a}-${b}`, start: a, end: Math.min(b, size - 1) })),
      fc.nat(size - 1).map((a) => ({ header: `bytes=${a}-`, start: a, end: size - 1 })),
      fc
        .integer({ min: 1, max: size + 100 })
        .map((n) => ({ header: `bytes=-${n}`, start: Math.max(0, size - n), end: size - 1 })),
    );
    await fc.assert(
      fc.asyncProperty(range, async ({ header, start, end }) => {
        const response = await ctx.app.inject({ url, headers: { range: header } });
        expect(response.statusCode, header).toBe(206);
        expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(response.rawPayload.equals(content.subarray(start, end + 1))).toBe(true);
      }),
      { numRuns: 40 },
    );

    const beyond = await ctx.app.inject({ url, headers: { range: `bytes=${size}-${size + 10}` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.json()).toEqual({ error: serverTexts.media.rangeNotSatisfiable });

    for (const headers of [
      { range: 'bytes=0-1,5-9' },
      { range: 'lines=1-2' },
      { range: 'bytes=x-y' },
      { range: 'bytes=0-9', 'if-range': '"other"' },
      { range: 'bytes=0-9', 'if-range': 'Mon, 01 Jan 2024 00:00:00 GMT' },
    ]) {
      const whole = await ctx.app.inject({ url, headers });
      expect(whole.statusCode, JSON.stringify(headers)).toBe(200);
      expect(whole.rawPayload.equals(content)).toBe(true);
    }
    const current = await ctx.app.inject({
      url,
      headers: { range: 'bytes=0-9', 'if-range': etag! },
    });
    expect(current.statusCode).toBe(206);
  });
});
