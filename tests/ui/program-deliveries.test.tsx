import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SCHEDULE_MAX_HEIGHT } from '../../src/admin/programs/form/ScheduleTable';
import { DELIVERIES_REFRESH_MS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import type {
  ApiDeliveryDay,
  ApiProgramDeliveries,
  Program,
} from '../../src/shared/responses/programs';
import { emptyDeliveries } from './messages-helpers';
import { ids, openProgram, program, programsProvider } from './programs-helpers';

const t = messages.delivery;
const c = messages.conversations;

const day = (
  overrides: Partial<ApiDeliveryDay> & { day: number; sendAt: string },
): ApiDeliveryDay => ({
  queued: 0,
  sending: 0,
  unknown: 0,
  sent: 0,
  delivered: 0,
  undelivered: 0,
  failed: 0,
  expired: 0,
  canceled: 0,
  skipped: 0,
  failures: [],
  waiting: [],
  clicks: null,
  ...overrides,
});

// Spring Walks: two days in New York at 9:00, from 3/13/27 (the day before the DST change).
const deliveries: ApiProgramDeliveries = {
  ...emptyDeliveries,
  recipients: 12,
  audience: {
    total: 15,
    recipients: 12,
    inactive: 1,
    optedOut: 1,
    noPhone: 0,
    notOptedIn: 1,
    sharedPhone: 0,
  },
  days: [
    day({ day: 0, sendAt: '2027-03-13T14:00:00.000Z', delivered: 3 }),
    day({
      day: 1,
      sendAt: '2027-03-14T13:00:00.000Z',
      delivered: 1,
      sent: 1,
      failed: 1,
      failures: [{ errorCode: '21211', errorMessage: "Invalid 'To' Phone Number", count: 1 }],
    }),
    day({
      day: 2,
      sendAt: '2027-03-15T13:00:00.000Z',
      queued: 3,
      // 08:00 in Los Angeles (PDT): quiet hours hold two recipients' messages until then.
      waiting: [{ until: '2027-03-15T15:00:00.000Z', timeZone: 'America/Los_Angeles', count: 2 }],
    }),
  ],
};

/** The statuses these days have messages in: only those get a column. */
const statusHeaders = [t.statuses.queued, t.statuses.sent, t.statuses.delivered, t.statuses.failed];

function render(stored: Program = program(), answer: ApiProgramDeliveries = deliveries) {
  const dataProvider = {
    ...programsProvider(stored),
    getProgramDeliveries: vi.fn(async (_id: string) => answer),
  };
  openProgram(`/programs/${stored.id}`, dataProvider);
  return dataProvider;
}

const panel = () => screen.findByRole('region', { name: t.panel.title });
/** The panel once its counts are in. */
async function loadedPanel() {
  const region = await panel();
  await within(region).findByRole('table', { name: t.panel.title });
  return region;
}
const rowOf = (region: HTMLElement, title: string) =>
  within(region).getByRole('rowheader', { name: title }).closest('tr') as HTMLElement;
const filterOf = (link: HTMLElement) =>
  JSON.parse(
    new URL(link.getAttribute('href')!, 'http://x').searchParams.get('filter')!,
  ) as unknown;

afterEach(() => {
  vi.useRealTimers();
});

describe("the program's Deliveries panel", () => {
  it('counts each day by status, at its local date and time, with who will receive them', async () => {
    const dataProvider = render();
    const region = await panel();
    expect(
      await within(region).findByText(
        '12 of 15 participants in its pods will receive messages. Not receiving: 1 inactive, 1 opted out, 1 not opted in.',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.getProgramDeliveries).toHaveBeenCalledWith(ids.program);

    const pre = rowOf(region, 'Pre-message (Day 0)');
    expect(within(pre).getByText('3/13/27, 9:00 AM')).toBeInTheDocument();
    const first = rowOf(region, 'Day 1');
    // After the change to daylight time, still 9:00 in New York.
    expect(within(first).getByText('3/14/27, 9:00 AM')).toBeInTheDocument();
    const last = rowOf(region, 'Day 2');
    expect(within(last).getByRole('link', { name: `${t.statuses.queued}: 3` })).toBeInTheDocument();

    // Only statuses some day has get a column.
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([t.panel.day, t.panel.sendAt, ...statusHeaders]);
  });

  it("counts a rolling program's enrollments, and its days by number without one date", async () => {
    render(program({ enrollment: 'rolling' }), {
      ...deliveries,
      enrollments: { enrolled: 14, active: 9, finished: 3, ended: 2 },
    });
    const region = await loadedPanel();
    const counts = within(region).getByRole('group', { name: t.panel.enrollments.title });
    expect(counts).toHaveAccessibleDescription(t.panel.enrollments.help);
    expect(
      within(counts)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      t.panel.enrollments.enrolled,
      t.panel.enrollments.active,
      t.panel.enrollments.finished,
      t.panel.enrollments.ended,
    ]);
    expect(
      within(counts)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['14', '9', '3', '2']);
    // Each participant's day goes out on their own calendar: no one date per day.
    expect(within(region).getByText(t.panel.rollingDays)).toBeInTheDocument();
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([t.panel.day, ...statusHeaders]);
    expect(within(region).queryByText('3/14/27, 9:00 AM')).not.toBeInTheDocument();
    const first = rowOf(region, 'Day 1');
    expect(
      within(first).getByRole('link', { name: `${t.statuses.failed}: 1` }),
    ).toBeInTheDocument();
    // The failures' note spans the day's counts still.
    const note = within(region).getByText(t.panel.failures).closest('td')!;
    expect(note).toHaveAttribute('colspan', String(headers.length - 1));
  });

  it('counts no enrollments for a cohort program', async () => {
    render();
    const region = await loadedPanel();
    expect(
      within(region).queryByRole('group', { name: t.panel.enrollments.title }),
    ).not.toBeInTheDocument();
    expect(within(region).queryByText(t.panel.rollingDays)).not.toBeInTheDocument();
  });

  it('links each count to the messages of that program, day and status', async () => {
    render();
    const region = await loadedPanel();
    const first = rowOf(region, 'Day 1');
    const failed = within(first).getByRole('link', { name: `${t.statuses.failed}: 1` });
    expect(failed.getAttribute('href')).toMatch(/^\/messages\?filter=/);
    expect(filterOf(failed)).toEqual({ programId: ids.program, day: 1, status: ['failed'] });
    const sent = within(first).getByRole('link', { name: `${t.statuses.sent}: 1` });
    expect(filterOf(sent)).toEqual({ programId: ids.program, day: 1, status: ['sent'] });
    // A zero is not a link.
    expect(
      within(first).queryByRole('link', { name: `${t.statuses.queued}: 0` }),
    ).not.toBeInTheDocument();
    expect(filterOf(within(region).getByRole('link', { name: t.panel.allMessages }))).toEqual({
      programId: ids.program,
    });
  });

  it('gives each day with tracked links its clickers and click rate, and the others a dash', async () => {
    render(program(), {
      ...deliveries,
      days: [
        { ...deliveries.days[0]!, clicks: { messages: 3, reached: 3, clicked: 2, rate: 2 / 3 } },
        // Handed over, none reported delivered yet, nobody opened it: a rate of 0.
        { ...deliveries.days[1]!, clicks: { messages: 3, reached: 2, clicked: 0, rate: 0 } },
        // Nothing reached anyone yet: no rate.
        { ...deliveries.days[2]!, clicks: { messages: 3, reached: 0, clicked: 0, rate: null } },
        day({ day: 3, sendAt: '2027-03-16T13:00:00.000Z', delivered: 3 }),
      ],
    });
    const region = await loadedPanel();
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(-2)).toEqual([t.panel.clicked, t.panel.clickRate]);
    const clickCells = (title: string) =>
      [...rowOf(region, title).querySelectorAll('td')].slice(-2).map((cell) => cell.textContent);
    expect(clickCells('Pre-message (Day 0)')).toEqual(['2', '66.7%']);
    expect(clickCells('Day 1')).toEqual(['0', '0%']);
    expect(clickCells('Day 2')).toEqual(['0', '—']);
    expect(clickCells('Conclusion (Day 3)')).toEqual(['—', '—']);
    // The rate says of how many.
    expect(within(rowOf(region, 'Pre-message (Day 0)')).getByText('66.7%')).toHaveAttribute(
      'title',
      '2 of 3 that reached the phone',
    );
    expect(within(region).getByText(t.panel.clicksHelp)).toBeInTheDocument();
    // The failures' note spans the click columns too.
    const note = within(region).getByText(t.panel.failures).closest('td')!;
    expect(note).toHaveAttribute('colspan', String(headers.length - 1));
  });

  it("lists a day's failures with their error text", async () => {
    render();
    const region = await loadedPanel();
    expect(within(region).getByText("21211: Invalid 'To' Phone Number (1)")).toBeInTheDocument();
  });

  it('says when the messages quiet hours hold will go, on the clock where they wait', async () => {
    // jsdom has no layout: give the schedule's box its height, so the virtualizer draws its rows.
    const height = vi
      .spyOn(Element.prototype, 'clientHeight', 'get')
      .mockReturnValue(SCHEDULE_MAX_HEIGHT);
    onTestFinished(() => height.mockRestore());
    render();
    const region = await loadedPanel();
    expect(within(region).getByText(t.panel.quietHours)).toBeInTheDocument();
    expect(
      within(region).getByText('2 waiting for 8:00 AM on 3/15/27 in Los Angeles'),
    ).toBeInTheDocument();
    // The schedule beside the form says it on that day's row too.
    const schedule = screen.getByRole('table', { name: messages.programs.schedule.title });
    const row = (await within(schedule).findByText('Day 2')).closest('tr') as HTMLElement;
    expect(
      within(row).getByText('2 waiting for 8:00 AM on 3/15/27 in Los Angeles'),
    ).toBeInTheDocument();
  });

  it('says when nothing is planned yet', async () => {
    render(program(), {
      ...emptyDeliveries,
      recipients: 1,
      audience: { ...emptyDeliveries.audience, total: 1, recipients: 1 },
    });
    const region = await panel();
    expect(await within(region).findByText(t.panel.empty)).toBeInTheDocument();
    // Everyone receives them: no reasons to give.
    expect(
      within(region).getByText('1 of 1 participant in its pods will receive messages.'),
    ).toBeInTheDocument();
  });

  it('gives each reason some participants will not receive the messages, and only those', async () => {
    render(program(), {
      ...emptyDeliveries,
      audience: {
        total: 7,
        recipients: 1,
        inactive: 0,
        optedOut: 2,
        noPhone: 3,
        notOptedIn: 0,
        sharedPhone: 1,
      },
    });
    const region = await panel();
    expect(
      await within(region).findByText(
        '1 of 7 participants in its pods will receive messages. Not receiving: 2 opted out, 3 without a phone number, 1 sharing a number with another participant (it gets each message once).',
      ),
    ).toBeInTheDocument();
  });

  it('says when its pods have no active participants', async () => {
    render(program(), emptyDeliveries);
    const region = await panel();
    expect(await within(region).findByText(c.audience.nobody)).toBeInTheDocument();
  });

  it('says so while it loads', async () => {
    const dataProvider = render();
    dataProvider.getProgramDeliveries.mockImplementation(() => new Promise(() => undefined));
    const region = await panel();
    expect(within(region).getByRole('progressbar')).toBeInTheDocument();
  });

  it("shows the server's error when the counts cannot be loaded", async () => {
    const dataProvider = {
      ...programsProvider(program()),
      getProgramDeliveries: vi.fn(async () => {
        throw new HttpError('Forbidden', 403, { error: 'Not allowed' });
      }),
    };
    openProgram(`/programs/${ids.program}`, dataProvider);
    const region = await panel();
    expect(await within(region).findByText('Not allowed')).toBeInTheDocument();
  });

  it('refreshes itself every few seconds while the program runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = render();
    await panel();
    await waitFor(() => expect(dataProvider.getProgramDeliveries).toHaveBeenCalledTimes(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS);
    });
    await waitFor(() => expect(dataProvider.getProgramDeliveries).toHaveBeenCalledTimes(2));
  });

  it('refreshes a completed program while some of its messages are on their way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = render(program({ status: 'completed' }));
    await panel();
    await waitFor(() => expect(dataProvider.getProgramDeliveries).toHaveBeenCalledTimes(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS);
    });
    await waitFor(() => expect(dataProvider.getProgramDeliveries).toHaveBeenCalledTimes(2));
  });

  it('does not refresh a completed program whose messages have all settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const settled = {
      ...emptyDeliveries,
      recipients: 3,
      days: [day({ day: 0, sendAt: '2027-03-13T14:00:00.000Z', delivered: 3 })],
    };
    const dataProvider = render(program({ status: 'completed' }), settled);
    await panel();
    await waitFor(() => expect(dataProvider.getProgramDeliveries).toHaveBeenCalledTimes(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS * 2);
    });
    expect(dataProvider.getProgramDeliveries).toHaveBeenCalledTimes(1);
  });

  it('does not refresh a paused program', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = render(
      program({ status: 'paused', pausedAt: '2027-03-14T18:00:00.000Z' }),
    );
    await panel();
    await waitFor(() => expect(dataProvider.getProgramDeliveries).toHaveBeenCalledTimes(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS * 2);
    });
    expect(dataProvider.getProgramDeliveries).toHaveBeenCalledTimes(1);
  });
});
