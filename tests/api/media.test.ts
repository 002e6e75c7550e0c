import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../src/server/db/schema';
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
    const stored = await readdir(ctx.app.config.mediaDir);
    expect(stored.some((name) => name.includes('passwd'))).toBe(false);
    expect(stored.every((name) => /^[A-Za-z0-9_-]{22}\.(png|jpg|gif|mp4)$/.test(name))).toBe(true);
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
    const before = (await readdir(ctx.app.config.mediaDir)).length;
    const rows = (await ctx.db.select().from(media)).length;
    await upload('long.mp4', mp4({ seconds: 30 }));
    expect((await readdir(ctx.app.config.mediaDir)).length).toBe(before);
    expect((await ctx.db.select().from(media)).length).toBe(rows);
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

  it('serves ranges of a video', async () => {
    const content = mp4({ seconds: 5, size: 4096 });
    const { url } = (await upload('range.mp4', content)).json();
    const response = await ctx.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.equals(content.subarray(0, 100))).toBe(true);
  });
});
