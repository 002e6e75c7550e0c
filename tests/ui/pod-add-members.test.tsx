import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, type GetListParams } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/admin/lists/useDebouncedValue';
import { AddMembersDialog } from '../../src/admin/pods/AddMembersDialog';
import { LIST_HEIGHT } from '../../src/admin/pods/CandidateTable';
import type { Role } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import type { PodMembersAddResult } from '../../src/shared/responses/pods';
import { apiUser, renderScreen, signIn } from './helpers';
import type { ApiUser } from '../../src/shared/responses/users';

const t = messages.pods;
const POD = '7d0c6a3e-2f9b-4c61-9a57-0c2f4b1e8d21';

/** Contact n of the fake base: every 10th from 3 is a host, from 7 an admin; every 4th inactive. */
function candidate(n: number): ApiUser {
  const id = `c${String(n).padStart(4, '0')}`;
  const role: Role = n % 10 === 3 ? 'host' : n % 10 === 7 ? 'admin' : 'participant';
  return apiUser({
    _id: id,
    id,
    firstName: `Contact ${String(n).padStart(4, '0')}`,
    fullName: `Contact ${String(n).padStart(4, '0')}`,
    email: `${id}@example.org`,
    phone: n % 2 ? `+1503555${String(n).padStart(4, '0')}` : null,
    role,
    status: n % 4 === 0 ? 'inactive' : 'active',
  });
}

const base = (count: number) => Array.from({ length: count }, (_, n) => candidate(n));

const addResult: PodMembersAddResult = {
  added: 2,
  reactivated: 0,
  alreadyMembers: 0,
  notAdded: [],
  pod: {
    _id: POD,
    id: POD,
    podId: 'POD-1',
    podName: 'Tuesday group',
    status: 'active',
    activeMemberCount: 2,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
  },
};

/**
 * A server of `contacts` (none of them in the pod): filters by role, status and a name search,
 * and pages; the order is left as given, the sort is only recorded.
 */
function fakeServer(contacts: ApiUser[]) {
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    const filter = params.filter as { q?: string; role?: string; status?: string };
    const matching = contacts.filter(
      (contact) =>
        (!filter.q || contact.fullName.toLowerCase().includes(filter.q.toLowerCase())) &&
        (!filter.role || contact.role === filter.role) &&
        (!filter.status || contact.status === filter.status),
    );
    const { page, perPage } = params.pagination!;
    return { data: matching.slice((page - 1) * perPage, page * perPage), total: matching.length };
  });
  const addPodMembers = vi.fn(async (_podId: string, _selection: unknown) => addResult);
  return { getList, addPodMembers };
}

type Server = ReturnType<typeof fakeServer>;

/** The list requests (pages of 100). */
const listCalls = (server: Server) =>
  server.getList.mock.calls.map(([, params]) => params).filter((p) => p.pagination?.perPage !== 1);
const lastListCall = (server: Server) => listCalls(server).at(-1)!;

function renderDialog(server: Server) {
  const onClose = vi.fn();
  const onAdded = vi.fn();
  signIn();
  renderScreen(<AddMembersDialog podId={POD} onClose={onClose} onAdded={onAdded} />, {
    path: `/pods/${POD}`,
    dataProvider: server,
  });
  return { onClose, onAdded };
}

