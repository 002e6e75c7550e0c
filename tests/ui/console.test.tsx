import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import DashboardPage from '../../src/admin/pages/DashboardPage';
import { session } from '../../src/admin/providers/session';
import { TIMINGS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import {
  apiUser,
  fakeApi,
  jsonResponse,
  renderConsole,
  renderScreen,
  setViewportWidth,
  signIn,
  storeSession,
} from './helpers';

// The console itself is the subject here: sign-in, its redirects and the session, the routes, the
// navigation bar and the frame; the dashboard's own texts aside, each test renders it whole.

const path = () => screen.getByTestId('path').textContent;

describe('/login', () => {
  it('has a required email field of type email and a required password field', async () => {
    renderConsole('/login');
    const email = await screen.findByLabelText(/Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
  });

  it("shows the server's error text, which can be dismissed", async () => {
    fakeApi({
      'POST /api/auth/login': () => jsonResponse(401, { error: 'Invalid email or password' }),
    });
    renderConsole('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Email/));
    await user.paste('ada@example.org');
    await user.click(screen.getByLabelText(/Password/));
    await user.paste('wrong');
    await user.click(screen.getByRole('button', { name: messages.login.submit }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    await user.click(within(alert).getByRole('button'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(path()).toBe('/login');
  });

  it('shows the fallback text when the server gives none', async () => {
    fakeApi({ 'POST /api/auth/login': () => new Response('', { status: 500 }) });
    renderConsole('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Email/));
    await user.paste('ada@example.org');
    await user.click(screen.getByLabelText(/Password/));
    await user.paste('pw');
    await user.click(screen.getByRole('button', { name: messages.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.login.error);
  });

  it('goes to /dashboard on success and greets the user', async () => {
    fakeApi({
      'POST /api/auth/login': () =>
        jsonResponse(200, { user: apiUser({ firstName: 'Ada' }), token: 'tok' }),
      'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: apiUser() }),
    });
    renderConsole('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Email/));
    await user.paste('ada@example.org');
    await user.click(screen.getByLabelText(/Password/));
    await user.paste('pw');
    await user.click(screen.getByRole('button', { name: messages.login.submit }));
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(path()).toBe('/dashboard');
  });

  it('sends an already signed-in user to /dashboard', async () => {
    signIn();
    renderConsole('/login');
    await waitFor(() => expect(path()).toBe('/dashboard'));
  });
});

describe('routes', () => {
  it("shows 'Loading...' while the session is checked, then the page", async () => {
    storeSession();
    let answer: (() => void) | undefined;
    fakeApi({
      'GET /api/auth/verify': () =>
        new Promise((resolve) => {
          answer = () => resolve(jsonResponse(200, { valid: true, user: apiUser() }));
        }),
    });
    renderConsole('/dashboard');
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByText(messages.app.loading)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    answer!();
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
  });

  it('sends a visitor without a session to /login', async () => {
    renderConsole('/dashboard');
    await waitFor(() => expect(path()).toBe('/login'));
    expect(await screen.findByRole('button', { name: messages.login.submit })).toBeInTheDocument();
  });

  it('signs out a user whose stored session the server refuses', async () => {
    storeSession();
    fakeApi({ 'GET /api/auth/verify': () => jsonResponse(401, { valid: false }) });
    renderConsole('/dashboard');
    await waitFor(() => expect(path()).toBe('/login'));
    expect(session.getToken()).toBeNull();
  });

  it('keeps the user in when the check fails for lack of network', async () => {
    storeSession();
    fakeApi({});
    renderConsole('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
  });

  it.each(['/', '/no/such/page'])('sends %s to /dashboard', async (start) => {
    signIn();
    renderConsole(start);
    await waitFor(() => expect(path()).toBe('/dashboard'));
  });

  // Pages react-admin keeps for access rules, which Tidings' auth provider does not have.
  it.each(['/access-denied', '/authentication-error'])(
    "treats react-admin's %s like any unknown path",
    async (start) => {
      signIn();
      renderConsole(start);
      await waitFor(() => expect(path()).toBe('/dashboard'));
    },
  );
});

describe('while signed in', () => {
  it('re-verifies the session after 30 minutes and signs out when the server refuses it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    let valid = true;
    const api = fakeApi({
      'GET /api/auth/verify': () =>
        valid
          ? jsonResponse(200, { valid: true, user: apiUser() })
          : jsonResponse(401, { valid: false }),
    });
    renderConsole('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    const verifyCalls = () =>
      api.mock.calls.filter(([url]) => String(url).endsWith('/auth/verify')).length;
    expect(verifyCalls()).toBe(1);

    await vi.advanceTimersByTimeAsync(TIMINGS.sessionRecheckMs - 60_000);
    expect(verifyCalls()).toBe(1);

    valid = false;
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    await waitFor(() => expect(path()).toBe('/login'));
    expect(verifyCalls()).toBe(2);
    expect(session.getToken()).toBeNull();
  });
});

describe('/dashboard', () => {
  it('greets the user by first name', async () => {
    signIn({}, apiUser({ firstName: 'Grace' }));
    renderScreen(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Hello Grace' })).toBeInTheDocument();
    expect(screen.getByText(messages.dashboard.prompt)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: messages.dashboard.sendTestMms }),
    ).toBeInTheDocument();
  });

  it("says 'Hello there' when no first name is known", async () => {
    signIn({}, apiUser({ firstName: '' }));
    renderScreen(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Hello there' })).toBeInTheDocument();
  });
});

describe('navigation bar', () => {
  const entries = [
    'Dashboard',
    'Programs',
    'Products',
    'Contacts',
    'Pods',
    'Analytics',
    'Profile',
    'Help',
  ];

  it('links every area and highlights the active one', async () => {
    signIn();
    renderConsole('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const label of entries) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute(
        'href',
        `/${label.toLowerCase()}`,
      );
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Programs' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(
      within(nav).queryByRole('button', { name: messages.nav.openMenu }),
    ).not.toBeInTheDocument();
  });

  it('follows a link and moves the highlight', async () => {
    signIn();
    renderConsole('/dashboard');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Help' }));
    expect(await screen.findByRole('heading', { name: messages.help.title })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
  });

  it('becomes a hamburger menu at 1024px, with every entry including Pods', async () => {
    setViewportWidth(1024);
    signIn();
    renderConsole('/dashboard');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Programs' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: messages.nav.openMenu }));
    const menu = await screen.findByRole('list', { name: messages.nav.menu });
    for (const label of entries) {
      expect(within(menu).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out: the server session is revoked, storage cleared, and the user is at /login', async () => {
    const api = signIn({ 'POST /api/auth/logout': () => jsonResponse(200, { success: true }) });
    renderConsole('/dashboard');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(path()).toBe('/login'));
    expect(
      api.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/auth/logout') && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(session.getToken()).toBeNull();
  });
});
