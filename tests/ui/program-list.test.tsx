import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/admin/lists/useDebouncedValue';
import ProgramCreate from '../../src/admin/programs/ProgramCreate';
import ProgramList from '../../src/admin/programs/ProgramList';
import { messages } from '../../src/shared/messages';
import type { Program } from '../../src/shared/responses/programs';
import { renderConsole, renderScreen, signIn } from './helpers';
import { program, programsProvider } from './programs-helpers';

const t = messages.programs;
const path = () => screen.getByTestId('path').textContent;

const rows: Program[] = [
  program({ _id: 'g1', id: 'g1' }),
  program({
    _id: 'g2',
    id: 'g2',
    programName: 'Quiet Minds',
    productId: null,
    productName: null,
    productDays: null,
    timeframe: null,
    offering: 'Nuanced',
    offeringType: 'Mindfulness',
    timeZone: 'America/Los_Angeles',
    podIds: [],
    pods: [],
    startDate: null,
    status: 'draft',
  }),
  // Premium is only a colour in the spec; a stored program may still carry it.
  program({ _id: 'g3', id: 'g3', programName: 'Gold Club', offering: 'Premium' as never }),
];

function listWith(data: Program[] = rows, total = data.length) {
  // The edit screen a row click opens loads the first row.
  const dataProvider = programsProvider(rows[0]);
  dataProvider.getList.mockImplementation(async (resource) =>
    resource === 'programs'
      ? { data, total }
      : ({ data: [], total: 0 } as unknown as { data: Program[]; total: number }),
  );
  return dataProvider;
}

type Provider = ReturnType<typeof listWith>;

/** The programs list at `path`, signed in, with `dataProvider` answering the data calls. */
function openList(dataProvider: Provider, path = '/programs') {
  signIn();
  renderScreen(<ProgramList />, { path, resource: 'programs', dataProvider });
}

/** The new program form, signed in. */
function openCreate(dataProvider: Provider) {
  signIn();
  renderScreen(<ProgramCreate />, { path: '/programs/create', resource: 'programs', dataProvider });
}

/** The whole console at `path`, for a test that follows a link to the next screen. */
function openConsole(path: string, dataProvider: Provider) {
  signIn();
  renderConsole(path, { dataProvider: dataProvider as never });
}

