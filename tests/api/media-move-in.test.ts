import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, mediaContents } from '../../src/server/db/schema';
import { moveDiskMediaIn } from '../../src/server/media/move-in';
import { gif, mp4, png } from '../helpers/media-files';
import { startTestApp } from './helpers/app';

/**
 * Uploads made before migration 0025 have their files in DATA_DIR/media: at the next start they
 * move into the database, once, and are served from there as before.
 */
let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx?.close());

/** An upload as Tidings recorded it before 0025: its row, and its file under `dir`. */
async function oldUpload(dir: string, name: string, content: Buffer | null, mimeType: string) {
  await ctx.db.insert(media).values({
    storageName: name,
    originalName: `old ${name}`,
    mimeType,
    type: mimeType.startsWith('video') ? 'video' : 'image',
    size: content?.length ?? 10,
    durationMs: mimeType.startsWith('video') ? 5000 : null,
  });
  if (content) await writeFile(path.join(dir, name), content);
}

describe('the files of uploads made before the database held them', () => {
  it('move in at start, are served as before, and leave behind only what no upload names', async () => {
    const dir = path.join(ctx.app.config.dataDir, 'media');
    await mkdir(dir, { recursive: true });
    const image = png({ size: 1500 });
    const video = mp4({ seconds: 5, size: 4096 });
    await oldUpload(dir, 'AAAAAAAAAAAAAAAAAAAAAA.png', image, 'image/png');
    await oldUpload(dir, 'BBBBBBBBBBBBBBBBBBBBBB.mp4', video, 'video/mp4');
    // A row whose file is gone, and a file no row names (an upload that failed half-way).
    await oldUpload(dir, 'CCCCCCCCCCCCCCCCCCCCCC.gif', null, 'image/gif');
    await writeFile(path.join(dir, 'DDDDDDDDDDDDDDDDDDDDDD.gif'), gif());
    const warnings: string[] = [];
    const log = {
      ...ctx.app.log,
      warn: (_: unknown, text: string) => warnings.push(text),
      info: () => undefined,
    };

    expect(await moveDiskMediaIn(ctx.db, dir, log as never)).toBe(2);

    expect(await readdir(dir)).toEqual(['DDDDDDDDDDDDDDDDDDDDDD.gif']);
    expect(warnings).toEqual([
      'files in the media folder that no upload names were left',
      'uploads whose files were neither in the database nor in the media folder answer 404',
    ]);
    const served = await ctx.app.inject({ url: '/media/AAAAAAAAAAAAAAAAAAAAAA.png' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
    const range = await ctx.app.inject({
      url: '/media/BBBBBBBBBBBBBBBBBBBBBB.mp4',
      headers: { range: 'bytes=100-199' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    expect((await ctx.app.inject({ url: '/media/CCCCCCCCCCCCCCCCCCCCCC.gif' })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ url: '/media/DDDDDDDDDDDDDDDDDDDDDD.gif' })).statusCode).toBe(
      404,
    );

    // Once: nothing moves again, and the bytes are stored once.
    expect(await moveDiskMediaIn(ctx.db, dir, log as never)).toBe(0);
    expect((await ctx.db.select({ n: count() }).from(mediaContents))[0]!.n).toBe(2);
  });

  it('remove the folder once every file in it has moved in', async () => {
    const dir = path.join(ctx.app.config.dataDir, 'media-only-uploads');
    await mkdir(dir, { recursive: true });
    await oldUpload(dir, 'EEEEEEEEEEEEEEEEEEEEEE.png', png(), 'image/png');
    expect(await moveDiskMediaIn(ctx.db, dir, ctx.app.log)).toBe(1);
    expect(existsSync(dir)).toBe(false);
    expect(await moveDiskMediaIn(ctx.db, dir, ctx.app.log)).toBe(0);
  });
});
