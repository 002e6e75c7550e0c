import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerToExit, startServer } from '../helpers/server';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';

/**
 * The server as `npm start` runs it: it starts on this run's database and exits cleanly on
 * SIGTERM. Its refusals of bad configuration are in startup-config.test.ts.
 */
describe(`running on ${TEST_DB}`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    // The server process opens the database itself.
    await testDb.database.close();
  });
  afterAll(() => testDb.dispose());

  const serverEnv = (): Record<string, string> => ({
    DATA_DIR: testDb.dataDir,
    ...(TEST_DB === 'postgres' ? { DATABASE_URL: testDb.url! } : {}),
  });

  it('starts, prints the first admin once, answers, and shuts down cleanly on SIGTERM', async () => {
    const first = await startServer(serverEnv());
    expect(first.output()).toContain('Tidings created its first admin account.');
    expect(first.output()).toMatch(/Email: +admin@tidings\.local/);
    const password = /Password: +(\S+)/.exec(first.output())?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tidings.local', password }),
    });
    expect(login.status).toBe(200);
    expect(await first.stop()).toBe(0);

    // A second start on the same database creates no admin and prints no password.
    const second = await startServer(serverEnv());
    expect(second.output()).not.toContain('first admin');
    expect(second.output()).not.toContain(password);
    expect(await second.stop()).toBe(0);
  });

  it('shuts down on SIGTERM while clients hold connections, and answers the request under way', async () => {
    const server = await startServer(serverEnv());
    const port = Number(new URL(server.url).port);
    const connect = async () => {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      return socket;
    };
    // A connection a browser opens ahead of a request it has not sent.
    const ahead = await connect();
    // A sign-in whose body is still on its way: the server has its headers (100 Continue).
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'not the password' });
    const signIn = await connect();
    let answer = '';
    signIn.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const continued = new Promise<void>((resolve) =>
      signIn.on('data', () => answer.includes('100 Continue') && resolve()),
    );
    signIn.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: tidings\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await continued;

    const closed = Promise.all([once(signIn, 'close'), once(ahead, 'close')]);
    const stopped = server.stop();
    // Once the server takes no new connection, the rest of the body.
    for (;;) {
      const refused = await connect().then(
        (socket) => void socket.destroy(),
        () => true,
      );
      if (refused) break;
    }
    // Not end(): a client that stops sending has given up on its answer.
    signIn.write(body);
    // Exit 1 would be the grace period running out with a connection still open.
    expect(await stopped).toBe(0);
    // Both were closed by the server.
    await closed;
    expect(answer).toMatch(/\r\n\r\nHTTP\/1\.1 401 /);
    expect(answer).toContain('"error"');
  });

  // Only the embedded database is tied to one process.
  if (TEST_DB === 'pglite') {
    it('refuses to open an embedded database another process holds', async () => {
      const running = await startServer(serverEnv());
      const lockFile = path.join(testDb.dataDir, 'tidings.pid');
      expect(existsSync(lockFile)).toBe(true);
      const holder = (await readFile(lockFile, 'utf8')).trim();
      const second = await runServerToExit(serverEnv());
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`is in use by another Tidings process (pid ${holder})`);
      expect(await running.stop()).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    });
  }
});
