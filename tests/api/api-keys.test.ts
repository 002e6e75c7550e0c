import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../src/server/auth/login-throttle';
import { apiKeys, users } from '../../src/server/db/schema';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import {
  bearer,
  createUser,
  loginAs,
  loginRequest,
  startTestApp,
  type TestContext,
} from './helpers/app';

const t = messages.apiKeys;
const SECRET = /^tid_[A-Za-z0-9_-]{43}$/;

let ctx: TestContext;
let admin: { id: string; email: string; auth: Record<string, string> };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signedIn('admin', 'Ada');
});
afterAll(() => ctx.close());

/** Each test's requests come from an address of their own, so no test meets another's limit. */
let addressCounter = 0;
const nextAddress = () => `10.29.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function signedIn(role: 'admin' | 'host', firstName: string, app = ctx) {
  const { user, password } = await createUser(app.db, { role, firstName, lastName: 'Staff' });
  const token = await loginAs(app.app, user.email, password!);
  return { id: user.id, email: user.email, auth: bearer(token) };
}

async function createKey(
  payload: Record<string, unknown>,
  auth = admin.auth,
  app = ctx,
): Promise<{ id: string; secret: string; body: Record<string, unknown> }> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: auth,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { id: body.apiKey.id, secret: body.secret, body };
}

const withKey = (
  secret: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  remoteAddress = '10.29.255.1',
  app = ctx,
) => app.app.inject({ method, url, headers: bearer(secret), payload, remoteAddress });

const listKeys = async () => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/api-keys?page=1&perPage=100',
    headers: admin.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { apiKeys: Record<string, unknown>[]; total: number };
};

const newHost = (suffix: string) => ({
  email: `key.host.${suffix}@example.org`,
  firstName: 'Kay',
  lastName: 'Host',
  role: 'host',
  status: 'active',
  password: 'a host password 1',
});

describe('API keys', () => {
  it('shows the secret once, stores only its hash, and lists the key without it', async () => {
    const { id, secret, body } = await createKey({ name: 'CRM sync', role: 'host' });
    expect(secret).toMatch(SECRET);
    expect(body.apiKey).toMatchObject({
      id,
      name: 'CRM sync',
      role: 'host',
      status: 'active',
      secretStart: secret.slice(0, 8),
      createdBy: { id: admin.id, fullName: 'Ada Staff' },
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      lastUsedIp: null,
    });
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(4));
    const listed = (await listKeys()).apiKeys.find((key) => key.id === id);
    expect(listed).toEqual(body.apiKey);
    expect(JSON.stringify(await listKeys())).not.toContain(secret.slice(4));
  });

  it('works where a session token works, as its creator, and records its last use', async () => {
    const { id, secret } = await createKey({ name: 'Warehouse', role: 'admin' });
    const address = nextAddress();
    const contacts = await withKey(
      secret,
      'GET',
      '/api/contacts?page=1&perPage=5',
      undefined,
      address,
    );
    expect(contacts.statusCode, contacts.body).toBe(200);
    // A host created through the key is created by its admin.
    const created = await withKey(secret, 'POST', '/api/contacts', newHost('warehouse'), address);
    expect(created.statusCode, created.body).toBe(201);
    const listed = (await listKeys()).apiKeys.find((key) => key.id === id)!;
    expect(listed.lastUsedIp).toBe(address);
    expect(Date.now() - Date.parse(listed.lastUsedAt as string)).toBeLessThan(60_000);
  });

  it('can do what its role can and no more: a host key of an admin is a host', async () => {
    const { secret } = await createKey({ name: 'Host script', role: 'host' });
    const refused = await withKey(secret, 'POST', '/api/contacts', newHost('refused'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.contacts.permissions.staffByAdminsOnly);
    const participant = await withKey(secret, 'POST', '/api/contacts', {
      email: 'key.participant@example.org',
      firstName: 'Pat',
      lastName: 'Key',
      role: 'participant',
      status: 'active',
    });
    expect(participant.statusCode, participant.body).toBe(201);
  });

  it('cannot use the routes of a person or make keys: those need a console session', async () => {
    const { secret } = await createKey({ name: 'No self-service', role: 'admin' });
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['GET', '/api/profile/sessions'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/api-keys'],
    ] as const) {
      const response = await withKey(secret, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe(t.sessionOnly);
    }
    const minted = await withKey(secret, 'POST', '/api/api-keys', { name: 'Child', role: 'admin' });
    expect(minted.statusCode).toBe(403);
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.name, 'Child'))).toEqual([]);
  });

  it('is made and revoked by admins only', async () => {
    const host = await signedIn('host', 'Hal');
    for (const request of [
      { method: 'POST' as const, url: '/api/api-keys', payload: { name: 'Mine', role: 'host' } },
      { method: 'GET' as const, url: '/api/api-keys' },
      { method: 'DELETE' as const, url: `/api/api-keys/${admin.id}` },
    ]) {
      const response = await ctx.app.inject({ ...request, headers: host.auth });
      expect(response.statusCode, request.url).toBe(403);
      expect(response.json().error).toBe(t.adminsOnly);
    }
  });

  it('refuses a name, role or expiry it cannot take, next to the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ role: 'host' }, 'name', t.nameRequired],
      [{ name: '   ', role: 'host' }, 'name', t.nameRequired],
      [{ name: 'x'.repeat(101), role: 'host' }, 'name', formatMessage(t.nameTooLong, { max: 100 })],
      [{ name: 'Key', role: 'participant' }, 'role', t.roleInvalid],
      [{ name: 'Key', role: 'host', expiresAt: 'next week' }, 'expiresAt', t.expiresAtInvalid],
      [
        { name: 'Key', role: 'host', expiresAt: '2020-01-01T00:00:00Z' },
        'expiresAt',
        t.expiresAtPast,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: admin.auth,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toContainEqual({ field, message });
    }
  });

  it('stops working once it expires, and the list says so', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const { id, secret, body } = await createKey({ name: 'Short-lived', role: 'host', expiresAt });
    expect(body.apiKey).toMatchObject({ expiresAt });
    expect((await withKey(secret, 'GET', '/api/pods?page=1')).statusCode).toBe(200);
    // An hour on: the key's expiry has passed.
    await ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    const refused = await withKey(secret, 'GET', '/api/pods?page=1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(t.keyExpired);
    expect((await listKeys()).apiKeys.find((key) => key.id === id)).toMatchObject({
      status: 'expired',
    });
  });

  it('stops working at once when revoked; revoking again changes nothing', async () => {
    const { id, secret } = await createKey({ name: 'Revoked soon', role: 'admin' });
    expect((await withKey(secret, 'GET', '/api/pods?page=1')).statusCode).toBe(200);
    const revoke = () =>
      ctx.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: admin.auth });
    const first = await revoke();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().apiKey).toMatchObject({ id, status: 'revoked' });
    const refused = await withKey(secret, 'GET', '/api/pods?page=1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(t.keyRevoked);
    const again = await revoke();
    expect(again.json().apiKey.revokedAt).toBe(first.json().apiKey.revokedAt);
    const unknown = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/api-keys/00000000-0000-4000-8000-000000000000',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(t.notFound);
  });

  it("follows its creator: none while they cannot sign in, a host's rights once they are a host", async () => {
    const creator = await signedIn('admin', 'Cid');
    const { secret } = await createKey({ name: 'Cid script', role: 'admin' }, creator.auth);
    await ctx.db.update(users).set({ role: 'host' }).where(eq(users.id, creator.id));
    const asHost = await withKey(secret, 'POST', '/api/contacts', newHost('cid'));
    expect(asHost.statusCode).toBe(403);
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, creator.id));
    const barred = await withKey(secret, 'GET', '/api/pods?page=1');
    expect(barred.statusCode).toBe(401);
    expect(barred.json().error).toBe(t.creatorBarred);
  });
});

describe('API key limits', () => {
  let limited: TestContext;
  let limitedAdmin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    limited = await startTestApp({ API_KEY_REQUESTS_PER_MINUTE: '3' });
    limitedAdmin = await signedIn('admin', 'Lim', limited);
  });
  afterAll(() => limited.close());

  it('answers a key past its requests a minute 429 with Retry-After; other keys go on', async () => {
    const { secret } = await createKey({ name: 'Busy', role: 'host' }, limitedAdmin.auth, limited);
    const { secret: other } = await createKey(
      { name: 'Quiet', role: 'host' },
      limitedAdmin.auth,
      limited,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await withKey(
        secret,
        'GET',
        '/api/pods?page=1',
        undefined,
        undefined,
        limited,
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(response.json().error).toMatch(
          /^Too many requests with this API key: at most 3 a minute\./,
        );
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(
      (await withKey(other, 'GET', '/api/pods?page=1', undefined, undefined, limited)).statusCode,
    ).toBe(200);
  });

  it('counts a wrong key against its address, as a wrong sign-in, and a revoked one not', async () => {
    const address = nextAddress();
    const { id, secret } = await createKey(
      { name: 'Forgotten', role: 'host' },
      limitedAdmin.auth,
      limited,
    );
    await limited.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${id}`,
      headers: limitedAdmin.auth,
    });
    // A forgotten script with a revoked key: refused with its reason, and counted nowhere.
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAddress + 5; i++) {
      const response = await withKey(
        secret,
        'GET',
        '/api/pods?page=1',
        undefined,
        address,
        limited,
      );
      expect(response.statusCode).toBe(401);
    }
    const guesses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAddress + 1; i++) {
      const guess = `tid_${Buffer.alloc(32, i).toString('base64url')}`;
      const response = await withKey(guess, 'GET', '/api/pods?page=1', undefined, address, limited);
      guesses.push(response.statusCode);
      if (response.statusCode === 401) expect(response.json().error).toBe(t.unknown);
    }
    expect(guesses).toEqual([...Array(LOGIN_THROTTLE.maxPerAddress).fill(401), 429]);
    // The address's sign-ins share the count.
    const signIn = await loginRequest(limited.app, limitedAdmin.email, 'whatever', address);
    expect(signIn.statusCode).toBe(429);
    const [counted] = (
      (await limited.db.execute(
        sql`select count(*)::int as n from login_failures where key = ${`ip:${address}`}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(counted!.n).toBe(LOGIN_THROTTLE.maxPerAddress);
  });
});
