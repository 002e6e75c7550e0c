import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { deviceCookieKey } from './server-secret';

/**
 * The device cookie (OWASP's answer to lockout by strangers): a browser that signed in to an
 * account gets a signed cookie naming the account (by id) and the browser (a random id), with an
 * expiry. Sign-in attempts that carry one for the account they aim at are counted per browser,
 * apart from the account's and the client address's counts (see login-throttle.ts), so others'
 * failures cannot lock the owner out of a browser they signed in from.
 *
 * It is HttpOnly (no script reads it), SameSite=Strict, Secure over https, and sent to the sign-in
 * route only. It is no credential: a sign-in still needs the password.
 */
export const DEVICE_COOKIE = {
  name: 'tidings_device',
  path: '/api/auth/login',
  /** Renewed by every successful sign-in; a browser unused this long is a stranger again. */
  lifetimeMs: 30 * 24 * 60 * 60 * 1000,
} as const;

const VERSION = 'v1';
/** Far longer than any cookie Tidings makes; a longer value is not read at all. */
const MAX_VALUE_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export interface KnownDevice {
  userId: string;
  deviceId: string;
}

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** The value of the cookie named `name` in a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The browser and account a request's device cookie names, or null when it has none, or one that
 * is malformed, expired or not signed with this database's key.
 */
export async function readDeviceCookie(
  db: Db,
  cookieHeader: string | undefined,
  now = new Date(),
): Promise<KnownDevice | null> {
  const value = cookieValue(cookieHeader, DEVICE_COOKIE.name);
  if (!value || value.length > MAX_VALUE_LENGTH) return null;
  const [version, userId, deviceId, expires, signature] = value.split('.');
  if (version !== VERSION || !userId || !deviceId || !expires || !signature) return null;
  if (!UUID.test(userId) || !DEVICE_ID.test(deviceId) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(
    mac(await deviceCookieKey(db), [version, userId, deviceId, expires].join('.')),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { userId, deviceId };
}

/**
 * The Set-Cookie header for a browser that has just signed in to `userId`: the same browser id
 * when it was already known for the account, a new one otherwise, and a fresh expiry.
 */
export async function deviceCookieHeader(
  db: Db,
  userId: string,
  options: { deviceId?: string; secure: boolean; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const deviceId = options.deviceId ?? randomBytes(16).toString('base64url');
  const expires = Math.floor((now.getTime() + DEVICE_COOKIE.lifetimeMs) / 1000);
  const payload = [VERSION, userId, deviceId, expires].join('.');
  const value = `${payload}.${mac(await deviceCookieKey(db), payload)}`;
  return [
    `${DEVICE_COOKIE.name}=${value}`,
    `Max-Age=${DEVICE_COOKIE.lifetimeMs / 1000}`,
    `Path=${DEVICE_COOKIE.path}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
