import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerToExit } from '../helpers/server';

/**
 * The server as `npm start` runs it refuses bad configuration with one line naming the variable,
 * before it opens any database (so this runs in the PGlite layer only: EMBEDDED_ONLY).
 */
describe('starting the server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-startup-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.each([
    [
      'PORT',
      'abc',
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")',
    ],
    [
      'PORT',
      '70000',
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "70000")',
    ],
    [
      'DATABASE_URL',
      'mysql://root:hunter2@db/tidings',
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
    ],
    [
      'LOG_LEVEL',
      'loud',
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
  ])('stops on a bad %s with one line naming it', async (name, value, expected) => {
    const result = await runServerToExit({ DATA_DIR: dataDir, [name]: value });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${expected}\n`);
    expect(result.stderr).not.toContain('hunter2');
  });

  it('stops with a message naming DATABASE_URL when that database cannot be reached', async () => {
    const result = await runServerToExit({
      DATABASE_URL: 'postgres://tidings:hunter2@127.0.0.1:1/tidings',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^Tidings could not start: Cannot connect to DATABASE_URL \(postgres:\/\/tidings:\*\*\*@127\.0\.0\.1:1\/tidings\): ECONNREFUSED/,
    );
    expect(result.stderr).not.toContain('hunter2');
  });
});
