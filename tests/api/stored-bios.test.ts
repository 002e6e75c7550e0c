import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../helpers/server';
import { createUser } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * Bios stored as text before every bio was made safe (in the plain-text field of the versions
 * before the editor, or kept as sent by the API) are made safe when the server starts, reading as
 * they were written; safe bios and the rows' update times are left as they are.
 */

const ADMIN = { email: 'bios.admin@tidings.local', password: 'bios-admin-password-1' };

/** Bios as older versions stored them, and as they must read after a start. */
const BIOS = [
  ['<svg/onload=alert(1)>', '<p>&lt;svg/onload=alert(1)&gt;</p>'],
  [
    'x<y onmouseover=alert(1) \nsecond line',
    '<p>x&lt;y onmouseover=alert(1) <br />second line</p>',
  ],
  [
    '<b>Hi</b><img src=x onerror=alert(1)><script>alert(1)</script>',
    '<p>&lt;b&gt;Hi&lt;/b&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  ],
  // Typed before the editor: it must not turn bold, nor lose its `&` and `<`.
  ['Likes <b>bold</b> & a < b', '<p>Likes &lt;b&gt;bold&lt;/b&gt; &amp; a &lt; b</p>'],
  ['Likes tea\n\na < b & I <3 walks', 'Likes tea\n\na < b & I <3 walks'],
  ['<p><strong>Bold</strong> notes</p>', '<p><strong>Bold</strong> notes</p>'],
  ['', ''],
] as const;

let testDb: TestDatabase;
let server: RunningServer | undefined;
const ids: string[] = [];
const emails: string[] = [];
const UPDATED_AT = new Date('2026-01-02T03:04:05.000Z');

/** The test's database opened again once the server has let go of it. */
const reopen = (): Promise<Database> =>
  testDb.url
    ? openPostgres(testDb.url, { poolSize: 2 })
    : openPglite(path.join(testDb.dataDir, 'db'), testDb.dataDir);

beforeAll(async () => {
  testDb = await createTestDatabase();
  for (const [bio] of BIOS) {
    const { user } = await createUser(testDb.database.db, {
      role: 'participant',
      bio,
      updatedAt: UPDATED_AT,
    });
    ids.push(user.id);
    emails.push(user.email);
  }
  await testDb.database.close();
  server = await startServer({
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    DATA_DIR: testDb.dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await testDb?.dispose();
});

describe('bios stored before, at the next start', () => {
  it('are made safe, reading as they were written; safe ones are left alone', async () => {
    const login = await fetch(`${server!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const bios = [];
    for (const id of ids) {
      const response = await fetch(`${server!.url}/api/contacts/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      bios.push(((await response.json()) as { contact: { profile: { bio: string } } }).contact);
    }
    expect(bios.map((contact) => contact.profile.bio)).toEqual(BIOS.map(([, safe]) => safe));

    // The export reads the bio typed before the editor as it was written.
    const typed = BIOS.findIndex(([bio]) => bio.startsWith('Likes <b>'));
    const csv = await fetch(`${server!.url}/api/contacts/export.csv?q=${emails[typed]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await csv.text()).split('\r\n')[1]).toMatch(/,Likes <b>bold<\/b> & a < b$/);
  });

  it('keeps the rows’ update times: making a bio safe is no edit', async () => {
    await server!.stop();
    server = undefined;
    const database = await reopen();
    try {
      for (const id of ids) {
        const [row] = await database.db
          .select({ updatedAt: users.updatedAt })
          .from(users)
          .where(eq(users.id, id));
        expect(row!.updatedAt).toEqual(UPDATED_AT);
      }
    } finally {
      await database.close();
    }
  });
});
