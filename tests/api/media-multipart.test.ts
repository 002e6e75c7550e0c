import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { png } from '../helpers/media-files';
import { startServer, type RunningServer } from '../helpers/server';
import { startSignedInApp } from './helpers/app';

/**
 * Multipart bodies that are not well-formed are the client's fault: 400 with a message saying
 * so, nothing stored, and the server answering the next request as before. They once gave 500.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
beforeAll(async () => {
  ctx = await startSignedInApp();
});
afterAll(() => ctx.close());

const BOUNDARY = 'tidingsboundary';
const head = (filename = 'photo.png') =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function upload(
  payload: Buffer | string,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { ...ctx.auth, 'content-type': contentType },
  });
}

async function expectMalformed(response: Awaited<ReturnType<typeof upload>>) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: messages.media.malformed });
  expect(await ctx.db.select().from(media)).toEqual([]);
}

describe('a malformed multipart upload', () => {
  it('without a boundary', async () => {
    await expectMalformed(
      await upload(Buffer.concat([head(), png(), tail]), 'multipart/form-data'),
    );
  });

  it('with a garbage part', async () => {
    await expectMalformed(await upload('garbage, and no boundary anywhere'));
  });

  it('with a boundary longer than multipart allows', async () => {
    await expectMalformed(
      await upload(
        Buffer.concat([head(), png(), tail]),
        `multipart/form-data; boundary=${'b'.repeat(200)}`,
      ),
    );
  });

  it('that ends before its closing boundary', async () => {
    const image = png();
    await expectMalformed(await upload(Buffer.concat([head(), image.subarray(0, 40)])));
  });

  it('with a text field beside the file', async () => {
    const field = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n`;
    const response = await upload(Buffer.concat([Buffer.from(field), head(), png(), tail]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.media.oneFileOnly });
  });

  it('is followed by a good upload that works', async () => {
    const response = await upload(Buffer.concat([head(), png(), tail]));
    expect(response.statusCode).toBe(201);
  });
});

describe('an upload cut off on a real connection', () => {
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({
      ADMIN_EMAIL: 'admin@tidings.local',
      ADMIN_PASSWORD: 'secret-pass-1',
    });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tidings.local', password: 'secret-pass-1' }),
    });
    token = (await login.json()).token;
  }, 90_000);
  afterAll(() => server.stop());

  it('leaves the server up, storing nothing, and the next request is answered', async () => {
    const image = png();
    const body = Buffer.concat([head(), image, tail]);
    // Announce the whole body, send half of it, then drop the connection.
    await new Promise<void>((resolve) => {
      const request = httpRequest(`${server.url}/api/media`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(body.subarray(0, head().length + 40), () => {
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 200);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const good = new FormData();
    good.append('file', new Blob([new Uint8Array(image)]), 'after.png');
    const after = await fetch(`${server.url}/api/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: good,
    });
    expect(after.status).toBe(201);
    // Only the good upload is on disk: nothing half-written stayed behind.
    const files = await readdir(`${server.dataDir}/media`);
    expect(files).toEqual([(await after.json()).url.replace('/media/', '')]);
    // A client hanging up is no server error: nothing is logged as one.
    expect(server.output()).not.toContain('request failed');
  });
});
