import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/admin/lists/useDebouncedValue';
import PodDetailPage from '../../src/admin/pods/PodDetail';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import type {
  PodDetail,
  PodMember,
  PodMembersAddResult,
  PodProgram,
} from '../../src/shared/responses/pods';
import { addMembers } from './add-members-stand-in';
import { jsonResponse, renderScreen, signIn } from './helpers';
import { fakeDataProvider } from './products-helpers';

// The add-members modal has its own tests; here a stand-in reports what a real one would.
vi.mock('../../src/admin/pods/AddMembersDialog', () => import('./add-members-stand-in'));

const t = messages.pods;
const path = () => screen.getByTestId('path').textContent;

function member(id: string, fullName: string, overrides: Partial<PodMember['userId']> = {}) {
  const [firstName = '', lastName = ''] = fullName.split(' ');
  return {
    _id: `m-${id}`,
    userId: {
      _id: id,
      id,
      email: `${firstName.toLowerCase()}@example.org`,
      phone: '+15035550101',
      role: 'participant',
      fullName,
      profile: { firstName, lastName },
      ...overrides,
    },
    status: 'active',
    joinedAt: '2026-03-14T16:30:00.000Z',
    removedAt: null,
  } satisfies PodMember;
}

const program = (id: string, programName: string): PodProgram => ({ _id: id, id, programName });

function podDetail(overrides: Partial<PodDetail> = {}): PodDetail {
  return {
    _id: 'pod1',
    id: 'pod1',
    podId: 'POD-20260314-093000',
    podName: 'Morning Walkers',
    status: 'active',
    activeMemberCount: 3,
    createdAt: '2026-03-14T16:30:00.000Z',
    updatedAt: '2026-03-14T16:30:00.000Z',
    members: [],
    programs: [],
    ...overrides,
  };
}

interface MembersParams {
  page: number;
  perPage: number;
  sort: { field: string; order: string };
  q?: string;
}

/**
 * A fake API over `members`: pages them as the server does, and removing one takes it out (and
 * lowers the pod's count), so the page shows what a refetch would bring.
 */
function podWith(initial: PodMember[], pod: Partial<PodDetail> = {}) {
  let members = [...initial];
  let details = podDetail({ activeMemberCount: members.length, ...pod });
  // react-admin's getOne('pods'): the page asks for no other record.
  const getOne = vi.fn(async (resource: string, _params: { id: string }) => {
    if (resource !== 'pods') throw new Error(`Unexpected getOne('${resource}')`);
    return { data: { ...details } };
  });
  const getPodMembers = vi.fn(async (_id: string, params: MembersParams) => {
    const start = (params.page - 1) * params.perPage;
    return { data: members.slice(start, start + params.perPage), total: members.length };
  });
  const removePodMember = vi.fn(async (_id: string, userId: string) => {
    members = members.filter((m) => m.userId._id !== userId);
    details = { ...details, activeMemberCount: members.length };
  });
  // react-admin's update('pods'): PUT /api/pods/{id} answers the pod without members or programs.
  const update = vi.fn(
    async (resource: string, params: { id: string; data: { podId: string; podName: string } }) => {
      if (resource !== 'pods') throw new Error(`Unexpected update('${resource}')`);
      details = { ...details, ...params.data };
      const { members: _members, programs: _programs, ...summary } = details;
      return { data: summary };
    },
  );
  const dataProvider = {
    ...fakeDataProvider(),
    getOne,
    update,
    getPodMembers,
    removePodMember,
    addPodMembers: vi.fn(),
  };
  return dataProvider;
}

type Provider = ReturnType<typeof podWith>;
const lastMembersParams = (dataProvider: Provider) =>
  dataProvider.getPodMembers.mock.calls.at(-1)![1];
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
/** The count beside the 'Members' title. */
const memberCount = () =>
  screen.getByRole('heading', { name: t.members }).nextElementSibling?.textContent;

const trio = [
  member('c1', 'Maria Rivera'),
  member('c2', 'James Okafor', { phone: null }),
  member('c3', 'Aisha Khan', { phone: '' }),
];

/** The pod's page at `path`, signed in, with `dataProvider` answering the data calls. */
function renderPod(path: string, dataProvider: Provider) {
  signIn();
  renderScreen(<PodDetailPage />, { path, route: '/pods/:id', resource: 'pods', dataProvider });
}

async function openPod(dataProvider: Provider) {
  renderPod('/pods/pod1', dataProvider);
  await screen.findByRole('heading', { name: 'Morning Walkers' });
}

