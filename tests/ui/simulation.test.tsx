import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../src/admin/format';
import MessageList from '../../src/admin/messages/MessageList';
import DashboardPage from '../../src/admin/pages/DashboardPage';
import { TestMessageStatus } from '../../src/admin/pages/test-mms/TestMessageStatus';
import type { DashboardResponse } from '../../src/shared/responses/figures';
import { messages } from '../../src/shared/messages';
import { renderContacts } from './conversation-helpers';
import { apiUser, fakeApi, jsonResponse, renderConsole, renderScreen, signIn } from './helpers';
import type { ApiSimulation } from '../../src/shared/responses/common';
import type { ApiContactDetail } from '../../src/shared/responses/users';
import { apiMessage } from './messages-helpers';

/**
 * While the server simulates SMS (SMS_PROVIDER=log) or email (no SMTP_URL), as GET
 * /api/simulation says, every screen shows a banner saying which, and every simulated outcome
 * says it was simulated; with real sending the specification's words stay.
 */

const sim = messages.simulation;
const BOTH: ApiSimulation = { sms: true, email: true };
const SMS: ApiSimulation = { sms: true, email: false };
const EMAIL: ApiSimulation = { sms: false, email: true };
const REAL: ApiSimulation = { sms: false, email: false };

// The screens the whole console opens load lazily; loading them once here keeps that out of each
// test's time.
beforeAll(async () => {
  await import('../../src/admin/help/HelpPage');
  await import('../../src/admin/account/ForgotPasswordPage');
});

const banner = () => screen.queryByRole('complementary', { name: sim.banner.label });

const quietDay: DashboardResponse = {
  today: {
    date: '2027-01-14',
    from: '2027-01-14T08:00:00.000Z',
    to: '2027-01-15T08:00:00.000Z',
    due: 3,
    sent: 693,
    failed: 0,
  },
  runningPrograms: { total: 0, programs: [] },
  recentFailures: [],
};

/** Signed in, the server simulating `simulation`, the API answering `routes` and the dashboard. */
function signedIn(simulation: ApiSimulation, routes = {}) {
  return signIn({
    'GET /api/simulation': () => jsonResponse(200, simulation),
    'GET /api/dashboard': () => jsonResponse(200, quietDay),
    ...routes,
  });
}

/** The dashboard, signed in, the server simulating `simulation`. */
function showDashboard(simulation: ApiSimulation) {
  signedIn(simulation);
  renderScreen(<DashboardPage />, { path: '/dashboard' });
}

// The banner is the layout's: the whole console.
describe('the simulation banner', () => {
  it.each([
    ['SMS and email', BOTH, sim.banner.both],
    ['SMS', SMS, sim.banner.sms],
    ['email', EMAIL, sim.banner.email],
  ])(
    'says on a signed-in screen that %s is simulated, with a link to set-up help',
    async (_name, simulation, text) => {
      signedIn(simulation);
      renderConsole('/dashboard');
      const aside = await screen.findByRole('complementary', { name: sim.banner.label });
      expect(aside).toHaveTextContent(text);
      const link = within(aside).getByRole('link', { name: sim.banner.setUp });
      expect(link).toHaveAttribute('href', '/help#setting-up-sending-sms-and-email');
      // It stays: nothing closes it.
      expect(within(aside).queryByRole('button')).not.toBeInTheDocument();
    },
  );

  it('leads to the set-up section of Help', async () => {
    signedIn(BOTH);
    renderConsole('/dashboard');
    const aside = await screen.findByRole('complementary', { name: sim.banner.label });
    await userEvent.setup().click(within(aside).getByRole('link', { name: sim.banner.setUp }));
    const heading = await screen.findByRole('heading', {
      name: 'Setting up sending: SMS and email',
    });
    expect(heading).toHaveAttribute('id', 'setting-up-sending-sms-and-email');
    expect(screen.getByRole('complementary', { name: sim.banner.label })).toBeInTheDocument();
  });

  it('is not shown when the server sends for real', async () => {
    signedIn(REAL);
    renderConsole('/dashboard');
    await screen.findByRole('heading', { name: /^Hello/ });
    await screen.findByRole('link', { name: `${messages.dashboard.today.sent} 693` });
    expect(banner()).not.toBeInTheDocument();
  });

  it('is shown on the pages reached without signing in', async () => {
    fakeApi({ 'GET /api/simulation': () => jsonResponse(200, EMAIL) });
    renderConsole('/login');
    expect(await screen.findByRole('complementary', { name: sim.banner.label })).toHaveTextContent(
      sim.banner.email,
    );
  });
});

