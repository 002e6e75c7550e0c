import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../src/server/app';
import { serverTexts } from '../../src/server/texts';
import { startTestApp, type TestContext } from './helpers/app';
import { captureLog } from './helpers/log';

let ctx: TestContext;
let consoleDir: string;
const log = captureLog();

beforeAll(async () => {
  // A stand-in console build, so these tests do not depend on `npm run build`.
  consoleDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-console-'));
  await mkdir(path.join(consoleDir, 'assets'));
  await writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(
    path.join(consoleDir, 'assets', 'index-abc123.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  ctx = await startTestApp({}, { logger: log.logger, config: { consoleDir } });
});

afterAll(async () => {
  await ctx.close();
  await rm(consoleDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports that the database is reachable, without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = await startTestApp();
    await broken.testDb.database.close();
    const response = await broken.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'unreachable' });
    await broken.close();
  });
});

describe('errors', () => {
  it('answers unknown API routes with 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ error: `No API route ${method} /api/no-such-thing` });
    }
  });

  it('answers malformed JSON with 400 and a clear error', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: serverTexts.server.invalidJson });
  });

  it('answers an oversized body with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: serverTexts.server.bodyTooLarge });
  });

  it('hides unexpected errors behind a 500 and logs them with the request id', async () => {
    // The database going away mid-request is the kind of failure a client must not see details of.
    const brokenLog = captureLog();
    const broken = await startTestApp({}, { logger: brokenLog.logger });
    await broken.testDb.database.close();
    const failing = await broken.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(failing.statusCode).toBe(500);
    expect(failing.json()).toEqual({ error: serverTexts.server.internal });
    const requestId = failing.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));
    const logged = brokenLog.lines.find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({
      reqId: requestId,
      err: expect.objectContaining({ message: expect.any(String) }),
    });
    await broken.app.close();
    await broken.testDb.dispose();
  });

  it('never writes bearer tokens or passwords to the log', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: 'Bearer secret-token-value-that-must-not-be-logged' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'password-that-must-not-be-logged' },
    });
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain('secret-token-value');
    expect(text).not.toContain('password-that-must-not-be-logged');
  });
});

describe('the console', () => {
  it('serves the page for console routes (SPA fallback), revalidated on each load', async () => {
    for (const url of ['/', '/login', '/dashboard', '/programs/edit/123']) {
      const response = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed copy to browsers that accept it', async () => {
    const response = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a missing file that is not a page with 404', async () => {
    const response = await ctx.app.inject({
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
