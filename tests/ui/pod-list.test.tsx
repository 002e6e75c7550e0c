import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/admin/lists/useDebouncedValue';
import PodList from '../../src/admin/pods/PodList';
import { messages } from '../../src/shared/messages';
import type { PodDetail, PodSummary } from '../../src/shared/responses/pods';
import { apiUser, renderConsole, renderScreen, signIn } from './helpers';
import { fakeDataProvider } from './products-helpers';

// The row click opens the detail page, whose add-members modal is tested on its own.
vi.mock('../../src/admin/pods/AddMembersDialog', () => import('./add-members-stand-in'));

const t = messages.pods;
const path = () => screen.getByTestId('path').textContent;

const pod = (id: string, podName: string, overrides: Partial<PodSummary> = {}): PodSummary => ({
  _id: id,
  id,
  podId: `POD-20260314-0930${id.slice(-1)}0`,
  podName,
  status: 'active',
  activeMemberCount: 3,
  createdAt: '2026-03-14T16:30:00.000Z',
  updatedAt: '2026-03-14T16:30:00.000Z',
  ...overrides,
});

const rows = [
  pod('pod1', 'Morning Walkers', { activeMemberCount: 1234 }),
  pod('pod2', 'Night Owls', { status: 'inactive', activeMemberCount: 0 }),
];

function listWith(data: PodSummary[] = rows, total = data.length) {
  const getList = vi.fn(async (_resource: string, _params: Record<string, unknown>) => ({
    data,
    total,
  }));
  // react-admin's getOne('pods'): the pod page's one read of its pod.
  const getOne = vi.fn(
    async (resource: string, { id }: { id: string }): Promise<{ data: PodDetail }> => {
      if (resource !== 'pods') throw new Error(`Unexpected getOne('${resource}')`);
      return {
        data: { ...(data.find((row) => row.id === id) ?? rows[0]!), members: [], programs: [] },
      };
    },
  );
  const getPodMembers = vi.fn(async () => ({ data: [], total: 0 }));
  return { ...fakeDataProvider(), getList, getOne, getPodMembers };
}

/** The same provider, with two participants on the contacts list to make a pod of. */
function createPodFromContacts(dataProvider: ReturnType<typeof listWith>) {
  const contacts = [
    apiUser({ _id: 'c1', id: 'c1', fullName: 'Maria Rivera', role: 'participant' }),
    apiUser({ _id: 'c2', id: 'c2', fullName: 'James Rivera', role: 'participant' }),
  ];
  const pods = dataProvider.getList.getMockImplementation()!;
  dataProvider.getList.mockImplementation(async (resource, params) =>
    resource === 'contacts'
      ? ({ data: contacts, total: contacts.length } as never)
      : pods(resource, params),
  );
  return {
    ...dataProvider,
    createPodFromContacts: vi.fn(async ({ podName }: { podName: string }) =>
      pod('pod3', podName, { activeMemberCount: 2 }),
    ),
  };
}

type Provider = ReturnType<typeof listWith>;

