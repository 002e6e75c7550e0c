import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/admin/providers/authProvider';
import { session } from '../../src/admin/providers/session';
import { TIMINGS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { apiUser, fakeApi, jsonResponse, STORED_TOKEN, storeSession } from './helpers';

const clock = (start = 1_000_000_000_000) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('authProvider.login', () => {
  it('stores the token and user the server returns', async () => {
    const user = apiUser({ firstName: 'Grace' });
    const api = fakeApi({
      'POST /api/auth/login': () => jsonResponse(200, { user, token: 'abc' }),
    });
    await createAuthProvider().login({ email: 'grace@example.org', password: 'pw' });
    expect(session.getToken()).toBe('abc');
    expect(session.getUser()).toEqual(user);
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({
      email: 'grace@example.org',
      password: 'pw',
    });
  });

  it("shows the server's error text", async () => {
    fakeApi({
      'POST /api/auth/login': () => jsonResponse(401, { error: 'Invalid email or password' }),
    });
    await expect(createAuthProvider().login({ email: 'a@b.co', password: 'x' })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(session.getToken()).toBeNull();
  });

  it('falls back to the spec text when the server gives none, or cannot be reached', async () => {
    fakeApi({ 'POST /api/auth/login': () => new Response('oops', { status: 502 }) });
    await expect(createAuthProvider().login({ email: 'a@b.co', password: 'x' })).rejects.toThrow(
      messages.login.error,
    );
    fakeApi({});
    await expect(createAuthProvider().login({ email: 'a@b.co', password: 'x' })).rejects.toThrow(
      messages.login.error,
    );
  });
});

describe('authProvider.checkAuth', () => {
  it('rejects without a stored token, sending the user to /login', async () => {
    await expect(createAuthProvider().checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login',
    });
  });

  it('verifies a stored token once per page load and refreshes the stored user', async () => {
    storeSession(apiUser({ firstName: 'Old' }));
    const api = fakeApi({
      'GET /api/auth/verify': () =>
        jsonResponse(200, { valid: true, user: apiUser({ firstName: 'New' }) }),
    });
    const auth = createAuthProvider();
    await auth.checkAuth({});
    await auth.checkAuth({});
    expect(api).toHaveBeenCalledTimes(1);
    expect(new Headers(api.mock.calls[0]![1]!.headers).get('Authorization')).toBe(
      `Bearer ${STORED_TOKEN}`,
    );
    expect(session.getUser()!.profile.firstName).toBe('New');
  });

  it.each([
    ['the server says the token is invalid', () => jsonResponse(200, { valid: false })],
    ['the server answers 401', () => jsonResponse(401, { valid: false, error: 'expired' })],
    ['the server answers 403', () => jsonResponse(403, { error: 'forbidden' })],
  ])('clears the session when %s', async (_case, answer) => {
    storeSession();
    fakeApi({ 'GET /api/auth/verify': answer });
    await expect(createAuthProvider().checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login',
    });
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
  });

  it.each([
    ['the network fails', {}],
    [
      'the server fails',
      { 'GET /api/auth/verify': () => jsonResponse(500, { error: 'Internal server error' }) },
    ],
  ])('keeps the user signed in when %s', async (_case, routes) => {
    storeSession();
    fakeApi(routes);
    await expect(createAuthProvider().checkAuth({})).resolves.toBeUndefined();
    expect(session.getToken()).toBe(STORED_TOKEN);
  });

  it('re-verifies only when the last check is older than 30 minutes', async () => {
    const time = clock();
    storeSession(apiUser(), time.now());
    const api = fakeApi({
      'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: apiUser() }),
    });
    const auth = createAuthProvider({ now: time.now });
    await auth.checkAuth({});
    expect(api).toHaveBeenCalledTimes(1);
    time.advance(TIMINGS.sessionRecheckMs - 1);
    await auth.checkAuth({});
    expect(api).toHaveBeenCalledTimes(1);
    time.advance(1);
    await auth.checkAuth({});
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('makes one verify call when several checks run at once', async () => {
    storeSession();
    const api = fakeApi({
      'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: apiUser() }),
    });
    const auth = createAuthProvider();
    await Promise.all([auth.checkAuth({}), auth.checkAuth({}), auth.checkAuth({})]);
    expect(api).toHaveBeenCalledTimes(1);
  });
});

describe('authProvider.checkError', () => {
  it('signs out on 401', async () => {
    storeSession();
    await expect(createAuthProvider().checkError({ status: 401 })).rejects.toMatchObject({
      redirectTo: '/login',
    });
    expect(session.getToken()).toBeNull();
  });

  it('keeps the session on 403 (a role refusal) and on other errors', async () => {
    storeSession();
    const auth = createAuthProvider();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(session.getToken()).toBe(STORED_TOKEN);
  });
});

describe('authProvider.logout', () => {
  it('revokes the session on the server, then clears storage and cookies', async () => {
    storeSession();
    document.cookie = 'leftover=1; path=/';
    localStorage.setItem('RaStore.contacts.listParams', '{"filter":{"q":"maria"}}');
    const api = fakeApi({ 'POST /api/auth/logout': () => jsonResponse(200, { success: true }) });
    await expect(createAuthProvider().logout({})).resolves.toBe('/login');
    expect(new Headers(api.mock.calls[0]![1]!.headers).get('Authorization')).toBe(
      `Bearer ${STORED_TOKEN}`,
    );
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    storeSession();
    fakeApi({});
    await createAuthProvider().logout({});
    expect(session.getToken()).toBeNull();
  });
});

describe('authProvider.getIdentity', () => {
  it('comes from the stored user', async () => {
    storeSession(apiUser({ firstName: 'Ada' }));
    await expect(createAuthProvider().getIdentity!()).resolves.toMatchObject({
      id: 'u1',
      fullName: 'Ada Lovelace',
      firstName: 'Ada',
      role: 'admin',
    });
  });
});