/** The pod, once its first page of members is on screen. */
async function openPodMembers(dataProvider: Provider) {
  await openPod(dataProvider);
  await screen.findByText('Maria Rivera');
}

describe('/pods/{id}: loading and failures', () => {
  it("shows 'Loading pod...' until the pod arrives", async () => {
    const dataProvider = podWith(trio);
    let answer: (result: { data: PodDetail }) => void = () => undefined;
    dataProvider.getOne.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderPod('/pods/pod1', dataProvider);
    expect(await screen.findByText(t.loading)).toBeInTheDocument();
    act(() => answer({ data: podDetail() }));
    expect(await screen.findByRole('heading', { name: 'Morning Walkers' })).toBeInTheDocument();
    expect(screen.queryByText(t.loading)).not.toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledWith(
      'pods',
      expect.objectContaining({ id: 'pod1' }),
    );
  });

  it("shows 'Pod not found' for a missing pod, with the way back to /pods", async () => {
    const dataProvider = podWith(trio);
    dataProvider.getOne.mockRejectedValueOnce(
      new HttpError('No pod with this id', 404, { error: 'No pod with this id' }),
    );
    renderPod('/pods/nope', dataProvider);
    expect(await screen.findByText(t.notFound)).toBeInTheDocument();
    expect(dataProvider.getPodMembers).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: t.back }));
    await waitFor(() => expect(path()).toBe('/pods'));
  });

  it.each([
    [
      'the server gives a reason',
      new HttpError('x', 503, { error: 'Database unreachable' }),
      'Database unreachable',
    ],
    ['the server gives none', new HttpError('Bad Gateway', 502, {}), t.errors.fetch],
    ['the request fails', new TypeError('Failed to fetch'), t.errors.load],
  ])("shows the error when %s, with 'Back to Pods'", async (_case, error, text) => {
    const dataProvider = podWith(trio);
    dataProvider.getOne.mockRejectedValueOnce(error);
    renderPod('/pods/pod1', dataProvider);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.back })).toHaveAttribute('href', '/pods');
  });
});

describe('/pods/{id}: the requests it makes', () => {
  /** The console's own HTTP provider over a fake API with the pod, its members and its save. */
  function openOverHttp() {
    let pod = podDetail({ activeMemberCount: trio.length });
    const api = signIn({
      'GET /api/pods/pod1': () => jsonResponse(200, { pod }),
      'GET /api/pods/pod1/members': () => jsonResponse(200, { members: trio, total: trio.length }),
      'PUT /api/pods/pod1': (init) => {
        pod = { ...pod, ...(JSON.parse(String(init?.body)) as Partial<PodDetail>) };
        const { members: _members, programs: _programs, ...summary } = pod;
        return jsonResponse(200, { pod: summary });
      },
    });
    renderScreen(<PodDetailPage />, { path: '/pods/pod1', route: '/pods/:id', resource: 'pods' });
    return api;
  }
  /** The requests for the pod itself (not its members), as 'METHOD url'. */
  const podRequests = (api: ReturnType<typeof signIn>) =>
    api.mock.calls
      .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)
      .filter((request) => /^\w+ \/api\/pods\/pod1(\?|$)/.test(request));

  it('reads the pod once, without its members, and not again when its details are saved', async () => {
    const api = openOverHttp();
    await screen.findByRole('heading', { name: 'Morning Walkers' });
    await screen.findByText('Maria Rivera');
    expect(podRequests(api)).toEqual(['GET /api/pods/pod1?members=none']);

    fireEvent.click(screen.getByRole('button', { name: t.editDetails }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(t.fields.podName)), {
      target: { value: 'Evening Walkers' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(
      await screen.findByText('Pod "Evening Walkers" updated successfully!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Evening Walkers' })).toBeInTheDocument();
    // The programs stay: the save's answer went into the same cached pod.
    expect(screen.getByText(t.noPrograms)).toBeInTheDocument();
    expect(podRequests(api)).toEqual(['GET /api/pods/pod1?members=none', 'PUT /api/pods/pod1']);
  });

  it('reads the pod once more, and its members, after members are added', async () => {
    const api = openOverHttp();
    await screen.findByText('Maria Rivera');
    const memberPages = () =>
      api.mock.calls.filter(([input]) => String(input).startsWith('/api/pods/pod1/members?'));
    const pagesBefore = memberPages().length;
    addMembers.result = {
      added: 1,
      reactivated: 0,
      alreadyMembers: 0,
      notAdded: [],
      pod: podDetail(),
    } satisfies PodMembersAddResult;
    fireEvent.click(screen.getByRole('button', { name: t.addMembers }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members stand-in' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report added' }));
    await waitFor(() => expect(podRequests(api)).toHaveLength(2));
    await waitFor(() => expect(memberPages().length).toBeGreaterThan(pagesBefore));
    expect(await screen.findByText('1 member(s) added to the pod.')).toBeInTheDocument();
    expect(podRequests(api)).toEqual([
      'GET /api/pods/pod1?members=none',
      'GET /api/pods/pod1?members=none',
    ]);
  });
});