const scrollBox = () => screen.getByRole('table').parentElement!;
const contactRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .filter((row) => row.querySelector('td input[type="checkbox"]'));
const checkboxOf = (name: string) => screen.getByRole('checkbox', { name });
const selectAll = () => screen.getByRole('checkbox', { name: /^Select all/ });
const addButton = () => screen.getByRole('button', { name: /^Add .* Member\(s\)$/ });

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  // jsdom has no layout: give the scroll box its 400px, so the virtualizer draws the rows in view.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(LIST_HEIGHT);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Add Members dialog', () => {
  it('asks for the participants who are not members, sorted by name, and draws only the rows in view', async () => {
    const server = fakeServer(base(1000));
    renderDialog(server);
    expect(await screen.findByRole('heading', { name: t.addTitle })).toBeInTheDocument();
    expect(await screen.findByText('Contact 0000')).toBeInTheDocument();
    expect(listCalls(server)[0]).toMatchObject({
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'fullName', order: 'ASC' },
      filter: { notInPod: POD, role: 'participant' },
    });
    // 800 of the 1,000 are participants: hosts and admins cannot be members.
    expect(screen.getByText('0 selected · 800 matching')).toBeInTheDocument();
    // 400px of 48px rows plus a few either side: nowhere near the 100 loaded, let alone 1,000.
    expect(contactRows().length).toBeGreaterThan(5);
    expect(contactRows().length).toBeLessThan(30);
    expect(screen.queryByText('Contact 0050')).not.toBeInTheDocument();
    // Name is the active sort column, ascending.
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  });

  it('loads the next page from the server as the list scrolls, still drawing only a few rows', async () => {
    const server = fakeServer(base(1000));
    renderDialog(server);
    await screen.findByText('Contact 0000');
    expect(listCalls(server)).toHaveLength(1);

    const box = scrollBox();
    // The 91st participant is Contact 0112 (hosts and admins are not listed).
    box.scrollTop = 90 * 48;
    fireEvent.scroll(box);
    expect(await screen.findByText('Contact 0112')).toBeInTheDocument();
    await waitFor(() =>
      expect(lastListCall(server)).toMatchObject({ pagination: { page: 2, perPage: 100 } }),
    );
    expect(screen.queryByText('Contact 0000')).not.toBeInTheDocument();

    box.scrollTop = 150 * 48;
    fireEvent.scroll(box);
    expect(await screen.findByText('Contact 0188')).toBeInTheDocument();
    expect(contactRows().length).toBeLessThan(30);
    // Only the pages scrolled to were asked for, not the whole base.
    expect(listCalls(server).length).toBeLessThanOrEqual(3);
  });

  it('sends the search, role and status to the server, and Clear resets them', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer(base(40));
    renderDialog(server);
    await screen.findByText('Contact 0000');

    fireEvent.change(screen.getByRole('searchbox', { name: t.addSearch }), {
      target: { value: 'contact 001' },
    });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(lastListCall(server).filter).toMatchObject({ q: 'contact 001' }));
    await choose('Role', 'Participant');
    await choose('Status', 'Active');
    await waitFor(() =>
      expect(lastListCall(server).filter).toEqual({
        notInPod: POD,
        q: 'contact 001',
        role: 'participant',
        status: 'active',
      }),
    );
    expect(await screen.findByText('0 selected · 6 matching')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(lastListCall(server).filter).toEqual({ notInPod: POD, role: 'participant' }),
    );
    expect(screen.getByRole('searchbox', { name: t.addSearch })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Role' })).not.toHaveTextContent('Participant');
    expect(screen.getByRole('combobox', { name: 'Status' })).not.toHaveTextContent('Active');
    expect(await screen.findByText('0 selected · 32 matching')).toBeInTheDocument();
  });

  it('sorts by a column header, ascending then descending', async () => {
    const server = fakeServer(base(10));
    renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(lastListCall(server).sort).toEqual({ field: 'email', order: 'ASC' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(lastListCall(server).sort).toEqual({ field: 'email', order: 'DESC' }),
    );
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() =>
      expect(lastListCall(server).sort).toEqual({ field: 'status', order: 'ASC' }),
    );
  });

  it('lists only contacts who can be added: no host or admin, every row can be ticked and is counted', async () => {
    const server = fakeServer(base(10));
    renderDialog(server);
    await screen.findByText('Contact 0000');
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    expect(within(row('Contact 0001')).getByText('c0001@example.org')).toBeInTheDocument();
    expect(within(row('Contact 0001')).getByText('+15035550001')).toBeInTheDocument();
    expect(within(row('Contact 0000')).getByText(t.notProvided)).toBeInTheDocument();
    expect(within(row('Contact 0000')).getByText('Inactive')).toBeInTheDocument();
    expect(within(row('Contact 0001')).getByText('Participant')).toBeInTheDocument();

    // Contact 0003 is a host and 0007 an admin: members are always participants.
    expect(screen.queryByText('Contact 0003')).not.toBeInTheDocument();
    expect(screen.queryByText('Contact 0007')).not.toBeInTheDocument();
    expect(screen.queryByText('Host')).not.toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    expect(contactRows()).toHaveLength(8);
    for (const checkbox of contactRows().map((r) => within(r).getByRole('checkbox'))) {
      expect(checkbox).toBeEnabled();
    }
    expect(screen.getByText('0 selected · 8 matching')).toBeInTheDocument();
    fireEvent.click(selectAll());
    expect(screen.getByText('8 selected · 8 matching')).toBeInTheDocument();
    expect(addButton()).toHaveTextContent('Add 8 Member(s)');
  });

  it('counts the selected rows and adds them in one request; success reports and closes', async () => {
    const server = fakeServer(base(10));
    const { onAdded, onClose } = renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.click(checkboxOf('Contact 0001'));
    // A click on the row selects it too.
    fireEvent.click(screen.getByText('Contact 0002'));
    expect(checkboxOf('Contact 0001')).toBeChecked();
    expect(checkboxOf('Contact 0002')).toBeChecked();
    expect(screen.getByText('2 selected · 8 matching')).toBeInTheDocument();
    expect(selectAll()).toHaveAttribute('data-indeterminate', 'true');

    fireEvent.click(addButton());
    expect(addButton()).toHaveTextContent('Add 2 Member(s)');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.addPodMembers).toHaveBeenCalledTimes(1);
    expect(server.addPodMembers).toHaveBeenCalledWith(POD, { contactIds: ['c0001', 'c0002'] });
    expect(onAdded).toHaveBeenCalledWith(addResult);
    expect(onAdded.mock.invocationCallOrder[0]).toBeLessThan(onClose.mock.invocationCallOrder[0]!);
  });

  it('unticks a row again', async () => {
    const server = fakeServer(base(10));
    renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.click(checkboxOf('Contact 0001'));
    fireEvent.click(checkboxOf('Contact 0001'));
    expect(checkboxOf('Contact 0001')).not.toBeChecked();
    expect(screen.getByText('0 selected · 8 matching')).toBeInTheDocument();
  });

  it('select-all takes every matching participant, on every page, and sends the search', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer(base(1000));
    const { onAdded } = renderDialog(server);
    await screen.findByText('Contact 0000');
    await choose('Status', 'Active');
    fireEvent.change(screen.getByRole('searchbox', { name: t.addSearch }), {
      target: { value: 'contact 0' },
    });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() =>
      expect(lastListCall(server).filter).toEqual({
        notInPod: POD,
        role: 'participant',
        q: 'contact 0',
        status: 'active',
      }),
    );
    // 550 active participants match (the 200 active hosts and admins are not listed).
    expect(await screen.findByText('0 selected · 550 matching')).toBeInTheDocument();
    await waitFor(() => expect(selectAll()).toHaveAccessibleName('Select all 550 matching'));

    fireEvent.click(selectAll());
    expect(selectAll()).toBeChecked();
    expect(screen.getByText('550 selected · 550 matching')).toBeInTheDocument();
    expect(addButton()).toHaveTextContent('Add 550 Member(s)');
    expect(checkboxOf('Contact 0001')).toBeChecked();
    // Far fewer than 550 were ever loaded.
    expect(listCalls(server).every((p) => p.pagination!.page === 1)).toBe(true);

    fireEvent.click(addButton());
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(server.addPodMembers).toHaveBeenCalledWith(POD, {
      matching: { q: 'contact 0', status: 'active' },
    });
  });

  it('select-all under the participant filter counts the list total and sends an empty search', async () => {
    const server = fakeServer(base(100));
    renderDialog(server);
    await screen.findByText('Contact 0000');
    await choose('Role', 'Participant');
    expect(await screen.findByText('0 selected · 80 matching')).toBeInTheDocument();
    fireEvent.click(selectAll());
    expect(addButton()).toHaveTextContent('Add 80 Member(s)');
    fireEvent.click(addButton());
    await waitFor(() => expect(server.addPodMembers).toHaveBeenCalledWith(POD, { matching: {} }));
  });

  it('offers in its role filter only the role a member may have', async () => {
    const server = fakeServer(base(100));
    renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      messages.contacts.allRoles,
      'Participant',
    ]);
  });

  it('keeps ticked contacts through other searches, ends select-all, and clears on request', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer(base(10));
    renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.click(checkboxOf('Contact 0001'));
    expect(screen.getByText('1 selected · 8 matching')).toBeInTheDocument();
    await choose('Status', 'Active');
    // Contact 0001 stays ticked, whether or not the new search shows it.
    expect(await screen.findByText('1 selected · 5 matching')).toBeInTheDocument();
    expect(addButton()).toHaveTextContent('Add 1 Member(s)');

    fireEvent.click(selectAll());
    expect(selectAll()).toBeChecked();
    fireEvent.change(screen.getByRole('searchbox', { name: t.addSearch }), {
      target: { value: 'contact 000' },
    });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(selectAll()).not.toBeChecked());
    expect(await screen.findByText('0 selected · 5 matching')).toBeInTheDocument();

    fireEvent.click(checkboxOf('Contact 0002'));
    fireEvent.click(screen.getByRole('button', { name: t.clearSelection }));
    expect(checkboxOf('Contact 0002')).not.toBeChecked();
    expect(addButton()).toHaveTextContent('Add 0 Member(s)');
  });

  it('says when every contact is a member already', async () => {
    renderDialog(fakeServer([]));
    expect(await screen.findByText(t.allAlreadyMembers)).toBeInTheDocument();
    expect(screen.queryByText(t.noMatches)).not.toBeInTheDocument();
    expect(selectAll()).toBeDisabled();
  });

  it('says when the search matches nothing', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer(base(10));
    renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.change(screen.getByRole('searchbox', { name: t.addSearch }), {
      target: { value: 'nobody' },
    });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    expect(await screen.findByText(t.noMatches)).toBeInTheDocument();
    expect(screen.queryByText(t.allAlreadyMembers)).not.toBeInTheDocument();
  });

  it('asks for a selection before adding, without calling the server', async () => {
    const server = fakeServer(base(10));
    const { onClose } = renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.click(addButton());
    expect(await screen.findByText(t.selectAtLeastOneToAdd)).toBeInTheDocument();
    expect(server.addPodMembers).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's error, keeps the selection, and adds on retry", async () => {
    const server = fakeServer(base(10));
    server.addPodMembers.mockRejectedValueOnce(
      new HttpError('x', 409, { error: 'This pod is inactive.' }),
    );
    const { onAdded, onClose } = renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.click(checkboxOf('Contact 0001'));
    fireEvent.click(checkboxOf('Contact 0002'));
    fireEvent.click(addButton());
    expect(await screen.findByText('This pod is inactive.')).toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(checkboxOf('Contact 0001')).toBeChecked();
    expect(checkboxOf('Contact 0002')).toBeChecked();
    expect(addButton()).toHaveTextContent('Add 2 Member(s)');

    fireEvent.click(addButton());
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(addResult));
    expect(server.addPodMembers).toHaveBeenLastCalledWith(POD, {
      contactIds: ['c0001', 'c0002'],
    });
  });

  it("falls back to 'Failed to add members' when the server gives no text", async () => {
    const server = fakeServer(base(10));
    server.addPodMembers.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { onClose } = renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.click(checkboxOf('Contact 0001'));
    fireEvent.click(addButton());
    expect(await screen.findByText(t.errors.addMembers)).toBeInTheDocument();
    expect(checkboxOf('Contact 0001')).toBeChecked();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Cancel without adding', async () => {
    const server = fakeServer(base(10));
    const { onClose, onAdded } = renderDialog(server);
    await screen.findByText('Contact 0000');
    fireEvent.click(screen.getByRole('button', { name: messages.app.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onAdded).not.toHaveBeenCalled();
    expect(server.addPodMembers).not.toHaveBeenCalled();
  });
});
