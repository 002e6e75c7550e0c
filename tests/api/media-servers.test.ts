import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { media } from '../../src/server/db/schema';
import { mp4, png } from '../helpers/media-files';
import { startServer, type RunningServer } from '../helpers/server';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * Two Tidings servers on one PostgreSQL, as behind a load balancer: a file uploaded to one is
 * served by the other, whole and by ranges, and a file that the first had on its own disk from
 * before migration 0025 moves into the database at its start and is served by both. PostgreSQL
 * only (POSTGRES_ONLY in vite.config.ts): the embedded database is one process's.
 */
const ADMIN = { ADMIN_EMAIL: 'media@example.org', ADMIN_PASSWORD: 'media-pass-1' };
const OLD_NAME = 'OldUploadOnDiskAAAAAAA.png';

let testDb: TestDatabase;
let first: RunningServer;
let second: RunningServer;
const dirs: string[] = [];
const oldImage = png({ size: 1200 });

beforeAll(async () => {
  testDb = await createTestDatabase();
  const [dirA, dirB] = await Promise.all(
    [0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'tidings-media-servers-'))),
  );
  dirs.push(dirA!, dirB!);
  await testDb.database.db.insert(media).values({
    storageName: OLD_NAME,
    originalName: 'old.png',
    mimeType: 'image/png',
    type: 'image',
    size: oldImage.length,
  });
  await mkdir(path.join(dirA!, 'media'));
  await writeFile(path.join(dirA!, 'media', OLD_NAME), oldImage);
  const env = { DATABASE_URL: testDb.url!, ...ADMIN };
  first = await startServer({ ...env, DATA_DIR: dirA! });
  second = await startServer({ ...env, DATA_DIR: dirB!, DISPATCHER: 'off' });
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await testDb?.dispose();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

it('serves a file uploaded to one server from the other, and the first one’s older files too', async () => {
  const login = await fetch(`${first.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const video = mp4({ seconds: 5, size: 8192 });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(video)]), 'clip.mp4');
  const uploaded = await fetch(`${first.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };

  const whole = await fetch(`${second.url}${url}`);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('video/mp4');
  expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
  const part = await fetch(`${second.url}${url}`, { headers: { range: 'bytes=1000-1999' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
  // The same file, the same validators, whichever server answers.
  const again = await fetch(`${first.url}${url}`, {
    headers: { 'if-none-match': whole.headers.get('etag')! },
  });
  expect(again.status).toBe(304);

  for (const server of [first, second]) {
    const old = await fetch(`${server.url}/media/${OLD_NAME}`);
    expect(old.status).toBe(200);
    expect(Buffer.from(await old.arrayBuffer()).equals(oldImage)).toBe(true);
  }
  expect(existsSync(path.join(dirs[0]!, 'media'))).toBe(false);
});
