import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import AnalyticsPage from '../../src/admin/analytics/AnalyticsPage';
import { dataProvider as realDataProvider } from '../../src/admin/providers/dataProvider';
import { ANALYTICS_MAX_DAYS, type AnalyticsQuery } from '../../src/shared/analytics';
import type {
  AnalyticsDay,
  AnalyticsProgram,
  AnalyticsResponse,
} from '../../src/shared/responses/figures';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { addDays } from '../../src/shared/schedule';
import { fakeApi, jsonResponse, renderScreen, signIn, storeSession } from './helpers';
import { fakeDataProvider } from './products-helpers';
import { ids, program } from './programs-helpers';

const t = messages.analytics;
/** How long react-admin's AutocompleteInput waits after typing before it searches. */
const AUTOCOMPLETE_DELAY_MS = 250;
const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');

// 07:30 UTC on 24 November is still 23 November in Los Angeles (23:30 PST): the default range is
// the 30 Los Angeles days ending then, not the UTC ones.
const NOW = new Date('2026-11-24T07:30:00.000Z');
const DEFAULT_FROM = '2026-10-25';
const DEFAULT_TO = '2026-11-23';

const days = (
  from: string,
  count: number,
  fill: (i: number) => Partial<AnalyticsDay> = () => ({}),
) =>
  Array.from({ length: count }, (_, i) => ({
    date: addDays(from, i),
    sent: 0,
    delivered: 0,
    failed: 0,
    ...fill(i),
  }));

const row = (
  programId: string,
  programName: string,
  figures: Omit<AnalyticsProgram, 'programId' | 'programName'>,
): AnalyticsProgram => ({ programId, programName, ...figures });

const programs: AnalyticsProgram[] = [
  row(ids.program, 'Spring Walks', {
    sent: 1000,
    delivered: 950,
    deliveryRate: 0.95,
    optOuts: 2,
    recipients: 50,
    optOutRate: 0.04,
  }),
  row(ids.walks, 'Evening Calm', {
    sent: 40,
    delivered: 40,
    deliveryRate: 1,
    optOuts: 3,
    recipients: 20,
    optOutRate: 0.15,
  }),
  // A name a spreadsheet would run as a formula, with a comma and quotes; it sent nothing.
  row(ids.calm, '=HYPERLINK("x"), quiet', {
    sent: 0,
    delivered: 0,
    deliveryRate: null,
    optOuts: 1,
    recipients: 0,
    optOutRate: null,
  }),
  row(ids.old, 'Morning Walks', {
    sent: 194,
    delivered: 155,
    deliveryRate: 0.8,
    optOuts: 0,
    recipients: 10,
    optOutRate: 0,
  }),
];

const answer: AnalyticsResponse = {
  totals: {
    sent: 1234,
    delivered: 1145,
    failed: 20,
    expired: 3,
    optIns: 12,
    optOuts: 6,
    replies: 45,
    deliveryRate: 1145 / 1234,
  },
  days: days(DEFAULT_FROM, 30, (i) => ({ sent: i * 2, delivered: i, failed: i % 2 })),
  failures: [
    { errorCode: '30003', errorMessage: 'Unreachable destination handset', count: 12 },
    { errorCode: null, errorMessage: null, count: 8 },
  ],
  programs,
  // Spring Walks and Evening Calm sent tracked links; Morning Walks sent none.
  clicks: {
    totals: { messages: 1000, reached: 980, clicked: 245, rate: 0.25 },
    days: [{ date: DEFAULT_TO, messages: 1000, reached: 980, clicked: 245, rate: 0.25 }],
    programs: [
      { programId: ids.program, messages: 960, reached: 940, clicked: 235, rate: 0.25 },
      { programId: ids.walks, messages: 40, reached: 40, clicked: 10, rate: 0.25 },
    ],
    programDays: [
      {
        programId: ids.walks,
        programName: 'Evening Calm',
        day: 0,
        messages: 40,
        reached: 40,
        clicked: 10,
        rate: 0.25,
        links: [
          {
            linkIndex: 0,
            url: 'https://example.org/calm',
            messages: 40,
            reached: 40,
            clicked: 10,
            rate: 0.25,
          },
        ],
      },
      {
        programId: ids.program,
        programName: 'Spring Walks',
        day: 2,
        messages: 960,
        reached: 940,
        clicked: 235,
        rate: 0.25,
        links: [
          {
            linkIndex: 0,
            url: 'https://example.org/map',
            messages: 960,
            reached: 940,
            clicked: 200,
            rate: 200 / 940,
          },
          {
            linkIndex: 1,
            url: 'https://example.org/plan',
            messages: 960,
            reached: 940,
            clicked: 47,
            rate: 0.05,
          },
        ],
      },
    ],
  },
};

