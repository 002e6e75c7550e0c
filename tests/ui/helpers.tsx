import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import {
  AdminContext,
  Authenticated,
  Notification,
  ResourceContextProvider,
  type DataProvider,
  type RaThemeOptions,
} from 'react-admin';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { vi } from 'vitest';
import { App, type AppProps } from '../../src/admin/App';
import { i18nProvider } from '../../src/admin/i18n';
import { store } from '../../src/admin/layout/Admin';
import { LoadingPage } from '../../src/admin/layout/LoadingPage';
import { createAuthProvider } from '../../src/admin/providers/authProvider';
import { forConsole } from '../../src/admin/providers/consoleProvider';
import { dataProvider as httpDataProvider } from '../../src/admin/providers/dataProvider';
import { session } from '../../src/admin/providers/session';
import { theme } from '../../src/admin/theme';
import type { ApiUser } from '../../src/shared/responses/users';

/**
 * Shows the router's current path and query, so a test can assert where the console went. Hidden:
 * an `<output>` is a status to assistive technology, and these are none of the page's.
 */
function CurrentPath() {
  const location = useLocation();
  return (
    <>
      <output data-testid="path" hidden>
        {location.pathname}
      </output>
      <output data-testid="search" hidden>
        {location.search}
      </output>
    </>
  );
}

/** A memory router's entry: a path, or a path with navigation state. */
type Entry = string | { pathname: string; state?: unknown };

/**
 * The whole console at `path`, in a memory router, as after a fresh page load: real providers
 * (a new authProvider each time) unless replaced, and the theme without animations (`testTheme`).
 */
export function renderConsole(path: Entry, props: AppProps = {}) {
  return renderAt(path, [
    {
      path: '*',
      element: <App authProvider={createAuthProvider()} theme={testTheme} {...props} />,
    },
  ]);
}

/**
 * MUI's styles inserted as a production build inserts them: as rules of one style sheet, not a
 * `<style>` element each (emotion's development mode). The files of a worker share one document,
 * so the elements added up to thousands, and jsdom sorts its style sheets on each insertion and
 * goes through them for each computed style (role queries, visibility): both slowed down file
 * after file.
 */
const styles = createCache({ key: 'css', speedy: true });

/**
 * `routes` in a memory router at `path`, after the pages of `history`, with the current path beside
 * them. Returns the router too, to go back with.
 */
function renderAt(path: Entry, routes: RouteObject[], history: Entry[] = []) {
  const root: RouteObject = {
    element: (
      <>
        <Outlet />
        <CurrentPath />
      </>
    ),
    children: routes,
  };
  const router = createMemoryRouter([root], { initialEntries: [...history, path] });
  // As in src/admin/main.tsx: navigations are not transitions.
  return {
    ...render(
      <CacheProvider value={styles}>
        <RouterProvider router={router} useTransitions={false} />
      </CacheProvider>,
    ),
    router,
  };
}

const pathnameOf = (entry: Entry) =>
  new URL(typeof entry === 'string' ? entry : entry.pathname, 'http://localhost').pathname;

/**
 * The console's theme without animations: MUI's transitions and ripples only cost time in jsdom,
 * and nothing is asserted of them.
 */
const testTheme: RaThemeOptions = {
  ...theme,
  transitions: {
    create: () => 'none',
    duration: { enteringScreen: 0, leavingScreen: 0 },
    getAutoHeightDuration: () => 0,
  },
  components: {
    ...theme.components,
    MuiButtonBase: { defaultProps: { disableRipple: true } },
  },
};

interface ScreenOptions {
  /** Where the router starts: '/products/edit/p1'. */
  path: Entry;
  /** The pages visited before `path`, for Back. */
  history?: Entry[];
  /** The route the screen answers, with its parameters ('/products/edit/:id'); `path`'s if none. */
  route?: string;
  /** The react-admin resource of a list, create or edit screen. */
  resource?: string;
  /** Answers the data calls; the console's HTTP provider (over `fetch`) unless replaced. */
  dataProvider?: object;
}

/**
 * One screen of the console, as react-admin's unit-testing guide renders a view: in an
 * `<AdminContext>` with the console's providers (a new authProvider each time, the HTTP data
 * provider with the console's save shaping, the English messages, `testTheme` and the store), a
 * memory router at `path` and react-admin's notifications. As in the console, the screen opens once
 * the session is checked (see `signIn`). There is no layout (top bar, simulation banner) and no
 * other screen: a navigation elsewhere leaves an empty page, with the path to assert.
 */
export function renderScreen(
  screen: ReactElement,
  { path, history, route, resource, dataProvider = httpDataProvider }: ScreenOptions,
) {
  const admin = (
    <AdminContext
      authProvider={createAuthProvider()}
      dataProvider={forConsole(dataProvider as DataProvider)}
      i18nProvider={i18nProvider}
      store={store}
      theme={testTheme}
    >
      {/* As the console's `requireAuth`: a screen opens once the session is checked. */}
      <Authenticated loading={<LoadingPage />}>
        <Suspense fallback={<LoadingPage />}>
          <Outlet />
        </Suspense>
      </Authenticated>
      <Notification />
    </AdminContext>
  );
  const page = resource ? (
    <ResourceContextProvider value={resource}>{screen}</ResourceContextProvider>
  ) : (
    screen
  );
  return renderAt(
    path,
    [
      {
        element: admin,
        children: [
          { path: route ?? pathnameOf(path), element: page },
          { path: '*', element: null },
        ],
      },
    ],
    history,
  );
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

/**
 * Signed in as `user`, as a previous page load left it: the session is stored, and the fake API
 * (see `fakeApi`) answers `routes` and confirms the session. Returns the `fetch` mock.
 */
export function signIn(routes: Record<string, Handler> = {}, user: ApiUser = apiUser()) {
  storeSession(user);
  return fakeApi({
    'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user }),
    ...routes,
  });
}

/** Stores a signed-in session as a previous page load would have left it. */
export function storeSession(user: ApiUser = apiUser(), checkedAt = Date.now()) {
  session.save(STORED_TOKEN, user, checkedAt);
}

export const STORED_TOKEN = 't'.repeat(43);
