import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DashboardPage from '../../src/admin/pages/DashboardPage';
import type { DashboardFailure, DashboardResponse } from '../../src/shared/responses/figures';
import { messages } from '../../src/shared/messages';
import { apiUser, fakeApi, jsonResponse, renderConsole, renderScreen, signIn } from './helpers';

const t = messages.dashboard;

const TODAY = {
  date: '2027-01-14',
  from: '2027-01-14T08:00:00.000Z',
  to: '2027-01-15T08:00:00.000Z',
};

const failure = (overrides: Partial<DashboardFailure>): DashboardFailure => ({
  id: 'm1',
  status: 'failed',
  kind: 'program',
  toPhone: '+15035550101',
  contactId: 'c1',
  contactName: 'Ana Alvarez',
  programId: 'p1',
  programName: 'Spring Steps',
  day: 3,
  errorCode: '30003',
  errorMessage: 'Unreachable handset: the phone is off or out of coverage.',
  at: '2027-01-14T17:05:00.000Z',
  ...overrides,
});

const busyDay: DashboardResponse = {
  today: { ...TODAY, due: 1204, sent: 87, failed: 2 },
  runningPrograms: {
    total: 7,
    programs: [
      {
        id: 'p1',
        name: 'Spring Steps',
        productName: 'Morning Walks',
        startDate: '2027-01-10',
        timeZone: 'America/Los_Angeles',
      },
      {
        id: 'p2',
        name: 'Sleep Reset',
        productName: 'Calm Nights',
        startDate: '2027-01-12',
        timeZone: 'America/New_York',
      },
    ],
  },
  recentFailures: [
    failure({}),
    failure({
      id: 'm2',
      status: 'undelivered',
      kind: 'test',
      toPhone: '+15035550199',
      contactId: null,
      contactName: null,
      programId: null,
      programName: null,
      day: null,
      errorCode: null,
      errorMessage: null,
      at: '2027-01-13T23:00:00.000Z',
    }),
  ],
};

const quietDay: DashboardResponse = {
  today: { ...TODAY, due: 0, sent: 0, failed: 0 },
  runningPrograms: { total: 0, programs: [] },
  recentFailures: [],
};

const grace = apiUser({ firstName: 'Grace' });

/**
 * The dashboard, signed in as Grace, the API answering GET /api/dashboard with `answer`; in the
 * whole console when `whole`, for a test that follows a link to another screen.
 */
function showDashboard(answer: () => Response | Promise<Response>, { whole = false } = {}) {
  const api = signIn({ 'GET /api/dashboard': answer }, grace);
  if (whole) renderConsole('/dashboard');
  else renderScreen(<DashboardPage />, { path: '/dashboard' });
  return api;
}

/** The list filters of an outbox link, as the messages list reads them from its address. */
function filterOf(href: string | null) {
  const url = new URL(href!, 'http://localhost');
  return { path: url.pathname, filter: JSON.parse(url.searchParams.get('filter') ?? '{}') };
}

const dashboardCalls = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls.filter(([url]) => String(url).endsWith('/api/dashboard')).length;