const nothing: AnalyticsResponse = {
  totals: {
    sent: 0,
    delivered: 0,
    failed: 0,
    expired: 0,
    optIns: 0,
    optOuts: 0,
    replies: 0,
    deliveryRate: null,
  },
  days: days(DEFAULT_FROM, 30),
  failures: [],
  programs: [],
  clicks: {
    totals: { messages: 0, reached: 0, clicked: 0, rate: null },
    days: [],
    programs: [],
    programDays: [],
  },
};

const springWalks = program();

function analyticsProvider(
  getAnalytics: (query: AnalyticsQuery) => Promise<AnalyticsResponse> = async () => answer,
) {
  return {
    ...fakeDataProvider(),
    getAnalytics: vi.fn(getAnalytics),
    // The program input searches programs, a page at a time, and loads the chosen one.
    getList: vi.fn(async (resource: string, _params: Record<string, unknown>) =>
      resource === 'programs' ? { data: [springWalks], total: 1 } : { data: [], total: 0 },
    ),
    getMany: vi.fn(async (resource: string, _params: Record<string, unknown>) => ({
      data: resource === 'programs' ? [springWalks] : [],
    })),
  };
}

type AnalyticsProvider = ReturnType<typeof analyticsProvider>;

function open(path = '/analytics', dataProvider = analyticsProvider()) {
  signIn();
  renderScreen(<AnalyticsPage />, { path, dataProvider });
  return dataProvider;
}

const card = (name: string) => screen.getByRole('group', { name });
const pickerInput = (name: 'from' | 'to') =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const typeDate = (name: 'from' | 'to', value: string) =>
  fireEvent.change(pickerInput(name), { target: { value } });
const lastQuery = (dataProvider: AnalyticsProvider) =>
  dataProvider.getAnalytics.mock.calls.at(-1)?.[0];
const figuresShown = () => screen.findByRole('group', { name: t.cards.sent });
const programTable = () => screen.getByRole('table', { name: t.programs.title });
const programOrder = () =>
  within(programTable())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const sortBy = (heading: string) =>
  fireEvent.click(within(programTable()).getByRole('button', { name: new RegExp(`^${heading}`) }));

/**
 * Catches what the page hands the browser to download: the file names, and the one file's blob and
 * its text (its byte-order mark kept). Undone after the test.
 */
function catchDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:analytics');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const filenames: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    filenames.push(this.download);
  });
  onTestFinished(() => click.mockRestore());
  return {
    async saved() {
      const blob = createObjectURL.mock.calls[0]![0];
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
      return { filenames, blob, text };
    },
  };
}

