import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/admin/format';
import { messages } from '../../src/shared/messages';
import { renderContacts } from './conversation-helpers';
import { apiUser, fakeApi, jsonResponse, signIn } from './helpers';
import type { ApiContactDetail, ApiEmailState } from '../../src/shared/responses/users';

const t = messages.contacts;
const w = messages.contacts.welcomeEmail;
const RESEND = 'POST /api/contacts/c1/welcome-email';

function host(overrides: Partial<ApiContactDetail> = {}): ApiContactDetail {
  return {
    ...apiUser({ _id: 'c1', id: 'c1', firstName: 'Grace', email: 'grace@example.org' }),
    role: 'host',
    emailVerified: false,
    welcomeEmail: null,
    ...overrides,
  };
}

const email = (overrides: Partial<ApiEmailState>): ApiEmailState => ({
  status: 'queued',
  error: null,
  attempts: 0,
  queuedAt: '2026-07-04T19:05:00.000Z',
  sentAt: null,
  ...overrides,
});

type Api = ReturnType<typeof fakeApi>;
const calls = (api: Api, method: string, pathname: string) =>
  api.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method &&
      new URL(String(input), 'http://localhost').pathname === pathname,
  );

/** /contacts/c1 signed in as `me`, the API answering the contact with `contact()` each time. */
function openEdit(contact: () => ApiContactDetail, routes = {}, me = apiUser()) {
  const api = signIn(
    { 'GET /api/contacts/c1': () => jsonResponse(200, { contact: contact() }), ...routes },
    me,
  );
  renderContacts('/contacts/c1');
  return api;
}

const statusGroup = async () => screen.findByRole('group', { name: w.title });

describe('contact edit: email verification and the welcome email', () => {
  it.each([
    ['none yet', null, w.none],
    ['queued', email({}), w.queued.replace('%{time}', formatDateTime('2026-07-04T19:05:00.000Z'))],
    ['being sent', email({ status: 'sending' }), w.sending],
    [
      'waiting for a retry',
      email({ error: '421 try later', attempts: 2 }),
      w.retrying.replace('%{attempts}', '2').replace('%{error}', '421 try later'),
    ],
    [
      'sent',
      email({ status: 'sent', sentAt: '2026-07-04T19:06:00.000Z', attempts: 1 }),
      w.sent.replace('%{time}', formatDateTime('2026-07-04T19:06:00.000Z')),
    ],
    [
      'failed',
      email({ status: 'failed', error: '550 mailbox unavailable', attempts: 5 }),
      w.failed.replace('%{error}', '550 mailbox unavailable'),
    ],
  ])("shows a host's welcome email %s", async (_case, welcomeEmail, text) => {
    openEdit(() => host({ welcomeEmail }));
    const group = await statusGroup();
    expect(within(group).getByText(w.notVerified)).toBeInTheDocument();
    expect(within(group).getByText(text)).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: w.resend })).toBeInTheDocument();
  });

  it('offers no resend once the email is verified', async () => {
    openEdit(() => host({ role: 'admin', emailVerified: true }));
    const group = await statusGroup();
    expect(within(group).getByText(w.verified)).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: w.resend })).not.toBeInTheDocument();
  });

  it('shows nothing of it for a participant', async () => {
    openEdit(() => host({ role: 'participant' }));
    await screen.findByRole('heading', { name: t.editTitle });
    expect(screen.queryByRole('group', { name: w.title })).not.toBeInTheDocument();
  });

  it('shows a host looking at another host the state, without the resend', async () => {
    openEdit(
      () => host({ id: 'c1', welcomeEmail: email({ status: 'sending' }) }),
      {},
      apiUser({ role: 'host' }),
    );
    const group = await statusGroup();
    expect(within(group).getByText(w.sending)).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: w.resend })).not.toBeInTheDocument();
  });

  it('resends, says it was queued, and shows the new email, keeping what was typed', async () => {
    let current = host({ welcomeEmail: email({ status: 'failed', error: '550 no such user' }) });
    const api = openEdit(() => current, {
      [RESEND]: () => {
        // Someone else changed the city meanwhile: the reload brings it, the typed name stays.
        current = host({ welcomeEmail: email({ queuedAt: '2026-07-05T08:00:00.000Z' }) });
        current.profile = {
          ...current.profile,
          address: { ...current.profile.address, city: 'Reno' },
        };
        return jsonResponse(200, { welcomeEmailSent: true });
      },
    });
    const group = await statusGroup();
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Gracie' } });
    fireEvent.click(within(group).getByRole('button', { name: w.resend }));
    expect(await screen.findByText(w.resent)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(group).getByText(
          w.queued.replace('%{time}', formatDateTime('2026-07-05T08:00:00.000Z')),
        ),
      ).toBeInTheDocument(),
    );
    expect(calls(api, 'POST', '/api/contacts/c1/welcome-email')).toHaveLength(1);
    expect(calls(api, 'GET', '/api/contacts/c1').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveValue('Reno'));
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Gracie');
  });

  it("says why when the server refuses, in the server's words", async () => {
    openEdit(() => host(), {
      [RESEND]: () => jsonResponse(409, { error: 'This email address is already verified.' }),
    });
    fireEvent.click(within(await statusGroup()).getByRole('button', { name: w.resend }));
    expect(await screen.findByText('This email address is already verified.')).toBeInTheDocument();
    expect(screen.queryByText(w.resent)).not.toBeInTheDocument();
  });
});
