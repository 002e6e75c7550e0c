import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt and a per-user salt. The parameters are stored with each hash
 * (`scrypt$N$r$p$salt$hash`), so they can be raised later without locking anyone out.
 */
export const PASSWORD_COST_DEFAULT = 15;
/** log2 of scrypt's N for new hashes; only tests lower it (`usePasswordCost`). */
let cost = PASSWORD_COST_DEFAULT;
const params = () => ({ N: 2 ** cost, r: 8, p: 1 }) as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** scrypt needs 128 * N * r bytes; leave headroom above Node's 32 MiB default. */
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Sets the cost of new hashes for this process, from its configuration (`passwordCost`): a test
 * server signs thousands of people in, and at the full cost that is minutes of CPU. Hashes already
 * stored keep the cost they were made with.
 */
export function usePasswordCost(log2N: number): void {
  cost = log2N;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = params();
  const key = await derive(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password, checked when the email is unknown so that a wrong email takes as
 * long as a wrong password and response times do not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