beforeEach(() => {
  // Only the clock is faked, and it runs on from NOW: react-query and react-admin keep their real
  // timers, and the search's debounce (which reads the clock) still fires.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the Analytics screen', () => {
  it('asks for the last 30 days in Los Angeles time by default and shows them in the pickers', async () => {
    const dataProvider = open();
    await figuresShown();
    expect(dataProvider.getAnalytics).toHaveBeenCalledTimes(1);
    expect(dataProvider.getAnalytics).toHaveBeenCalledWith({ from: DEFAULT_FROM, to: DEFAULT_TO });
    expect(pickerInput('from')).toHaveValue('10/25/2026');
    expect(pickerInput('to')).toHaveValue('11/23/2026');
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(
      screen.getByText(formatMessage(t.rangeHelp, { max: ANALYTICS_MAX_DAYS })),
    ).toBeInTheDocument();
    expect(screen.getByText('10/25/26 to 11/23/26, Los Angeles time.')).toBeInTheDocument();
  });

  it('shows each figure with what it counts, and the delivery rate as a percent', async () => {
    open();
    await figuresShown();
    const expected: [string, string, string][] = [
      [t.cards.sent, '1,234', t.cards.sentHelp],
      [t.cards.delivered, '1,145', t.cards.deliveredHelp],
      [t.cards.failed, '20', t.cards.failedHelp],
      [t.cards.expired, '3', t.cards.expiredHelp],
      [t.cards.deliveryRate, '92.8%', t.cards.deliveryRateHelp],
      [t.cards.optIns, '12', t.cards.optInsHelp],
      [t.cards.optOuts, '6', t.cards.optOutsHelp],
      [t.cards.replies, '45', t.cards.repliesHelp],
      [t.cards.clicked, '245', t.cards.clickedHelp],
      [t.cards.clickRate, '25%', t.cards.clickRateHelp],
    ];
    for (const [name, value, help] of expected) {
      const figure = card(name);
      expect(within(figure).getByText(value)).toBeInTheDocument();
      expect(figure).toHaveAccessibleDescription(help);
    }
    // The chart of the days, named for assistive technology.
    expect(
      await screen.findByRole('img', {
        name: formatMessage(t.chart.label, { from: '10/25/26', to: '11/23/26' }),
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(t.chart.empty)).not.toBeInTheDocument();
  });

  it('says it is loading until the figures come', async () => {
    let resolve: ((value: AnalyticsResponse) => void) | undefined;
    open(
      '/analytics',
      analyticsProvider(() => new Promise((done) => (resolve = done))),
    );
    expect(await screen.findByRole('progressbar', { name: t.loading })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: t.cards.sent })).not.toBeInTheDocument();
    await waitFor(() => expect(resolve).toBeTypeOf('function'));
    await act(async () => resolve?.(answer));
    await figuresShown();
    // The chart's code may still be on its way; then nothing is loading any more.
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: t.loading })).not.toBeInTheDocument(),
    );
  });

  it('says so in words when nothing happened in the range', async () => {
    open(
      '/analytics',
      analyticsProvider(async () => nothing),
    );
    await figuresShown();
    expect(screen.getByText(t.chart.empty)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Line chart/ })).not.toBeInTheDocument();
    expect(screen.getByText(t.failures.empty)).toBeInTheDocument();
    expect(screen.getByText(t.programs.empty)).toBeInTheDocument();
    expect(within(card(t.cards.sent)).getByText('0')).toBeInTheDocument();
    expect(within(card(t.cards.deliveryRate)).getByText('—')).toBeInTheDocument();
    // No tracked link went out: no click to count, rather than 0.
    expect(within(card(t.cards.clicked)).getByText('—')).toBeInTheDocument();
    expect(within(card(t.cards.clickRate)).getByText('—')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.programs.exportCsv })).not.toBeInTheDocument();
  });

  it("shows the server's error with Try Again, which asks again", async () => {
    let calls = 0;
    const dataProvider = open(
      '/analytics',
      analyticsProvider(async () => {
        calls += 1;
        if (calls === 1) {
          throw new HttpError('The database is busy', 503, { error: 'The database is busy' });
        }
        return answer;
      }),
    );
    expect(await screen.findByText('The database is busy')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.app.tryAgain }));
    await figuresShown();
    expect(screen.queryByText('The database is busy')).not.toBeInTheDocument();
    expect(dataProvider.getAnalytics).toHaveBeenCalledTimes(2);
    expect(lastQuery(dataProvider)).toEqual({ from: DEFAULT_FROM, to: DEFAULT_TO });
  });

  it('says the figures could not be loaded when the server cannot be reached', async () => {
    open(
      '/analytics',
      analyticsProvider(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await screen.findByText(t.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.app.tryAgain })).toBeInTheDocument();
  });
});

