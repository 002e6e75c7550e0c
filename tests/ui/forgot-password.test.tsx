import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { fakeApi, jsonResponse, renderConsole, signIn } from './helpers';

// The page is reached from the sign-in page, without signing in, and leads back to it: the whole
// console, whose routes are the subject.
const t = messages.forgotPassword;
const path = () => screen.getByTestId('path').textContent;
const ROUTE = 'POST /api/auth/forgot-password';

type Api = ReturnType<typeof fakeApi>;
const sentBodies = (api: Api) =>
  api.mock.calls
    .filter(([input]) => String(input).endsWith('/auth/forgot-password'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

async function ask(email: string) {
  const input = await screen.findByLabelText(new RegExp(`^${t.email}`));
  fireEvent.change(input, { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: t.submit }));
}

describe('/login', () => {
  it("has a 'Forgot password?' link to /forgot-password", async () => {
    renderConsole('/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: t.link }));
    await waitFor(() => expect(path()).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: t.title })).toBeInTheDocument();
  });
});

describe('/forgot-password', () => {
  it('sends the address and gives the one answer, whoever it belongs to', async () => {
    const api = fakeApi({ [ROUTE]: () => jsonResponse(200, { success: true }) });
    renderConsole('/forgot-password');
    await ask('  Ada@Example.org ');
    expect(await screen.findByText(t.sent)).toBeInTheDocument();
    expect(sentBodies(api)).toEqual([{ email: 'ada@example.org' }]);
    expect(screen.queryByRole('button', { name: t.submit })).not.toBeInTheDocument();
  });

  it('asks for a valid address before sending anything', async () => {
    const api = fakeApi({ [ROUTE]: () => jsonResponse(200, { success: true }) });
    renderConsole('/forgot-password');
    await ask('');
    expect(await screen.findByText(messages.login.emailRequired)).toBeInTheDocument();
    await ask('ada@example');
    expect(await screen.findByText(messages.contacts.emailInvalid)).toBeInTheDocument();
    expect(sentBodies(api)).toHaveLength(0);
  });

  it("shows the server's text when it refuses (a rate limit), and the network text", async () => {
    let answer = () => jsonResponse(429, { error: 'Too many requests. Try again in 5 minute(s).' });
    fakeApi({ [ROUTE]: () => answer() });
    renderConsole('/forgot-password');
    await ask('ada@example.org');
    expect(
      await screen.findByText('Too many requests. Try again in 5 minute(s).'),
    ).toBeInTheDocument();
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(messages.verifyEmail.network)).toBeInTheDocument();
    expect(screen.queryByText(t.sent)).not.toBeInTheDocument();
  });

  it('leads back to /login', async () => {
    fakeApi({});
    renderConsole('/forgot-password');
    await userEvent.setup().click(await screen.findByRole('link', { name: t.backToLogin }));
    await waitFor(() => expect(path()).toBe('/login'));
  });

  it('works for a signed-in user too, without leaving the page', async () => {
    signIn({ [ROUTE]: () => jsonResponse(200, { success: true }) });
    renderConsole('/forgot-password');
    await ask('ada@example.org');
    expect(await screen.findByText(t.sent)).toBeInTheDocument();
    expect(path()).toBe('/forgot-password');
  });
});