describe('/pods/{id}: the pod', () => {
  it('shows the way back, the name, the Pod ID, the status and the member count', async () => {
    const dataProvider = podWith(trio, { activeMemberCount: 5000 });
    await openPod(dataProvider);
    expect(screen.getByText('POD-20260314-093000')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(memberCount()).toBe('5,000');
    fireEvent.click(screen.getByRole('link', { name: t.back }));
    await waitFor(() => expect(path()).toBe('/pods'));
  });

  it('links the programs that send to the pod', async () => {
    const dataProvider = podWith(trio, {
      programs: [program('prog1', 'Spring Walks'), program('prog2', 'Sleep Better')],
    });
    await openPod(dataProvider);
    expect(screen.getByRole('heading', { name: t.programsTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spring Walks' })).toHaveAttribute(
      'href',
      '/programs/edit/prog1',
    );
    expect(screen.getByRole('link', { name: 'Sleep Better' })).toHaveAttribute(
      'href',
      '/programs/edit/prog2',
    );
    expect(screen.queryByText(t.noPrograms)).not.toBeInTheDocument();
  });

  it('says when no program sends to the pod', async () => {
    await openPod(podWith(trio));
    expect(screen.getByText(t.noPrograms)).toBeInTheDocument();
  });
});

describe('/pods/{id}: the members table', () => {
  it("lists active members with 'Not provided' for a missing phone, role tags and LA dates", async () => {
    const dataProvider = podWith([...trio, member('h1', 'Hana Host', { role: 'host' })]);
    await openPodMembers(dataProvider);
    const maria = rowOf('Maria Rivera');
    expect(within(maria).getByText('maria@example.org')).toBeInTheDocument();
    expect(within(maria).getByText('+15035550101')).toBeInTheDocument();
    expect(within(maria).getByText('3/14/26, 9:30 AM')).toBeInTheDocument();
    const tag = within(maria).getByText('Participant').closest('.MuiChip-root');
    expect(tag).toHaveClass('MuiChip-colorPrimary');
    expect(within(rowOf('James Okafor')).getByText(t.notProvided)).toBeInTheDocument();
    expect(within(rowOf('Aisha Khan')).getByText(t.notProvided)).toBeInTheDocument();
    const hostTag = within(rowOf('Hana Host')).getByText('Host').closest('.MuiChip-root');
    expect(hostTag).toHaveClass('MuiChip-colorWarning');
    expect(within(maria).getByRole('button', { name: t.remove })).toBeInTheDocument();
    // Paged on the server, sorted by name by default.
    expect(dataProvider.getPodMembers).toHaveBeenCalledWith('pod1', {
      page: 1,
      perPage: 25,
      sort: { field: 'fullName', order: 'ASC' },
      q: '',
    });
  });

  it('shows the empty state of a pod without active members', async () => {
    await openPod(podWith([]));
    expect(await screen.findByText(t.noActiveMembers)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks the server for the next page', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      member(`c${i}`, `Member ${String(i).padStart(2, '0')}`),
    );
    const dataProvider = podWith(many);
    await openPod(dataProvider);
    expect(await screen.findByText('Member 00')).toBeInTheDocument();
    expect(screen.queryByText('Member 25')).not.toBeInTheDocument();
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /go to next page/i }));
    expect(await screen.findByText('Member 25')).toBeInTheDocument();
    expect(screen.queryByText('Member 00')).not.toBeInTheDocument();
    expect(lastMembersParams(dataProvider)).toMatchObject({ page: 2, perPage: 25 });
  });

  it('goes back a page when the last member of the last page is removed', async () => {
    const many = Array.from({ length: 26 }, (_, i) =>
      member(`c${i}`, `Member ${String(i).padStart(2, '0')}`),
    );
    const dataProvider = podWith(many);
    await openPod(dataProvider);
    await screen.findByText('Member 00');
    fireEvent.click(screen.getByRole('button', { name: /go to next page/i }));
    await screen.findByText('Member 25');
    fireEvent.click(within(rowOf('Member 25')).getByRole('button', { name: t.remove }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t.remove }),
    );
    expect(await screen.findByText('Member 00')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 25')).toBeInTheDocument();
    expect(lastMembersParams(dataProvider)).toMatchObject({ page: 1 });
  });

  it('sorts on the server by name, email, phone and joined date', async () => {
    const dataProvider = podWith(trio);
    await openPodMembers(dataProvider);
    const header = (name: string) => screen.getByRole('button', { name });
    fireEvent.click(header(t.memberFields.name));
    await waitFor(() =>
      expect(lastMembersParams(dataProvider).sort).toEqual({ field: 'fullName', order: 'DESC' }),
    );
    fireEvent.click(header(t.memberFields.email));
    await waitFor(() =>
      expect(lastMembersParams(dataProvider).sort).toEqual({ field: 'email', order: 'ASC' }),
    );
    fireEvent.click(header(t.memberFields.phone));
    await waitFor(() =>
      expect(lastMembersParams(dataProvider).sort).toEqual({ field: 'phone', order: 'ASC' }),
    );
    fireEvent.click(header(t.memberFields.joinedAt));
    await waitFor(() =>
      expect(lastMembersParams(dataProvider).sort).toEqual({ field: 'joinedAt', order: 'ASC' }),
    );
    fireEvent.click(header(t.memberFields.joinedAt));
    await waitFor(() =>
      expect(lastMembersParams(dataProvider).sort).toEqual({ field: 'joinedAt', order: 'DESC' }),
    );
  });

  it('searches members on the server, from the first page', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = podWith(trio);
    await openPodMembers(dataProvider);
    dataProvider.getPodMembers.mockResolvedValue({ data: [], total: 0 });
    fireEvent.change(screen.getByLabelText(t.addSearch), { target: { value: ' zzz ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() =>
      expect(lastMembersParams(dataProvider)).toMatchObject({ q: 'zzz', page: 1 }),
    );
    expect(await screen.findByText(t.noMatches)).toBeInTheDocument();
  });
});

describe('/pods/{id}: removing a member', () => {
  it('does nothing when the confirmation is cancelled', async () => {
    const dataProvider = podWith(trio);
    await openPodMembers(dataProvider);
    fireEvent.click(within(rowOf('James Okafor')).getByRole('button', { name: t.remove }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.removeConfirm)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.app.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.removePodMember).not.toHaveBeenCalled();
    expect(screen.getByText('James Okafor')).toBeInTheDocument();
  });

  it('removes on confirmation, updates the list and count, and the banner clears after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = podWith(trio);
    await openPodMembers(dataProvider);
    expect(memberCount()).toBe('3');
    fireEvent.click(within(rowOf('James Okafor')).getByRole('button', { name: t.remove }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t.remove }));
    expect(await screen.findByText(t.memberRemoved)).toBeInTheDocument();
    expect(dataProvider.removePodMember).toHaveBeenCalledWith('pod1', 'c2');
    await waitFor(() => expect(screen.queryByText('James Okafor')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(memberCount()).toBe('2'));
    expect(screen.getByText('Maria Rivera')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.getByText(t.memberRemoved)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    // The banner slides out once its time is up.
    await waitFor(() => expect(screen.queryByText(t.memberRemoved)).not.toBeInTheDocument());
  });

  it.each([
    [
      'the server gives a reason',
      new HttpError('x', 409, { error: serverTexts.pods.notAMember }),
      serverTexts.pods.notAMember,
    ],
    ['the server gives none', new HttpError('Bad Gateway', 502, {}), t.errors.removeMember],
    ['the request fails', new TypeError('Failed to fetch'), t.errors.removeMember],
  ])('shows a dismissible error when %s', async (_case, error, text) => {
    const dataProvider = podWith(trio);
    dataProvider.removePodMember.mockRejectedValueOnce(error);
    await openPodMembers(dataProvider);
    fireEvent.click(within(rowOf('James Okafor')).getByRole('button', { name: t.remove }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t.remove }),
    );
    const banner = (await screen.findByText(text)).closest('.MuiAlert-root') as HTMLElement;
    expect(screen.getByText('James Okafor')).toBeInTheDocument();
    expect(screen.queryByText(t.memberRemoved)).not.toBeInTheDocument();
    fireEvent.click(within(banner).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  });
});

describe('/pods/{id}: Edit Details', () => {
  async function openEditor(dataProvider: Provider) {
    await openPod(dataProvider);
    fireEvent.click(screen.getByRole('button', { name: t.editDetails }));
    return screen.findByRole('dialog');
  }
  const field = (dialog: HTMLElement, label: string) =>
    within(dialog).getByLabelText(new RegExp(label));

  it('is prefilled, needs both fields, trims them and shows the new values', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = podWith(trio);
    const dialog = await openEditor(dataProvider);
    expect(within(dialog).getByText(t.editTitle)).toBeInTheDocument();
    expect(field(dialog, t.fields.podId)).toHaveValue('POD-20260314-093000');
    expect(field(dialog, t.fields.podName)).toHaveValue('Morning Walkers');

    fireEvent.change(field(dialog, t.fields.podName), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText(t.idAndNameRequired)).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();

    fireEvent.change(field(dialog, t.fields.podId), { target: { value: ' POD-WALK ' } });
    fireEvent.change(field(dialog, t.fields.podName), { target: { value: '  Evening Walkers ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.save }));
    const banner = 'Pod "Evening Walkers" updated successfully!';
    expect(await screen.findByText(banner)).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'pods',
      expect.objectContaining({
        id: 'pod1',
        data: { podId: 'POD-WALK', podName: 'Evening Walkers' },
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Evening Walkers' })).toBeInTheDocument();
    expect(screen.getByText('POD-WALK')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3_100));
    // The banner slides out once its time is up.
    await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
  });

  it("keeps the modal open with the server's text when the Pod ID is taken", async () => {
    const dataProvider = podWith(trio);
    const taken = 'A pod with the ID "POD-TAKEN" already exists.';
    dataProvider.update.mockRejectedValueOnce(new HttpError(taken, 409, { error: taken }));
    const dialog = await openEditor(dataProvider);
    fireEvent.change(field(dialog, t.fields.podId), { target: { value: 'POD-TAKEN' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(field(dialog, t.fields.podId)).toHaveValue('POD-TAKEN');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.app.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Nothing changed.
    expect(screen.getByText('POD-20260314-093000')).toBeInTheDocument();
    expect(screen.queryByText(/updated successfully/)).not.toBeInTheDocument();
  });

  it("says 'Failed to update pod' when the server gives no reason", async () => {
    const dataProvider = podWith(trio);
    dataProvider.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const dialog = await openEditor(dataProvider);
    fireEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText(t.errors.update)).toBeInTheDocument();
  });
});

describe('/pods/{id}: Add Members', () => {
  const result = (overrides: Partial<PodMembersAddResult> = {}): PodMembersAddResult => ({
    added: 2,
    reactivated: 1,
    alreadyMembers: 0,
    notAdded: [],
    pod: podDetail({ activeMemberCount: 6 }),
    ...overrides,
  });

  async function reportAdded(dataProvider: Provider, added: PodMembersAddResult) {
    addMembers.result = added;
    await openPodMembers(dataProvider);
    fireEvent.click(screen.getByRole('button', { name: t.addMembers }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members stand-in' });
    expect(addMembers.props?.podId).toBe('pod1');
    const podCalls = dataProvider.getOne.mock.calls.length;
    const memberCalls = dataProvider.getPodMembers.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report added' }));
    // The page reloads the pod (its count) and the members table.
    await waitFor(() => expect(dataProvider.getOne.mock.calls.length).toBeGreaterThan(podCalls));
    await waitFor(() =>
      expect(dataProvider.getPodMembers.mock.calls.length).toBeGreaterThan(memberCalls),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }

  it('reports the members added and brought back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await reportAdded(podWith(trio), result());
    expect(screen.getByText('3 member(s) added to the pod.')).toBeInTheDocument();
    expect(screen.queryByText(/Some members could not be added/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    // The banner slides out once its time is up.
    await waitFor(() =>
      expect(screen.queryByText('3 member(s) added to the pod.')).not.toBeInTheDocument(),
    );
  });

  it('names the contacts that could not be added', async () => {
    const notAdded = [
      { userId: 'c8', name: 'Wei Chen', reason: 'Only participants can be pod members' },
      { userId: 'c9', name: 'Omar Haddad', reason: 'Only participants can be pod members' },
    ];
    await reportAdded(podWith(trio), result({ added: 1, reactivated: 0, notAdded }));
    expect(screen.getByText('1 member(s) added to the pod.')).toBeInTheDocument();
    const error = screen.getByText('Some members could not be added: Wei Chen, Omar Haddad');
    fireEvent.click(
      within(error.closest('.MuiAlert-root') as HTMLElement).getByRole('button', {
        name: /close/i,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByText(/Some members could not be added/)).not.toBeInTheDocument(),
    );
  });

  it('closes the modal without a banner when nothing was added', async () => {
    const dataProvider = podWith(trio);
    await openPod(dataProvider);
    fireEvent.click(screen.getByRole('button', { name: t.addMembers }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members stand-in' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close stand-in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
