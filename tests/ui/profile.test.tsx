import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/admin/format';
import ProfilePage from '../../src/admin/profile/ProfilePage';
import { deviceName } from '../../src/admin/profile/deviceName';
import { session } from '../../src/admin/providers/session';
import { messages } from '../../src/shared/messages';
import { apiUser, fakeApi, jsonResponse, renderConsole, renderScreen, signIn } from './helpers';
import { serverTexts } from '../../src/server/texts';
import type { ApiOwnProfile, ApiOwnSession } from '../../src/shared/responses/users';

const t = messages.profile;
const s = messages.profile.sessions;

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

const me = apiUser({ firstName: 'Ada' });

function ownProfile(overrides: Partial<ApiOwnProfile> = {}): ApiOwnProfile {
  return {
    _id: 'u1',
    id: 'u1',
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    role: 'admin',
    lastSignIn: '2026-07-03T16:45:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const session1 = (overrides: Partial<ApiOwnSession> = {}): ApiOwnSession => ({
  id: 's-current',
  createdAt: '2026-07-04T19:05:00.000Z',
  lastSeenAt: '2026-07-04T19:30:00.000Z',
  ip: '203.0.113.7',
  userAgent: FIREFOX,
  current: true,
  ...overrides,
});
const phone = session1({
  id: 's-phone',
  createdAt: '2026-07-04T08:00:00.000Z',
  lastSeenAt: '2026-07-04T09:00:00.000Z',
  ip: '198.51.100.9',
  userAgent: IPHONE,
  current: false,
});
const office = session1({
  id: 's-office',
  createdAt: '2026-07-02T15:00:00.000Z',
  lastSeenAt: '2026-07-03T17:00:00.000Z',
  ip: null,
  userAgent: WINDOWS_EDGE,
  current: false,
});

type Routes = Parameters<typeof fakeApi>[0];

/**
 * /profile signed in as Ada, the API answering with `routes` over the defaults; in the whole
 * console when `whole`, for a test that goes on to another screen.
 */
function openProfile(routes: Routes = {}, { whole = false } = {}) {
  const api = signIn(
    {
      'GET /api/profile': () => jsonResponse(200, { profile: ownProfile() }),
      'GET /api/profile/sessions': () =>
        jsonResponse(200, { sessions: [session1(), phone, office] }),
      ...routes,
    },
    me,
  );
  if (whole) renderConsole('/profile');
  else renderScreen(<ProfilePage />, { path: '/profile' });
  return api;
}

type Api = ReturnType<typeof fakeApi>;
const calls = (api: Api, method: string, pathname: string) =>
  api.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method &&
      new URL(String(input), 'http://localhost').pathname === pathname,
  );
const bodyOf = (api: Api, method: string, pathname: string, index = 0) =>
  JSON.parse(String(calls(api, method, pathname)[index]![1]!.body));

