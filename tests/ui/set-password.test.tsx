import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../src/admin/providers/session';
import { TIMINGS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { apiUser, fakeApi, jsonResponse, renderConsole, signIn, storeSession } from './helpers';

// The page stands outside the sign-in, ends on the sign-in page and signs out a console that is
// signed in: the whole console, whose routes and session are the subject.
const t = messages.setPassword;
const path = () => screen.getByTestId('path').textContent;
const USER_ID = '0b6e4f57-54d3-4f6a-9a1c-3c4d5e6f7a8b';
const LINK = `/set-password?userId=${USER_ID}&token=tok123`;
const ROUTE = 'POST /api/contacts/set-password';

type Api = ReturnType<typeof fakeApi>;
const setPasswordBodies = (api: Api) =>
  api.mock.calls
    .filter(([input]) => String(input).endsWith('/contacts/set-password'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const passwordInput = () => screen.getByLabelText(new RegExp(`^${t.password}`));
const confirmInput = () => screen.getByLabelText(new RegExp(`^${t.confirmPassword}`));

/** Types both fields (as a paste would) and submits. */
async function fill(password: string, confirmPassword: string) {
  await screen.findByRole('heading', { name: t.title });
  fireEvent.change(passwordInput(), { target: { value: password } });
  fireEvent.change(confirmInput(), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: t.submit }));
}

describe('/set-password', () => {
  it("says 'Invalid request. User ID not found.' without a userId, with Return to Login", async () => {
    const api = fakeApi({});
    renderConsole('/set-password?token=tok123');
    expect(await screen.findByText(t.missingUser)).toBeInTheDocument();
    expect(screen.queryByLabelText(new RegExp(`^${t.password}`))).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.verifyEmail.returnToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(setPasswordBodies(api)).toHaveLength(0);
  });

  it('says the link is incomplete without its token: a user id alone sets nothing', async () => {
    const api = fakeApi({});
    renderConsole(`/set-password?userId=${USER_ID}`);
    expect(await screen.findByText(t.missingToken)).toBeInTheDocument();
    expect(setPasswordBodies(api)).toHaveLength(0);
  });

  it("shows the spec's messages for missing fields and sends nothing", async () => {
    const api = fakeApi({ [ROUTE]: () => jsonResponse(200, { success: true }) });
    renderConsole(LINK);
    await fill('', '');
    expect(await screen.findByText(t.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(t.confirmRequired)).toBeInTheDocument();
    expect(setPasswordBodies(api)).toHaveLength(0);
  });

  it('refuses a password under 6 characters and a confirmation that does not match', async () => {
    const api = fakeApi({ [ROUTE]: () => jsonResponse(200, { success: true }) });
    renderConsole(LINK);
    await fill('abc', 'abc');
    expect(await screen.findByText(t.passwordTooShort)).toBeInTheDocument();
    await fill('abcdef', 'abcdeg');
    expect(await screen.findByText(t.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.queryByText(t.passwordTooShort)).not.toBeInTheDocument();
    expect(setPasswordBodies(api)).toHaveLength(0);
  });

  it('sends the token with the password, says so, and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ [ROUTE]: () => jsonResponse(200, { success: true }) });
    renderConsole(LINK);
    await fill('secret1', 'secret1');
    expect(await screen.findByText(t.success)).toBeInTheDocument();
    expect(setPasswordBodies(api)).toEqual([
      { userId: USER_ID, token: 'tok123', password: 'secret1', confirmPassword: 'secret1' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.setPasswordRedirectMs - 100));
    expect(path()).toBe('/set-password');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(path()).toBe('/login'));
    expect(await screen.findByText(t.successLogin)).toBeInTheDocument();
  });

  it("keeps 'Password set' on /login for the spec's 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ [ROUTE]: () => jsonResponse(200, { success: true }) });
    renderConsole(LINK);
    await fill('secret1', 'secret1');
    await screen.findByText(t.success);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.setPasswordRedirectMs));
    await waitFor(() => expect(path()).toBe('/login'));
    expect(await screen.findByText(t.successLogin)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.successBannerMs - 300));
    expect(screen.getByText(t.successLogin)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    await waitFor(() => expect(screen.queryByText(t.successLogin)).not.toBeInTheDocument());
  });

  it("shows the server's refusal, and the spec's text when the server gives none", async () => {
    let answer = () => jsonResponse(400, { error: 'The link has expired. Ask for a new one.' });
    fakeApi({ [ROUTE]: () => answer() });
    renderConsole(LINK);
    await fill('secret1', 'secret1');
    expect(await screen.findByText('The link has expired. Ask for a new one.')).toBeInTheDocument();
    answer = () => new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.failed)).toBeInTheDocument();
    expect(path()).toBe('/set-password');
  });

  it('says so when no answer comes (network)', async () => {
    fakeApi({});
    renderConsole(LINK);
    await fill('secret1', 'secret1');
    expect(await screen.findByText(messages.verifyEmail.network)).toBeInTheDocument();
  });

  it('signs out a console signed in as the same person, whose sessions the server ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(apiUser({ id: USER_ID, _id: USER_ID }));
    fakeApi({
      'GET /api/auth/verify': () =>
        jsonResponse(200, { valid: true, user: apiUser({ id: USER_ID }) }),
      [ROUTE]: () => jsonResponse(200, { success: true }),
    });
    renderConsole(LINK);
    await fill('secret1', 'secret1');
    expect(await screen.findByText(t.success)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.setPasswordRedirectMs + 100));
    expect(await screen.findByText(t.successLogin)).toBeInTheDocument();
    expect(path()).toBe('/login');
    expect(session.getToken()).toBeNull();
  });

  it('keeps the session of someone else signed in on this browser', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn({ [ROUTE]: () => jsonResponse(200, { success: true }) });
    renderConsole(LINK);
    await fill('secret1', 'secret1');
    expect(await screen.findByText(t.success)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.setPasswordRedirectMs + 100));
    // Signed in as someone else, /login goes on to the dashboard, still signed in.
    await waitFor(() => expect(path()).toBe('/dashboard'));
    expect(session.getToken()).not.toBeNull();
  });
});