describe('simulated outcomes say so', () => {
  it("words the dashboard's figure 'Sent today (simulated)' while SMS is simulated", async () => {
    showDashboard(SMS);
    // Named by what it shows (WCAG 2.5.3), described by the help below it.
    expect(
      await screen.findByRole('link', { name: `${sim.sentToday} 693` }),
    ).toHaveAccessibleDescription(sim.sentTodayHelp);
  });

  // It waits for the layout's banner: the whole console.
  it("keeps the dashboard's 'Sent today' when SMS is real", async () => {
    signedIn(EMAIL);
    renderConsole('/dashboard');
    await screen.findByRole('complementary', { name: sim.banner.label });
    expect(
      await screen.findByRole('link', { name: `${messages.dashboard.today.sent} 693` }),
    ).toBeInTheDocument();
  });

  it.each([
    ['simulated', SMS, sim.statuses.delivered, sim.statusHelp.delivered],
    ['real', EMAIL, messages.delivery.statuses.delivered, messages.delivery.statusHelp.delivered],
  ])('ends a %s Test MMS on its true words', async (_name, simulation, word, help) => {
    const delivered = apiMessage({ _id: 'm9', id: 'm9', kind: 'test', status: 'delivered' });
    const dataProvider = { getSimulation: vi.fn(async () => simulation), getOne: vi.fn() };
    signIn();
    renderScreen(<TestMessageStatus sent={delivered} onSendAnother={vi.fn()} onClose={vi.fn()} />, {
      path: '/dashboard',
      dataProvider,
    });
    // Once the session is checked (its loading page is a status too).
    await screen.findByRole('button', { name: messages.testMms.sendAnother });
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(`Status: ${word}`));
    expect(status).toHaveTextContent(help);
    // The last step of the way to the phone says it too.
    expect(screen.getAllByText(word).length).toBeGreaterThan(0);
  });

  it("says a host's welcome email was simulated, not sent, while email is simulated", async () => {
    const sentAt = '2026-07-04T19:06:00.000Z';
    const host: ApiContactDetail = {
      ...apiUser({ _id: 'c1', id: 'c1', firstName: 'Grace', email: 'grace@example.org' }),
      role: 'host',
      emailVerified: false,
      welcomeEmail: { status: 'sent', error: null, attempts: 1, queuedAt: sentAt, sentAt },
    };
    signedIn(EMAIL, { 'GET /api/contacts/c1': () => jsonResponse(200, { contact: host }) });
    renderContacts('/contacts/c1');
    const group = await screen.findByRole('group', {
      name: messages.contacts.welcomeEmail.title,
    });
    const simulated = sim.welcomeEmailSent.replace('%{time}', formatDateTime(sentAt));
    expect(await within(group).findByText(simulated)).toBeInTheDocument();
    expect(
      within(group).queryByText(
        messages.contacts.welcomeEmail.sent.replace('%{time}', formatDateTime(sentAt)),
      ),
    ).not.toBeInTheDocument();
  });

  it.each([
    ['simulated', EMAIL, sim.resetLinkLogged],
    ['real', SMS, messages.forgotPassword.sent],
  ])(
    'answers forgot-password with one text for every address when email is %s',
    async (_name, simulation, text) => {
      fakeApi({
        'GET /api/simulation': () => jsonResponse(200, simulation),
        'POST /api/auth/forgot-password': () => jsonResponse(200, { success: true }),
      });
      renderConsole('/forgot-password');
      await screen.findByRole('complementary', { name: sim.banner.label });
      const input = await screen.findByLabelText(new RegExp(`^${messages.forgotPassword.email}`));
      fireEvent.change(input, { target: { value: 'ada@example.org' } });
      fireEvent.click(screen.getByRole('button', { name: messages.forgotPassword.submit }));
      expect(await screen.findByText(text)).toBeInTheDocument();
    },
  );

  it("words a delivered message 'Delivered (simulated)' in the outbox while SMS is simulated", async () => {
    const delivered = apiMessage({ status: 'delivered' });
    signedIn(SMS, {
      'GET /api/messages': () => jsonResponse(200, { messages: [delivered], total: 1 }),
    });
    renderScreen(<MessageList />, { path: '/messages', resource: 'messages' });
    expect(await screen.findByText(sim.statuses.delivered)).toBeInTheDocument();
    expect(screen.queryByText(messages.delivery.statuses.delivered)).not.toBeInTheDocument();
  });
});