const region = (name: string) => screen.findByRole('region', { name });
/** The term's value in the account card. */
async function detail(term: string) {
  const card = await region(t.detailsTitle);
  const dt = within(card).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

async function sessionRows() {
  const card = await region(s.title);
  const list = await within(card).findByRole('list', { name: s.title });
  return within(list).getAllByRole('listitem');
}

describe('/profile: loading and errors', () => {
  it('says it is loading while the profile is on its way', async () => {
    openProfile(
      { 'GET /api/profile': () => new Promise<Response>(() => undefined) },
      // The status is looked for in the layout's main region: the whole console.
      { whole: true },
    );
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('status')).toHaveTextContent(messages.app.loading);
  });

  it("shows the server's error with Try again, which loads the profile", async () => {
    let answers = 0;
    openProfile({
      'GET /api/profile': () =>
        ++answers === 1
          ? jsonResponse(500, { error: 'Internal server error' })
          : jsonResponse(200, { profile: ownProfile() }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal server error');
    await userEvent.click(within(alert).getByRole('button', { name: messages.app.tryAgain }));
    expect(await detail(t.email)).toHaveTextContent('ada@example.org');
  });

  it('says the network failed when no answer came', async () => {
    openProfile({
      'GET /api/profile': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailedNetwork);
  });
});

describe('/profile: who is signed in', () => {
  it('shows name, email, role and the sign-in before this session', async () => {
    openProfile();
    expect(await detail(t.name)).toHaveTextContent('Ada Lovelace');
    expect(await detail(t.email)).toHaveTextContent('ada@example.org');
    expect(await detail(t.role)).toHaveTextContent(messages.contacts.roles.admin);
    expect(await detail(t.lastLogin)).toHaveTextContent(formatDateTime('2026-07-03T16:45:00.000Z'));
  });

  it('says there was no sign-in before this session on the first one', async () => {
    openProfile({
      'GET /api/profile': () => jsonResponse(200, { profile: ownProfile({ lastSignIn: null }) }),
    });
    expect(await detail(t.lastLogin)).toHaveTextContent(t.firstSignIn);
  });
});

describe('/profile: developers', () => {
  const k = messages.apiKeys;

  it("leads an admin to the API keys, the webhooks and the API's reference", async () => {
    openProfile();
    const card = await region(k.developerTitle);
    expect(within(card).getByRole('link', { name: k.manage })).toHaveAttribute('href', '/api-keys');
    expect(within(card).getByRole('link', { name: messages.webhooks.manage })).toHaveAttribute(
      'href',
      '/webhooks',
    );
    expect(within(card).getByRole('link', { name: k.apiReference })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  it('is not shown to a host, who cannot manage API keys', async () => {
    openProfile({
      'GET /api/profile': () => jsonResponse(200, { profile: ownProfile({ role: 'host' }) }),
    });
    expect(await detail(t.role)).toHaveTextContent(messages.contacts.roles.host);
    expect(screen.queryByRole('region', { name: k.developerTitle })).toBeNull();
  });
});

describe('/profile: the name', () => {
  it('saves a new name, shows it, and the console greets by it', async () => {
    const api = openProfile(
      {
        'PUT /api/profile': (init) => {
          const body = JSON.parse(String(init!.body));
          return jsonResponse(200, {
            profile: ownProfile({ ...body, fullName: `${body.firstName} ${body.lastName}` }),
          });
        },
      },
      // The top bar's link to the dashboard: the whole console.
      { whole: true },
    );
    const user = userEvent.setup();
    const card = await region(t.nameTitle);
    const first = within(card).getByLabelText(t.firstName);
    expect(first).toHaveValue('Ada');
    await user.clear(first);
    await user.type(first, '  Grace ');
    await user.click(within(card).getByRole('button', { name: t.saveName }));

    expect(await screen.findByText(t.nameSaved)).toBeInTheDocument();
    expect(bodyOf(api, 'PUT', '/api/profile')).toEqual({
      firstName: 'Grace',
      lastName: 'Lovelace',
    });
    expect(await detail(t.name)).toHaveTextContent('Grace Lovelace');
    expect(session.getUser()).toMatchObject({
      fullName: 'Grace Lovelace',
      profile: { firstName: 'Grace', lastName: 'Lovelace' },
    });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Hello Grace' })).toBeInTheDocument();
  });

  it("refuses a blank name with the contact form's message, without calling the server", async () => {
    const api = openProfile();
    const user = userEvent.setup();
    const card = await region(t.nameTitle);
    await user.clear(within(card).getByLabelText(t.lastName));
    await user.type(within(card).getByLabelText(t.lastName), '   ');
    await user.click(within(card).getByRole('button', { name: t.saveName }));
    expect(await within(card).findByText(messages.contacts.lastNameRequired)).toBeInTheDocument();
    expect(calls(api, 'PUT', '/api/profile')).toHaveLength(0);
  });
});

describe('/profile: the password', () => {
  async function fillPassword(current: string, next: string, confirm = next) {
    const user = userEvent.setup();
    const card = await region(t.passwordTitle);
    // Pasted: the form's checks are the subject, not typing.
    for (const [label, value] of [
      [t.currentPassword, current],
      [t.newPassword, next],
      [t.confirmPassword, confirm],
    ] as const) {
      await user.click(within(card).getByLabelText(label));
      await user.paste(value);
    }
    await user.click(within(card).getByRole('button', { name: t.changePassword }));
    return card;
  }

  it('shows a wrong current password at its field', async () => {
    const wrong = messages.profileApi.currentPasswordWrong;
    const api = openProfile({
      'POST /api/profile/password': () =>
        jsonResponse(400, {
          error: wrong,
          details: [{ field: 'currentPassword', message: wrong }],
        }),
    });
    const card = await fillPassword('guess', 'brand-new-1');
    const current = within(card).getByLabelText(t.currentPassword);
    await waitFor(() => expect(current).toHaveAccessibleDescription(wrong));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(api, 'POST', '/api/profile/password')).toEqual({
      currentPassword: 'guess',
      password: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    // What was typed stays, to be corrected.
    expect(within(card).getByLabelText(t.newPassword)).toHaveValue('brand-new-1');
  });

  it('checks the new password with the set-password rules before sending', async () => {
    const api = openProfile();
    const card = await fillPassword('secret-pass-1', 'brand-new-1', 'brand-new-2');
    expect(await within(card).findByText(messages.setPassword.passwordsDoNotMatch)).toBeVisible();
    expect(calls(api, 'POST', '/api/profile/password')).toHaveLength(0);
  });

  it('clears the form, says how many other sessions ended, and lists the sessions again', async () => {
    let changed = false;
    const api = openProfile({
      'POST /api/profile/password': () => {
        changed = true;
        return jsonResponse(200, { success: true, signedOutSessions: 2 });
      },
      'GET /api/profile/sessions': () =>
        jsonResponse(200, { sessions: changed ? [session1()] : [session1(), phone, office] }),
    });
    expect(await sessionRows()).toHaveLength(3);
    const card = await fillPassword('secret-pass-1', 'brand-new-1');

    expect(
      await screen.findByText('Your password has been changed. 2 other sessions were signed out.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByLabelText(t.currentPassword)).toHaveValue(''));
    expect(within(card).getByLabelText(t.newPassword)).toHaveValue('');
    expect(within(card).getByLabelText(t.confirmPassword)).toHaveValue('');
    await waitFor(async () => expect(await sessionRows()).toHaveLength(1));
    expect(calls(api, 'GET', '/api/profile/sessions').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's refusal when it names no field (too many wrong passwords)", async () => {
    const tooMany = serverTexts.profileApi.tooManyWrongPasswords.replace('%{minutes}', '15');
    openProfile({
      'POST /api/profile/password': () => jsonResponse(429, { error: tooMany }),
    });
    const card = await fillPassword('guess', 'brand-new-1');
    expect(await within(card).findByRole('alert')).toHaveTextContent(tooMany);
  });
});

describe('/profile: active sessions', () => {
  it('lists the sessions with their device, times and address, this one marked', async () => {
    openProfile();
    const rows = await sessionRows();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Firefox on Linux');
    expect(within(rows[0]!).getByText(s.thisDevice)).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: s.signOut })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText('Firefox on Linux')).toHaveAttribute('title', FIREFOX);
    expect(rows[0]).toHaveTextContent(
      `Signed in ${formatDateTime('2026-07-04T19:05:00.000Z')} · Last active ${formatDateTime('2026-07-04T19:30:00.000Z')} · IP 203.0.113.7`,
    );
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(within(rows[1]!).getByRole('button', { name: s.signOut })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Edge on Windows');
    expect(rows[2]).toHaveTextContent(s.unknownIp);
    expect(screen.queryByText(s.onlyThisDevice)).not.toBeInTheDocument();
  });

  it('signs out everywhere else after a confirmation, and lists what is left', async () => {
    let signedOut = false;
    const api = openProfile({
      'POST /api/profile/sessions/sign-out-others': () => {
        signedOut = true;
        return jsonResponse(200, { signedOut: 2 });
      },
      'GET /api/profile/sessions': () =>
        jsonResponse(200, { sessions: signedOut ? [session1()] : [session1(), phone, office] }),
    });
    const user = userEvent.setup();
    await sessionRows();
    const card = await region(s.title);
    await user.click(within(card).getByRole('button', { name: s.signOutOthers }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(s.signOutOthersConfirm);
    expect(calls(api, 'POST', '/api/profile/sessions/sign-out-others')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: s.signOutOthers }));

    expect(await screen.findByText('2 other sessions were signed out.')).toBeInTheDocument();
    expect(calls(api, 'POST', '/api/profile/sessions/sign-out-others')).toHaveLength(1);
    expect(await within(card).findByText(s.onlyThisDevice)).toBeInTheDocument();
    expect(await sessionRows()).toHaveLength(1);
    expect(within(card).queryByRole('button', { name: s.signOutOthers })).not.toBeInTheDocument();
  });

  it('keeps every session when the confirmation is canceled', async () => {
    const api = openProfile({
      'POST /api/profile/sessions/sign-out-others': () => jsonResponse(200, { signedOut: 2 }),
    });
    const user = userEvent.setup();
    await sessionRows();
    await user.click(await screen.findByRole('button', { name: s.signOutOthers }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: messages.app.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(api, 'POST', '/api/profile/sessions/sign-out-others')).toHaveLength(0);
  });

  it('signs one other session out', async () => {
    let ended = false;
    const api = openProfile({
      'DELETE /api/profile/sessions/s-phone': () => {
        ended = true;
        return jsonResponse(200, { success: true });
      },
      'GET /api/profile/sessions': () =>
        jsonResponse(200, { sessions: ended ? [session1(), office] : [session1(), phone, office] }),
    });
    const user = userEvent.setup();
    const rows = await sessionRows();
    await user.click(within(rows[1]!).getByRole('button', { name: s.signOut }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Safari on iPhone');
    await user.click(within(dialog).getByRole('button', { name: s.signOut }));
    expect(await screen.findByText(s.signedOutOne)).toBeInTheDocument();
    expect(calls(api, 'DELETE', '/api/profile/sessions/s-phone')).toHaveLength(1);
    await waitFor(async () => expect(await sessionRows()).toHaveLength(2));
  });

  it('says when this device is the only one signed in', async () => {
    openProfile({
      'GET /api/profile/sessions': () => jsonResponse(200, { sessions: [session1()] }),
    });
    const card = await region(s.title);
    expect(await within(card).findByText(s.onlyThisDevice)).toBeInTheDocument();
    expect(await sessionRows()).toHaveLength(1);
    expect(within(card).queryByRole('button', { name: s.signOutOthers })).not.toBeInTheDocument();
  });

  it('shows when the sessions could not be loaded, with Try again', async () => {
    let answers = 0;
    openProfile({
      'GET /api/profile/sessions': () =>
        ++answers === 1
          ? jsonResponse(500, {})
          : jsonResponse(200, { sessions: [session1(), phone] }),
    });
    const card = await region(s.title);
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(s.loadFailed);
    await userEvent.click(within(alert).getByRole('button', { name: messages.app.tryAgain }));
    expect(await sessionRows()).toHaveLength(2);
  });
});

describe('deviceName', () => {
  it.each([
    [FIREFOX, 'Firefox on Linux'],
    [IPHONE, 'Safari on iPhone'],
    [WINDOWS_EDGE, 'Edge on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    ['Something (Linux)', 'Unknown browser on Linux'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('names %j as %s', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });
});