const lastListParams = (dataProvider: Provider) =>
  (
    dataProvider.getList.mock.calls.filter(([resource]) => resource === 'programs').at(-1) as [
      string,
      Record<string, unknown>,
    ]
  )[1];
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const chipOf = (row: HTMLElement, label: string) =>
  within(row).getByText(label).closest('.MuiChip-root');

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/programs', () => {
  it('shows a start date stored outside the years 1 to 9999 as it is stored', async () => {
    const far = [
      program({ _id: 'f1', id: 'f1', programName: 'Ancient', startDate: '4713-01-01 BC' }),
      program({ _id: 'f2', id: 'f2', programName: 'Remote', startDate: '10000-01-01' }),
    ];
    openList(listWith(far));
    expect(await screen.findByText('Showing 2 of 2 programs')).toBeInTheDocument();
    expect(within(rowOf('Ancient')).getByText('4713-01-01 BC')).toBeInTheDocument();
    expect(within(rowOf('Remote')).getByText('10000-01-01')).toBeInTheDocument();
  });

  it('shows the count and the rows, newest first by default', async () => {
    const dataProvider = listWith(rows, 40);
    openList(dataProvider);
    expect(await screen.findByText('Showing 3 of 40 programs')).toBeInTheDocument();
    const walks = rowOf('Spring Walks');
    expect(within(walks).getByText('Morning Walks')).toBeInTheDocument();
    expect(within(walks).getByText('2 days')).toBeInTheDocument();
    expect(within(walks).getByText('America/New_York')).toBeInTheDocument();
    expect(within(walks).getByText('1')).toBeInTheDocument();
    expect(within(walks).getByText(t.statuses.running)).toBeInTheDocument();
    // The start date is a calendar day; created is en-US short, Los Angeles time.
    expect(within(walks).getByText('3/13/27')).toBeInTheDocument();
    expect(within(walks).getByText('3/14/26, 9:30 AM')).toBeInTheDocument();

    const quiet = rowOf('Quiet Minds');
    // No product: no product name, no timeframe, no start date.
    expect(within(quiet).getAllByText('—')).toHaveLength(3);
    expect(within(quiet).getByText('0')).toBeInTheDocument();
    expect(within(quiet).getByText(t.statuses.draft)).toBeInTheDocument();

    expect(lastListParams(dataProvider)).toMatchObject({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
  });

  it('gives each offering its own colour', async () => {
    openList(listWith());
    await screen.findByText('Spring Walks');
    const standard = chipOf(rowOf('Spring Walks'), 'Standard');
    const nuanced = chipOf(rowOf('Quiet Minds'), 'Nuanced');
    const premium = chipOf(rowOf('Gold Club'), 'Premium');
    expect(standard).toHaveClass('MuiChip-colorInfo');
    expect(nuanced).toHaveClass('MuiChip-colorSecondary');
    expect(premium).toHaveClass('MuiChip-colorWarning');
  });

  it('sorts on the server; the timeframe column by productDays, pods by their count', async () => {
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Spring Walks');
    fireEvent.click(screen.getByRole('button', { name: /sort by timeframe/i }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).sort).toEqual({ field: 'productDays', order: 'ASC' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /sort by pods/i }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).sort).toEqual({ field: 'podCount', order: 'ASC' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /sort by program name/i }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).sort).toEqual({ field: 'programName', order: 'ASC' }),
    );
  });

  it('searches and filters by offering and status on the server, with tags and Clear', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Spring Walks');
    fireEvent.change(screen.getByLabelText(t.fields.search), { target: { value: 'walk' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk' }));

    await choose(t.fields.offering, 'Nuanced');
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk', offering: 'Nuanced' }),
    );
    await choose(t.fields.status, t.statuses.paused);
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({
        q: 'walk',
        offering: 'Nuanced',
        status: 'paused',
      }),
    );
    expect(screen.getByText('Search: walk')).toBeInTheDocument();
    expect(screen.getByText('Status: Paused')).toBeInTheDocument();
    const tag = screen.getByText('Offering: Nuanced').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(within(tag).getByTestId('CancelIcon'));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk', status: 'paused' }),
    );
    fireEvent.click(screen.getByRole('button', { name: messages.lists.clear }));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({}));
    expect(screen.queryByText('Status: Paused')).not.toBeInTheDocument();
  });

  it('offers the five statuses and the two offerings', async () => {
    openList(listWith());
    await screen.findByText('Spring Walks');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.fields.status }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      t.allStatuses,
      'Draft',
      'Scheduled',
      'Running',
      'Completed',
      'Paused',
    ]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.fields.offering }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      t.allOfferings,
      'Standard',
      'Nuanced',
    ]);
  });

  it('says no program exists yet, or that none matches the filters', async () => {
    openList(listWith([]));
    expect(await screen.findByText(messages.lists.empty.programs)).toBeInTheDocument();
    await choose(t.fields.status, t.statuses.running);
    expect(await screen.findByText(messages.lists.empty.programsFiltered)).toBeInTheDocument();
    expect(screen.queryByText(messages.lists.empty.programs)).not.toBeInTheDocument();
  });

  it('says none matches when the page opens with a search', async () => {
    openList(listWith([]), '/programs?filter=%7B%22q%22%3A%22zzz%22%7D');
    expect(await screen.findByText(messages.lists.empty.programsFiltered)).toBeInTheDocument();
  });

  it.each([
    [
      'the server gives a reason',
      new HttpError('x', 503, { error: 'Database unreachable' }),
      'Database unreachable',
    ],
    [
      'the server gives none',
      new HttpError('Bad Gateway', 502, {}),
      messages.lists.fetchFailed.programs,
    ],
    ['the request fails', new TypeError('Failed to fetch'), messages.lists.loadFailed.programs],
  ])("shows the error when %s, and 'Try Again' reloads", async (_case, error, text) => {
    const dataProvider = listWith();
    dataProvider.getList.mockRejectedValueOnce(error);
    openList(dataProvider);
    expect(await screen.findByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.app.tryAgain }));
    expect(await screen.findByText('Spring Walks')).toBeInTheDocument();
  });

  it('opens /programs/edit/{id} on a row click', async () => {
    openConsole('/programs', listWith());
    fireEvent.click(await screen.findByText('Spring Walks'));
    await waitFor(() => expect(path()).toBe('/programs/edit/g1'));
    expect(await screen.findByRole('heading', { name: t.editTitle })).toBeInTheDocument();
  });

  it("links 'Create New Program' to the form", async () => {
    openConsole('/programs', listWith());
    fireEvent.click(await screen.findByRole('link', { name: t.createNew }));
    await waitFor(() => expect(path()).toBe('/programs/create'));
    expect(await screen.findByRole('heading', { name: t.createTitle })).toBeInTheDocument();
  });

  it('shows the success banner passed from the form for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The list is reached by saving a new program, as a user does.
    openCreate(listWith());
    fireEvent.change(
      await screen.findByRole('textbox', { name: new RegExp(`^${t.fields.programName}`) }),
      {
        target: { value: 'Spring Walks' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.created)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText(t.created)).toBeInTheDocument();
    expect(path()).toBe('/programs');
    await act(() => vi.advanceTimersByTimeAsync(200));
    // The banner slides out once its time is up.
    await waitFor(() => expect(screen.queryByText(t.created)).not.toBeInTheDocument());
  });

  it('keeps the success banner through clicks elsewhere, until its Close button', async () => {
    openConsole('/programs/create', listWith());
    fireEvent.change(
      await screen.findByRole('textbox', { name: new RegExp(`^${t.fields.programName}`) }),
      { target: { value: 'Spring Walks' } },
    );
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    const banner = (await screen.findByText(t.created)).closest('.MuiSnackbarContent-root');
    fireEvent.click(await screen.findByText('Quiet Minds'));
    await waitFor(() => expect(path()).toBe('/programs/edit/g2'));
    expect(screen.getByText(t.created)).toBeInTheDocument();
    fireEvent.click(within(banner as HTMLElement).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(t.created)).not.toBeInTheDocument());
  });
});
