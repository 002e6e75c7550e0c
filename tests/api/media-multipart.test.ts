import { existsSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, mediaContents } from '../../src/server/db/schema';
import { serverTexts } from '../../src/server/texts';
import { png } from '../helpers/media-files';
import { startServer, type RunningServer } from '../helpers/server';
import { multipartForm, startSignedInApp, type FormPart } from './helpers/app';

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
  expect(response.json()).toEqual({ error: serverTexts.media.malformed });
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
    expect(response.json()).toEqual({ error: serverTexts.media.oneFileOnly });
  });

  it('is followed by a good upload that works', async () => {
    const response = await upload(Buffer.concat([head(), png(), tail]));
    expect(response.statusCode).toBe(201);
  });
});

/** A second file of 5 MB, far past every size accepted: it must be read, not stored. */
const FIVE_MB = Buffer.alloc(5 * 1024 * 1024, 0x61);

describe('a form with more than one part', () => {
  const photo: FormPart = { field: 'file', filename: 'photo.png', content: png() };

  it.each<[string, FormPart[]]>([
    ['a file and another file', [photo, { ...photo, filename: 'second.png' }]],
    ['a file and a text field', [photo, { field: 'note', value: 'hi' }]],
    ['a text field and a file', [{ field: 'note', value: 'hi' }, photo]],
    ['a file and a 5 MB file', [photo, { field: 'file', filename: 'big.png', content: FIVE_MB }]],
  ])('is refused whole: %s', async (_case, parts) => {
    const storedBefore = (await ctx.db.select({ n: count() }).from(media))[0]!.n;
    const contentsBefore = (await ctx.db.select({ n: count() }).from(mediaContents))[0]!.n;
    const form = await multipartForm(parts);
    const response = await upload(form.payload, form.headers['content-type']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: serverTexts.media.oneFileOnly });
    // Nothing stored, neither the file's details nor its bytes.
    expect((await ctx.db.select({ n: count() }).from(media))[0]!.n).toBe(storedBefore);
    expect((await ctx.db.select({ n: count() }).from(mediaContents))[0]!.n).toBe(contentsBefore);
  });
});

describe('uploads on a real connection', () => {
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
    // The good upload is served; nothing is ever written to disk beside the database.
    const served = await fetch(`${server.url}${(await after.json()).url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect(existsSync(`${server.dataDir}/media`)).toBe(false);
    // A client hanging up is no server error: nothing is logged as one.
    expect(server.output()).not.toContain('request failed');
  });

  it('answers a file followed by a 5 MB file with a 400 once it has read the form to its end', async () => {
    const form = await multipartForm([
      { field: 'file', filename: 'photo.png', content: png() },
      { field: 'file', filename: 'big.png', content: FIVE_MB },
    ]);
    // One connection, kept open: the next request can only be answered on it if the server read
    // the refused form to its end rather than hanging up or leaving its rest unread.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: Buffer, contentType: string) =>
      new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
        const request = httpRequest(`${server.url}/api/media`, {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': contentType,
            'content-length': String(body.length),
          },
        });
        request.on('error', reject);
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              body: Buffer.concat(chunks).toString(),
              reused: request.reusedSocket,
            }),
          );
        });
        request.end(body);
      });
    try {
      const refused = await post(form.payload, form.headers['content-type']);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({ error: serverTexts.media.oneFileOnly });
      expect(existsSync(`${server.dataDir}/media`)).toBe(false);
      const good = await multipartForm([{ field: 'file', filename: 'next.png', content: png() }]);
      const next = await post(good.payload, good.headers['content-type']);
      expect(next.status).toBe(201);
      expect(next.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