describe('/dashboard figures', () => {
  it('shows the greeting and the button while the figures load, and says they are loading', async () => {
    showDashboard(() => new Promise<Response>(() => undefined));
    expect(await screen.findByRole('heading', { name: 'Hello Grace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.sendTestMms })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: t.loading })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it("shows today's figures, each a link to the messages it counts", async () => {
    showDashboard(() => jsonResponse(200, busyDay));
    const today = await screen.findByRole('region', { name: t.today.title });
    expect(within(today).getByText('Thursday, January 14 (Los Angeles time)')).toBeInTheDocument();

    const due = within(today).getByRole('link', { name: `${t.today.due} 1,204` });
    expect(filterOf(due.getAttribute('href'))).toEqual({
      path: '/messages',
      filter: { status: ['queued', 'sending', 'unknown'], dueBefore: TODAY.to },
    });
    const sent = within(today).getByRole('link', { name: `${t.today.sent} 87` });
    expect(filterOf(sent.getAttribute('href'))).toEqual({
      path: '/messages',
      filter: { sentFrom: TODAY.from, sentBefore: TODAY.to },
    });
    const failed = within(today).getByRole('link', { name: `${t.today.failed} 2` });
    expect(filterOf(failed.getAttribute('href'))).toEqual({
      path: '/messages',
      filter: {
        status: ['failed', 'undelivered'],
        updatedFrom: TODAY.from,
        updatedBefore: TODAY.to,
      },
    });
    expect(due).toHaveAccessibleDescription(t.today.dueHelp);
  });

  it('names the running programs, each linked, and links to all of them', async () => {
    showDashboard(() => jsonResponse(200, busyDay));
    const running = await screen.findByRole('region', { name: t.running.title });
    expect(within(running).getByText('7 programs running')).toBeInTheDocument();
    expect(within(running).getByRole('link', { name: /Spring Steps/ })).toHaveAttribute(
      'href',
      '/programs/edit/p1',
    );
    expect(within(running).getByRole('link', { name: /Sleep Reset/ })).toHaveAttribute(
      'href',
      '/programs/edit/p2',
    );
    expect(within(running).getByText('Morning Walks')).toBeInTheDocument();
    const all = within(running).getByRole('link', { name: t.running.all });
    expect(filterOf(all.getAttribute('href'))).toEqual({
      path: '/programs',
      filter: { status: 'running' },
    });
  });

  it('lists the recent failures with who, which program, why and when, each opening the message', async () => {
    showDashboard(() => jsonResponse(200, busyDay));
    const failures = await screen.findByRole('region', { name: t.failures.title });
    const [first, second] = within(failures).getAllByRole('listitem');
    const firstLink = within(first!).getByRole('link');
    expect(firstLink).toHaveAttribute('href', '/messages/m1');
    expect(first).toHaveTextContent('Ana Alvarez');
    expect(first).toHaveTextContent('Spring Steps · Day 3');
    expect(first).toHaveTextContent(
      '30003: Unreachable handset: the phone is off or out of coverage.',
    );
    expect(first).toHaveTextContent('1/14/27, 9:05 AM');
    // No contact and no program: the phone and what the message was; no reason given.
    expect(within(second!).getByRole('link')).toHaveAttribute('href', '/messages/m2');
    expect(second).toHaveTextContent('+15035550199');
    expect(second).toHaveTextContent(messages.delivery.kinds.test);
    expect(second).toHaveTextContent(messages.delivery.panel.noReason);
    expect(second).toHaveTextContent(messages.delivery.statuses.undelivered);

    const all = within(failures).getByRole('link', { name: t.failures.all });
    expect(filterOf(all.getAttribute('href'))).toEqual({
      path: '/messages',
      filter: { status: ['failed', 'undelivered'] },
    });
    expect(within(failures).getByRole('link', { name: t.failures.analytics })).toHaveAttribute(
      'href',
      '/analytics',
    );
  });

  it('says so in a sentence when no program runs and nothing failed', async () => {
    showDashboard(() => jsonResponse(200, quietDay));
    const running = await screen.findByRole('region', { name: t.running.title });
    expect(within(running).getByText(t.running.empty)).toBeInTheDocument();
    expect(within(running).queryByRole('list')).not.toBeInTheDocument();
    const failures = screen.getByRole('region', { name: t.failures.title });
    expect(within(failures).getByText(t.failures.empty)).toBeInTheDocument();
    const today = screen.getByRole('region', { name: t.today.title });
    expect(within(today).getByRole('link', { name: `${t.today.due} 0` })).toBeInTheDocument();
  });

  it("shows the server's error with Try again, which asks again", async () => {
    let fail = true;
    const api = showDashboard(() =>
      fail ? jsonResponse(500, { error: 'Internal server error' }) : jsonResponse(200, busyDay),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal server error');
    // The rest of the page is there all the same.
    expect(screen.getByRole('button', { name: t.sendTestMms })).toBeInTheDocument();
    fail = false;
    await userEvent
      .setup()
      .click(within(alert).getByRole('button', { name: messages.app.tryAgain }));
    expect(await screen.findByRole('link', { name: `${t.today.due} 1,204` })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(dashboardCalls(api)).toBe(2);
  });

  it('says the figures could not be loaded when the request itself fails', async () => {
    showDashboard(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
  });

  it('opens the outbox on the messages a figure counts', async () => {
    const api = showDashboard(() => jsonResponse(200, busyDay), { whole: true });
    const user = userEvent.setup();
    api.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/verify')
        return jsonResponse(200, { valid: true, user: grace });
      if (url.pathname === '/api/dashboard') return jsonResponse(200, busyDay);
      if (url.pathname === '/api/messages') return jsonResponse(200, { messages: [], total: 0 });
      // The list's program and contact filters offer their choices.
      if (url.pathname === '/api/programs') return jsonResponse(200, { programs: [], total: 0 });
      if (url.pathname === '/api/contacts') return jsonResponse(200, { contacts: [], total: 0 });
      throw new TypeError(`Failed to fetch (${url.pathname})`);
    });
    await user.click(await screen.findByRole('link', { name: `${t.today.failed} 2` }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/messages'));
    await waitFor(() => {
      const call = api.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .find((url) => url.pathname === '/api/messages');
      expect(call).toBeDefined();
      expect(Object.fromEntries(call!.searchParams)).toMatchObject({
        status: 'failed,undelivered',
        updatedFrom: TODAY.from,
        updatedBefore: TODAY.to,
      });
    });
    // The list names those filters in Los Angeles time, as removable tags.
    const fields = messages.delivery.fields;
    expect(await screen.findByText(`${fields.updatedFrom}: 1/14/27, 12:00 AM`)).toBeInTheDocument();
    expect(screen.getByText(`${fields.updatedBefore}: 1/15/27, 12:00 AM`)).toBeInTheDocument();
  });
});