describe('choosing what to see', () => {
  it('asks for a new range when a date changes, and keeps it in the address', async () => {
    const dataProvider = open();
    await figuresShown();
    typeDate('from', '11/01/2026');
    await waitFor(() =>
      expect(lastQuery(dataProvider)).toEqual({ from: '2026-11-01', to: DEFAULT_TO }),
    );
    expect(search().get('from')).toBe('2026-11-01');
    expect(search().get('to')).toBe(DEFAULT_TO);
    await screen.findByText('11/1/26 to 11/23/26, Los Angeles time.');

    typeDate('to', '11/15/2026');
    await waitFor(() =>
      expect(lastQuery(dataProvider)).toEqual({ from: '2026-11-01', to: '2026-11-15' }),
    );
    expect(search().get('to')).toBe('2026-11-15');
  });

  it('opens the view a link names: its dates and its program', async () => {
    const dataProvider = open(`/analytics?from=2026-01-01&to=2026-01-31&programId=${ids.program}`);
    await figuresShown();
    expect(dataProvider.getAnalytics).toHaveBeenCalledWith({
      from: '2026-01-01',
      to: '2026-01-31',
      programId: ids.program,
    });
    expect(dataProvider.getAnalytics).toHaveBeenCalledTimes(1);
    expect(pickerInput('from')).toHaveValue('01/01/2026');
    expect(pickerInput('to')).toHaveValue('01/31/2026');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: t.program })).toHaveValue('Spring Walks'),
    );
    expect(screen.getByText(new RegExp(t.programScope.replace(/[.()]/g, '\\$&')))).toBeVisible();
  });

  it('asks for one program when it is chosen, found by a search on the server', async () => {
    // The search waits for a pause in typing: every timer is fake here, to make it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = open();
    await figuresShown();
    const input = screen.getByRole('combobox', { name: t.program });
    fireEvent.change(input, { target: { value: 'Spring' } });
    await act(() => vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'programs',
        expect.objectContaining({ filter: { q: 'Spring' } }),
      ),
    );
    // Never the whole table: a page of matches, by name.
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'programs',
      expect.objectContaining({ pagination: { page: 1, perPage: 20 } }),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Spring Walks' }));
    await waitFor(() =>
      expect(lastQuery(dataProvider)).toEqual({
        from: DEFAULT_FROM,
        to: DEFAULT_TO,
        programId: ids.program,
      }),
    );
    expect(search().get('programId')).toBe(ids.program);
    expect(search().get('from')).toBe(DEFAULT_FROM);
  });

  it('says why a range is refused, next to its dates, and asks nothing', async () => {
    const dataProvider = open();
    await figuresShown();
    typeDate('to', '10/01/2026');
    expect(await screen.findByText(messages.analyticsApi.toBeforeFrom)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: t.cards.sent })).not.toBeInTheDocument();

    // From 1/1/2025 to 10/1/2026: more than a leap year.
    typeDate('from', '01/01/2025');
    expect(
      await screen.findByText(
        formatMessage(messages.analyticsApi.rangeTooLong, { max: ANALYTICS_MAX_DAYS }),
      ),
    ).toBeInTheDocument();
    expect(dataProvider.getAnalytics).toHaveBeenCalledTimes(1);
    // The address keeps the last range that was shown.
    expect(search().get('from')).toBeNull();
  });

  it('refuses a range from a link without asking', async () => {
    const dataProvider = open('/analytics?from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText(messages.analyticsApi.toBeforeFrom)).toBeInTheDocument();
    expect(dataProvider.getAnalytics).not.toHaveBeenCalled();
  });

  it('goes back to the view before with Back, dates and program alike', async () => {
    // The program search waits for a pause in typing: every timer is fake here, to make it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = analyticsProvider();
    signIn();
    const { router } = renderScreen(<AnalyticsPage />, {
      path: '/analytics?from=2026-11-01&to=2026-11-23',
      history: ['/dashboard'],
      dataProvider,
    });
    await figuresShown();
    typeDate('from', '11/10/2026');
    await waitFor(() =>
      expect(lastQuery(dataProvider)).toEqual({ from: '2026-11-10', to: DEFAULT_TO }),
    );
    const program = screen.getByRole('combobox', { name: t.program });
    fireEvent.change(program, { target: { value: 'Spring' } });
    await act(() => vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS));
    fireEvent.click(await screen.findByRole('option', { name: 'Spring Walks' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?from=2026-11-10&to=2026-11-23&programId=${ids.program}`,
      ),
    );
    expect(screen.getByRole('combobox', { name: t.program })).toHaveValue('Spring Walks');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: t.program })).toHaveValue(''));
    expect(router.state.location.search).toBe('?from=2026-11-10&to=2026-11-23');
    await waitFor(() =>
      expect(lastQuery(dataProvider)).toEqual({ from: '2026-11-10', to: DEFAULT_TO }),
    );

    await act(() => router.navigate(-1));
    await waitFor(() => expect(pickerInput('from')).toHaveValue('11/01/2026'));
    await screen.findByText('11/1/26 to 11/23/26, Los Angeles time.');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the tables', () => {
  it('lists the top failure reasons, each opening the failed messages', async () => {
    open(`/analytics?from=${DEFAULT_FROM}&to=${DEFAULT_TO}&programId=${ids.program}`);
    await figuresShown();
    const table = screen.getByRole('table', { name: t.failures.title });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['30003', 'Unreachable destination handset', '12'],
      ['—', messages.delivery.panel.noReason, '8'],
    ]);
    const link = within(table).getByRole('link', { name: 'Unreachable destination handset' });
    const filter = JSON.parse(
      new URL(link.getAttribute('href')!, 'http://x').searchParams.get('filter')!,
    ) as unknown;
    expect(filter).toEqual({ programId: ids.program, status: ['failed', 'undelivered'] });
  });

  it('lists each program with its figures, linked to its page', async () => {
    open();
    await figuresShown();
    expect(programOrder()).toEqual([
      'Spring Walks',
      'Morning Walks',
      'Evening Calm',
      '=HYPERLINK("x"), quiet',
    ]);
    const spring = within(programTable()).getByRole('link', { name: 'Spring Walks' });
    expect(spring).toHaveAttribute('href', `/programs/${ids.program}`);
    const cells = [...spring.closest('tr')!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toEqual(['1,000', '950', '95%', '2', '4%', '235', '25%']);
    const quiet = within(programTable()).getByRole('rowheader', { name: '=HYPERLINK("x"), quiet' });
    expect([...quiet.closest('tr')!.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '0',
      '0',
      '—',
      '1',
      '—',
      // It sent no tracked link: nothing to count.
      '—',
      '—',
    ]);
  });

  it('sorts by delivery rate and by opt-out rate, a program without a rate last', async () => {
    open();
    await figuresShown();
    sortBy(t.programs.deliveryRate);
    expect(programOrder()).toEqual([
      'Evening Calm',
      'Spring Walks',
      'Morning Walks',
      '=HYPERLINK("x"), quiet',
    ]);
    sortBy(t.programs.deliveryRate);
    expect(programOrder()).toEqual([
      'Morning Walks',
      'Spring Walks',
      'Evening Calm',
      '=HYPERLINK("x"), quiet',
    ]);
    sortBy(t.programs.optOutRate);
    expect(programOrder()).toEqual([
      'Evening Calm',
      'Spring Walks',
      'Morning Walks',
      '=HYPERLINK("x"), quiet',
    ]);
    sortBy(t.programs.optOutRate);
    expect(programOrder()).toEqual([
      'Morning Walks',
      'Spring Walks',
      'Evening Calm',
      '=HYPERLINK("x"), quiet',
    ]);
    sortBy(t.programs.program);
    expect(programOrder()).toEqual([
      '=HYPERLINK("x"), quiet',
      'Evening Calm',
      'Morning Walks',
      'Spring Walks',
    ]);
  });

  it('sorts by click rate, the programs without tracked links last', async () => {
    open();
    await figuresShown();
    sortBy(t.programs.clickRate);
    // A tie goes by name.
    expect(programOrder()).toEqual([
      'Evening Calm',
      'Spring Walks',
      '=HYPERLINK("x"), quiet',
      'Morning Walks',
    ]);
  });

  it('exports the table as CSV in the order shown, names escaped', async () => {
    const download = catchDownloads();
    open();
    await figuresShown();
    sortBy(t.programs.optOutRate);
    const panel = screen.getByRole('region', { name: t.programs.title });
    fireEvent.click(within(panel).getByRole('button', { name: t.programs.exportCsv }));
    const { filenames, blob, text } = await download.saved();
    expect(filenames).toEqual([`analytics-programs-${DEFAULT_FROM}-to-${DEFAULT_TO}.csv`]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(text).toBe(
      '\uFEFFProgram,Sent,Delivered,Delivery rate,Opt-outs,Opt-out rate,Clicked,Click rate\r\n' +
        'Evening Calm,40,40,100%,3,15%,10,25%\r\n' +
        'Spring Walks,1000,950,95%,2,4%,235,25%\r\n' +
        'Morning Walks,194,155,80%,0,0%,,\r\n' +
        `"'=HYPERLINK(""x""), quiet",0,0,,1,,,\r\n`,
    );
  });

  it('lists the tracked links of each program day, a day of several links with a line for each', async () => {
    open();
    await figuresShown();
    const table = screen.getByRole('table', { name: t.links.title });
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['Evening Calm', 'Pre-message (Day 0)', 'https://example.org/calm', '40', '10', '25%'],
      ['Spring Walks', 'Day 2', 'Any of its 2 links', '940', '235', '25%'],
      ['', '', 'https://example.org/map', '940', '200', '21.3%'],
      ['', '', 'https://example.org/plan', '940', '47', '5%'],
    ]);
    expect(within(table).getByRole('link', { name: 'Spring Walks' })).toHaveAttribute(
      'href',
      `/programs/${ids.program}`,
    );
  });

  it('exports the tracked links as CSV, line for line', async () => {
    const download = catchDownloads();
    open();
    await figuresShown();
    const panel = screen.getByRole('region', { name: t.links.title });
    fireEvent.click(within(panel).getByRole('button', { name: t.links.exportCsv }));
    const { filenames, blob, text } = await download.saved();
    expect(filenames).toEqual([`analytics-links-${DEFAULT_FROM}-to-${DEFAULT_TO}.csv`]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(text).toBe(
      '\uFEFFProgram,Day,Link,Reached,Clicked,Click rate\r\n' +
        'Evening Calm,0,https://example.org/calm,40,10,25%\r\n' +
        'Spring Walks,2,Any of its 2 links,940,235,25%\r\n' +
        'Spring Walks,2,https://example.org/map,940,200,21.3%\r\n' +
        'Spring Walks,2,https://example.org/plan,940,47,5%\r\n',
    );
  });

  it('says so when no message of the range carried a tracked link', async () => {
    open(
      '/analytics',
      analyticsProvider(async () => nothing),
    );
    await figuresShown();
    const panel = screen.getByRole('region', { name: t.links.title });
    expect(within(panel).getByText(t.links.empty)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('getAnalytics', () => {
  it('asks GET /api/analytics with the range and the program', async () => {
    storeSession();
    const api = fakeApi({ 'GET /api/analytics': () => jsonResponse(200, answer) });
    const result = await realDataProvider.getAnalytics({
      from: DEFAULT_FROM,
      to: DEFAULT_TO,
      programId: ids.program,
    });
    expect(result).toEqual(answer);
    expect(String(api.mock.calls[0]![0])).toBe(
      `/api/analytics?from=${DEFAULT_FROM}&to=${DEFAULT_TO}&programId=${ids.program}`,
    );
    await realDataProvider.getAnalytics({ from: DEFAULT_FROM, to: DEFAULT_TO });
    expect(String(api.mock.calls[1]![0])).toBe(
      `/api/analytics?from=${DEFAULT_FROM}&to=${DEFAULT_TO}`,
    );
  });

  it("rejects with the server's error text", async () => {
    storeSession();
    fakeApi({
      'GET /api/analytics': () =>
        jsonResponse(400, { error: messages.analyticsApi.toBeforeFrom, details: [] }),
    });
    await expect(
      realDataProvider.getAnalytics({ from: DEFAULT_TO, to: DEFAULT_FROM }),
    ).rejects.toMatchObject({ status: 400, message: messages.analyticsApi.toBeforeFrom });
  });
});
