import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { App, type AppProps } from '../../src/admin/App';
import { createAuthProvider } from '../../src/admin/providers/authProvider';
import { session } from '../../src/admin/providers/session';
import type { ApiUser } from '../../src/shared/responses/users';

/** Shows the router's current path and query, so a test can assert where the console went. */
function CurrentPath() {
  const location = useLocation();
  return (
    <>
      <output data-testid="path">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

/**
 * The whole console at `path`, in a memory router, as after a fresh page load: real providers
 * (a new authProvider each time) unless replaced.
 */
export function renderConsole(
  path: string | { pathname: string; state?: unknown },
  props: AppProps = {},
) {
  const element = (
    <>
      <App authProvider={createAuthProvider()} {...props} />
      <CurrentPath />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  // As in src/admin/main.tsx: navigations are not transitions.
  return render(<RouterProvider router={router} useTransitions={false} />);
}

export function setViewportWidth(width: number) {
  window.innerWidth = width;
}

export function apiUser(overrides: Partial<ApiUser> & { firstName?: string } = {}): ApiUser {
  const { firstName = 'Ada', ...rest } = overrides;
  return {
    _id: 'u1',
    id: 'u1',
    email: 'ada@example.org',
    role: 'admin',
    status: 'active',
    fullName: `${firstName} Lovelace`.trim(),
    phone: null,
    emailVerified: true,
    smsVerified: false,
    smsOptedOutAt: null,
    profile: {
      firstName,
      lastName: 'Lovelace',
      phone: null,
      address: { street: '', city: '', state: '', zipCode: '', country: 'United States' },
      bio: '',
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLogin: null,
    loginCount: 1,
    hasCorruptedEmail: false,
    phoneNeedsAttention: false,
    ...rest,
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * What a screen asks in the background on its own, answered as a quiet server would unless a test
 * says otherwise: the contacts list polls the imports under way, every screen asks whether
 * sending is simulated (a server that really sends) and the top bar how many replies are new, and
 * the dashboard lists the new ones.
 */
const BACKGROUND_ROUTES: Record<string, Handler> = {
  'GET /api/contacts/imports': () => jsonResponse(200, { imports: [] }),
  'GET /api/simulation': () => jsonResponse(200, { sms: false, email: false }),
  'GET /api/inbound-messages': () => jsonResponse(200, { messages: [], total: 0 }),
  'GET /api/inbound-messages/counts': () => jsonResponse(200, { new: 0, mine: 0, needsReview: 0 }),
};

/**
 * Replaces `fetch` with a fake API: `routes` maps 'METHOD /path' to a handler. Unlisted calls fail
 * the way a dropped connection does (background polls aside). Returns the mock, to inspect the
 * calls made.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key] ?? BACKGROUND_ROUTES[key];
    if (!handler) throw new TypeError(`Failed to fetch (${key})`);
    return handler(init);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Stores a signed-in session as a previous page load would have left it. */
export function storeSession(user: ApiUser = apiUser(), checkedAt = Date.now()) {
  session.save(STORED_TOKEN, user, checkedAt);
}

export const STORED_TOKEN = 't'.repeat(43);
