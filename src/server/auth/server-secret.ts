import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta } from '../db/schema';

const KEY = 'device_cookie_key';

/** Each database's key, read once per process. */
const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadOrCreate(db: Db): Promise<Buffer> {
  // The first process to need it creates it; one that races it finds the winner's on reading.
  await db
    .insert(appMeta)
    .values({ key: KEY, value: { key: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  return Buffer.from((row!.value as { key: string }).key, 'base64url');
}

/**
 * The key that signs device cookies: 256 random bits made once per database and kept in it
 * (app_meta), so every server process on the database signs and checks with the same key, and
 * none is written in the code or the configuration. Whoever can read the database can forge a
 * device cookie, which only lets them count their guesses in a bucket of their own: it never
 * signs anyone in.
 */
export function deviceCookieKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadOrCreate(db);
    // A failed read is not remembered: the next sign-in tries again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}