/** The pods list, signed in, with `dataProvider` answering the data calls. */
function openList(dataProvider: Provider) {
  signIn();
  renderScreen(<PodList />, { path: '/pods', resource: 'pods', dataProvider });
}
const lastListParams = (dataProvider: Provider) => dataProvider.getList.mock.calls.at(-1)![1];
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const findRowOf = async (name: string) =>
  (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('/pods', () => {
  it("shows 'Showing X of Y pods', the rows and LA dates, newest first", async () => {
    const dataProvider = listWith(rows, 40);
    openList(dataProvider);
    expect(await screen.findByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(await screen.findByText('Showing 2 of 40 pods')).toBeInTheDocument();
    const walkers = rowOf('Morning Walkers');
    expect(within(walkers).getByText('POD-20260314-093010')).toBeInTheDocument();
    expect(within(walkers).getByText('1,234')).toBeInTheDocument();
    expect(within(walkers).getByText('3/14/26, 9:30 AM')).toBeInTheDocument();
    const active = within(walkers).getByText('Active').closest('.MuiChip-root');
    expect(active).toHaveClass('MuiChip-colorSuccess');
    expect(within(rowOf('Night Owls')).getByText('Inactive')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith('pods', expect.anything());
    expect(lastListParams(dataProvider)).toMatchObject({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
  });

  it('shows the empty state', async () => {
    openList(listWith([]));
    expect(await screen.findByText(messages.lists.empty.pods)).toBeInTheDocument();
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
      messages.lists.fetchFailed.pods,
    ],
    ['the request fails', new TypeError('Failed to fetch'), messages.lists.loadFailed.pods],
  ])("shows the error when %s, and 'Try Again' reloads", async (_case, error, text) => {
    const dataProvider = listWith();
    dataProvider.getList.mockRejectedValueOnce(error);
    openList(dataProvider);
    expect(await screen.findByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.app.tryAgain }));
    expect(await screen.findByText('Morning Walkers')).toBeInTheDocument();
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('searches by pod id or name and filters by status, with removable tags and Clear', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Morning Walkers');
    fireEvent.change(screen.getByLabelText(t.listFields.search), { target: { value: 'walk' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk' }));
    expect(screen.getByText('Search: walk')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.listFields.status }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      t.allStatuses,
      'Active',
      'Inactive',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk', status: 'inactive' }),
    );
    const tag = screen.getByText('Status: Inactive').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(within(tag).getByTestId('CancelIcon'));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk' }));
    expect(screen.queryByText('Status: Inactive')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: messages.lists.clear }));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({}));
    expect(screen.queryByText('Search: walk')).not.toBeInTheDocument();
    expect(screen.getByLabelText(t.listFields.search)).toHaveValue('');
  });

  it.each([
    [/sort by pod id/i, 'podId'],
    [/sort by pod name/i, 'podName'],
    [/sort by members/i, 'activeMemberCount'],
    [/sort by status/i, 'status'],
  ])('sorts on the server by %s', async (name, field) => {
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Morning Walkers');
    fireEvent.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(lastListParams(dataProvider).sort).toEqual({ field, order: 'ASC' }));
  });

  it('clicking Created (newest first by default) sorts oldest first', async () => {
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Morning Walkers');
    fireEvent.click(screen.getByRole('button', { name: /sort by created/i }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).sort).toEqual({ field: 'createdAt', order: 'ASC' }),
    );
  });

  // The list and the page it opens: the whole console.
  it('opens /pods/{id} on a row click', async () => {
    const dataProvider = listWith();
    signIn();
    renderConsole('/pods', { dataProvider: dataProvider as never });
    fireEvent.click(await screen.findByText('Night Owls'));
    await waitFor(() => expect(path()).toBe('/pods/pod2'));
    expect(await screen.findByRole('heading', { name: 'Night Owls' })).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledWith(
      'pods',
      expect.objectContaining({ id: 'pod2' }),
    );
    // The list's row is in react-admin's cache already; the page still reads the pod, once.
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
  });

  it("'Go to Contacts to Create Pod' leads to the contacts list", async () => {
    openList(listWith());
    fireEvent.click(await screen.findByRole('link', { name: t.goToContacts }));
    await waitFor(() => expect(path()).toBe('/contacts'));
  });

  // From the contacts list to the pods list by the top bar: the whole console.
  it('shows a success banner passed to it for 3 seconds (a pod action)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const text = 'Pod "Walkers" created successfully with 2 member(s)';
    // The pod is made from two contacts on the contacts list, then the user opens the pods list.
    const dataProvider = createPodFromContacts(listWith());
    signIn();
    renderConsole('/contacts', { dataProvider: dataProvider as never });
    fireEvent.click(within(await findRowOf('Maria Rivera')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('James Rivera')).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Pod (2 selected)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(t.fields.podName)), {
      target: { value: 'Walkers' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('link', { name: messages.nav.pods })[0]!);
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(path()).toBe('/pods');
    await act(() => vi.advanceTimersByTimeAsync(200));
    // The banner slides out once its time is up.
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  });
});
