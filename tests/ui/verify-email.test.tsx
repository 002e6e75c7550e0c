import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { fakeApi, jsonResponse, renderConsole, signIn } from './helpers';

// The page stands outside the sign-in, with no menu, and goes on to set-password or the sign-in
// page: the whole console, whose routes are the subject.
const t = messages.verifyEmail;
const path = () => screen.getByTestId('path').textContent;
const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
const USER_ID = '0b6e4f57-54d3-4f6a-9a1c-3c4d5e6f7a8b';
const verified = { userId: USER_ID, firstName: 'Ada', setPasswordToken: 'next+token/=' };

/** The verification call, answered when the test says so. */
function pendingVerification() {
  let answer: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { handler: () => response, answer };
}

const verifyCalls = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls.filter(([input]) => String(input).includes('/verify-email/'));

describe('/verify-email', () => {
  it('says the link has no token, offers Return to Login and calls nothing', async () => {
    const api = fakeApi({});
    renderConsole('/verify-email');
    expect(await screen.findByText(t.noToken)).toBeInTheDocument();
    expect(verifyCalls(api)).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('link', { name: t.returnToLogin }));
    await waitFor(() => expect(path()).toBe('/login'));
  });

  it('shows verifying, then success, and goes to /set-password after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = pendingVerification();
    const api = fakeApi({ 'GET /api/contacts/verify-email/abc%2Fdef': pending.handler });
    renderConsole('/verify-email?token=abc%2Fdef');
    expect(await screen.findByText(t.verifying)).toBeInTheDocument();
    expect(path()).toBe('/verify-email');
    pending.answer(jsonResponse(200, verified));
    expect(await screen.findByText(t.success)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.verifyRedirectMs - 100));
    expect(path()).toBe('/verify-email');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(path()).toBe('/set-password'));
    expect(search().get('userId')).toBe(USER_ID);
    expect(search().get('token')).toBe(verified.setPasswordToken);
    // The link's token is single-use: it was sent once, and never again on the next page.
    expect(verifyCalls(api)).toHaveLength(1);
  });

  it('says the link was refused, with Return to Login', async () => {
    fakeApi({
      'GET /api/contacts/verify-email/used': () => jsonResponse(400, { error: t.failed }),
    });
    renderConsole('/verify-email?token=used');
    expect(await screen.findByText(t.failed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.returnToLogin })).toHaveAttribute('href', '/login');
    expect(path()).toBe('/verify-email');
  });

  it("shows the server's own text for another refusal, and the spec's when it gives none", async () => {
    fakeApi({
      'GET /api/contacts/verify-email/busy': () =>
        jsonResponse(429, { error: 'Too many attempts. Please try again in 5 minute(s).' }),
      'GET /api/contacts/verify-email/odd': () => new Response('', { status: 500 }),
    });
    renderConsole('/verify-email?token=busy');
    expect(
      await screen.findByText('Too many attempts. Please try again in 5 minute(s).'),
    ).toBeInTheDocument();
    renderConsole('/verify-email?token=odd');
    expect(await screen.findByText(t.failed)).toBeInTheDocument();
  });

  it('says so when no answer comes (network)', async () => {
    fakeApi({}); // every call fails as a dropped connection does
    renderConsole('/verify-email?token=abc');
    expect(await screen.findByText(t.network)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.returnToLogin })).toBeInTheDocument();
  });

  it('works for a signed-in user too, without leaving the page', async () => {
    signIn({ 'GET /api/contacts/verify-email/abc': () => jsonResponse(200, verified) });
    renderConsole('/verify-email?token=abc');
    expect(await screen.findByText(t.success)).toBeInTheDocument();
    expect(path()).toBe('/verify-email');
    // No navigation menu: the page stands alone, as for a visitor.
    expect(screen.queryByRole('link', { name: messages.nav.dashboard })).not.toBeInTheDocument();
  });
});
