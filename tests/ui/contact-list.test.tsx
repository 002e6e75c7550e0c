import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/admin/lists/useDebouncedValue';
import { messages } from '../../src/shared/messages';
import { renderContacts } from './conversation-helpers';
import { apiUser, signIn } from './helpers';
import { fakeDataProvider } from './products-helpers';
import type { ApiUser } from '../../src/shared/responses/users';

const t = messages.contacts;
const c = messages.conversations;
const path = () => screen.getByTestId('path').textContent;

const contact = (id: string, firstName: string, overrides: Partial<ApiUser> = {}) =>
  apiUser({
    _id: id,
    id,
    firstName,
    fullName: `${firstName} Rivera`,
    email: `${firstName.toLowerCase()}@example.org`,
    role: 'participant',
    emailVerified: false,
    createdAt: '2026-03-14T16:30:00.000Z',
    lastLogin: null,
    ...overrides,
  });

const rows = [
  contact('c1', 'Maria', { phone: '+15035550101', smsVerified: true }),
  contact('c2', 'James'),
  contact('c3', 'Aisha', { role: 'host', emailVerified: true, lastLogin: '2026-03-15T18:05:00Z' }),
  contact('c4', 'Wei', { role: 'admin', status: 'inactive', hasCorruptedEmail: true }),
];

function listWith(data: ApiUser[] = rows, total = data.length) {
  const createPodFromContacts = vi.fn(
    async ({ podName, contactIds }: { podName: string; contactIds: string[] }) => ({
      id: 'pod1',
      podId: 'POD-1',
      podName: podName.trim(),
      activeMemberCount: contactIds.length,
    }),
  );
  const getList = vi.fn(async (_resource: string, _params: { pagination: { page: number } }) => ({
    data,
    total,
  }));
  return { ...fakeDataProvider(), getList, createPodFromContacts };
}

type Provider = ReturnType<typeof listWith>;

/** The contacts list, signed in, with `dataProvider` answering the data calls. */
function openList(dataProvider: object) {
  signIn();
  renderContacts('/contacts', dataProvider);
}
const lastListParams = (dataProvider: Provider) =>
  (dataProvider.getList.mock.calls.at(-1) as unknown as [string, Record<string, unknown>])[1];
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('/contacts', () => {
  it('shows the count, role tags, verification, LA dates and Never, newest first', async () => {
    const dataProvider = listWith(rows, 20_000);
    openList(dataProvider);
    expect(await screen.findByText('Showing 4 of 20,000 contacts')).toBeInTheDocument();
    expect(within(rowOf('Maria Rivera')).getByText('+15035550101')).toBeInTheDocument();
    expect(within(rowOf('Maria Rivera')).getByText(t.verified)).toBeInTheDocument();
    expect(within(rowOf('James Rivera')).getByText(t.notVerified)).toBeInTheDocument();
    expect(within(rowOf('Aisha Rivera')).getByText('3/15/26, 11:05 AM')).toBeInTheDocument();
    expect(within(rowOf('Maria Rivera')).getByText(messages.app.never)).toBeInTheDocument();
    const adminTag = within(rowOf('Wei Rivera')).getByText('Admin').closest('.MuiChip-root');
    expect(adminTag).toHaveClass('MuiChip-colorError');
    const hostTag = within(rowOf('Aisha Rivera')).getByText('Host').closest('.MuiChip-root');
    expect(hostTag).toHaveClass('MuiChip-colorWarning');
    const participantTag = within(rowOf('James Rivera'))
      .getByText('Participant')
      .closest('.MuiChip-root');
    expect(participantTag).toHaveClass('MuiChip-colorPrimary');
    expect(within(rowOf('Wei Rivera')).getByLabelText(t.corruptedEmail)).toBeInTheDocument();
    expect(lastListParams(dataProvider)).toMatchObject({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
    });
  });

  it('flags a stored phone that needs attention, and filters by it on the server', async () => {
    const dataProvider = listWith([
      ...rows,
      contact('c5', 'Noor', { phone: '+1503555010', phoneNeedsAttention: true }),
    ]);
    openList(dataProvider);
    await screen.findByText('Noor Rivera');
    expect(within(rowOf('Noor Rivera')).getByLabelText(t.phoneNeedsAttention)).toBeInTheDocument();
    expect(within(rowOf('Maria Rivera')).queryByLabelText(t.phoneNeedsAttention)).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.phoneFilter.label }));
    fireEvent.click(await screen.findByRole('option', { name: t.phoneFilter.needsAttention }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ phone: 'needs_attention' }),
    );
    const tag = screen.getByText(t.phoneFilter.needsAttention, { selector: '.MuiChip-label' });
    expect(tag).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    openList(listWith([]));
    expect(await screen.findByText(messages.lists.empty.contacts)).toBeInTheDocument();
  });

  it("shows a load failure with 'Try Again'", async () => {
    const dataProvider = listWith();
    dataProvider.getList.mockRejectedValueOnce(new HttpError('Bad Gateway', 502, {}));
    openList(dataProvider);
    expect(await screen.findByText(messages.lists.fetchFailed.contacts)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.app.tryAgain }));
    expect(await screen.findByText('Maria Rivera')).toBeInTheDocument();
  });

  it('searches and filters by role and status on the server, with tags and Clear', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Maria Rivera');
    fireEvent.change(screen.getByLabelText(t.fields.search), { target: { value: '503555' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({ q: '503555' }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.fields.role }));
    fireEvent.click(await screen.findByRole('option', { name: 'Host' }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ q: '503555', role: 'host' }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.fields.status }));
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({
        q: '503555',
        role: 'host',
        status: 'inactive',
      }),
    );
    const tag = screen.getByText('Role: Host').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(within(tag).getByTestId('CancelIcon'));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ q: '503555', status: 'inactive' }),
    );
    expect(screen.getByText('Status: Inactive')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.lists.clear }));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({}));
  });

  it('offers search, role and status first, as the spec lists them, then consent and phone', async () => {
    openList(listWith());
    await screen.findByText('Maria Rivera');
    const inputs = [
      screen.getByRole('searchbox', { name: t.fields.search }),
      ...[t.fields.role, t.fields.status, c.filter.label, t.phoneFilter.label].map((name) =>
        screen.getByRole('combobox', { name }),
      ),
    ];
    inputs
      .slice(1)
      .forEach((input, i) =>
        expect(inputs[i]!.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
          Node.DOCUMENT_POSITION_FOLLOWING,
        ),
      );
  });

  it('sends no search, and shows no tag, for a search of spaces only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Maria Rivera');
    fireEvent.change(screen.getByLabelText(t.fields.search), { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS * 2));
    expect(lastListParams(dataProvider).filter).toEqual({});
    expect(screen.queryByRole('button', { name: messages.lists.clear })).not.toBeInTheDocument();
  });

  it('filters by consent state on the server, with a tag', async () => {
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Maria Rivera');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: c.filter.label }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      c.filter.all,
      c.filter.states.opted_in,
      c.filter.states.not_opted_in,
      c.filter.states.opted_out,
    ]);
    fireEvent.click(screen.getByRole('option', { name: c.filter.states.opted_out }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ consent: 'opted_out' }),
    );
    expect(screen.getByText(`Consent: ${c.filter.states.opted_out}`)).toBeInTheDocument();
  });

  it('marks the rows of contacts who opted out', async () => {
    const optedOut = contact('c7', 'Lena', {
      phone: '+15035550107',
      smsVerified: true,
      smsOptedOutAt: '2026-03-15T18:05:00Z',
    });
    openList(listWith([optedOut, ...rows]));
    await screen.findByText('Lena Rivera');
    const marker = within(rowOf('Lena Rivera')).getByText(c.filter.states.opted_out);
    expect(marker).toBeInTheDocument();
    expect(
      within(rowOf('Lena Rivera')).getByLabelText('Opted out on 3/15/26, 11:05 AM'),
    ).toBeInTheDocument();
    expect(within(rowOf('Lena Rivera')).queryByText(t.verified)).not.toBeInTheDocument();
    expect(
      within(rowOf('Maria Rivera')).queryByText(c.filter.states.opted_out),
    ).not.toBeInTheDocument();
  });

  it('sorts by a column on the server', async () => {
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Maria Rivera');
    fireEvent.click(screen.getByRole('button', { name: /sort by name/i }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).sort).toEqual({ field: 'fullName', order: 'ASC' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /sort by last login/i }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).sort).toEqual({ field: 'lastLogin', order: 'ASC' }),
    );
  });

  it('opens /contacts/{id} on a row click', async () => {
    const dataProvider = listWith();
    dataProvider.getOne.mockResolvedValue({ data: rows[1] } as never);
    openList(dataProvider);
    fireEvent.click(await screen.findByText('James Rivera'));
    await waitFor(() => expect(path()).toBe('/contacts/c2'));
  });

  it("links 'Create New Contact' to the form", async () => {
    openList(listWith());
    fireEvent.click(await screen.findByRole('link', { name: t.createNew }));
    await waitFor(() => expect(path()).toBe('/contacts/create'));
  });
});

describe('Create Pod from the selection', () => {
  async function selectParticipants(dataProvider: Provider) {
    openList(dataProvider);
    await screen.findByText('Maria Rivera');
    // Only participants can be pod members, so staff rows have no checkbox to tick or announce.
    expect(within(rowOf('Aisha Rivera')).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(rowOf('Maria Rivera')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('James Rivera')).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Pod (2 selected)' }));
    return screen.findByRole('dialog');
  }

  it('defaults the Pod ID, needs both fields, and creates the pod in one call', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-07-04T19:05:09Z') });
    const dataProvider = listWith();
    const dialog = await selectParticipants(dataProvider);
    const podId = within(dialog).getByLabelText(new RegExp(messages.pods.fields.podId));
    // 12:05:09 in Los Angeles (PDT).
    expect(podId).toHaveValue('POD-20260704-120509');

    fireEvent.click(within(dialog).getByRole('button', { name: messages.pods.create }));
    expect(await within(dialog).findByText(messages.pods.idAndNameRequired)).toBeInTheDocument();
    expect(dataProvider.createPodFromContacts).not.toHaveBeenCalled();

    const podName = within(dialog).getByLabelText(new RegExp(messages.pods.fields.podName));
    fireEvent.change(podName, { target: { value: '  Morning Walkers  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.pods.create }));
    expect(
      await screen.findByText('Pod "Morning Walkers" created successfully with 2 member(s)'),
    ).toBeInTheDocument();
    expect(dataProvider.createPodFromContacts).toHaveBeenCalledWith({
      podId: 'POD-20260704-120509',
      podName: 'Morning Walkers',
      contactIds: ['c1', 'c2'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The selection is cleared.
    expect(within(rowOf('Maria Rivera')).getByRole('checkbox')).not.toBeChecked();
    expect(within(rowOf('James Rivera')).getByRole('checkbox')).not.toBeChecked();
    vi.useRealTimers();
  });

  it("shows the server's reason and keeps the selection when the pod is refused", async () => {
    const dataProvider = listWith();
    dataProvider.createPodFromContacts.mockRejectedValueOnce(
      new HttpError('x', 409, { error: 'A pod with the ID "POD-1" already exists.' }),
    );
    const dialog = await selectParticipants(dataProvider);
    fireEvent.change(within(dialog).getByLabelText(new RegExp(messages.pods.fields.podName)), {
      target: { value: 'Walkers' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.pods.create }));
    expect(
      await within(dialog).findByText('A pod with the ID "POD-1" already exists.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.app.cancel }));
    expect(screen.getByRole('button', { name: 'Create Pod (2 selected)' })).toBeInTheDocument();
  });
});

describe('across pages and out to CSV', () => {
  it('keeps the selection when the page changes, and makes the pod of all of it', async () => {
    const pageTwo = [contact('c5', 'Carlos'), contact('c6', 'Ines')];
    const dataProvider = listWith();
    dataProvider.getList.mockImplementation(async (_resource, params) =>
      params.pagination.page === 1 ? { data: rows, total: 27 } : { data: pageTwo, total: 27 },
    );
    openList(dataProvider);
    await screen.findByText('Maria Rivera');
    fireEvent.click(within(rowOf('Maria Rivera')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /go to next page/i }));
    await screen.findByText('Ines Rivera');
    fireEvent.click(within(rowOf('Ines Rivera')).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Pod (2 selected)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(messages.pods.fields.podName)), {
      target: { value: 'Mixed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.pods.create }));
    await screen.findByText('Pod "Mixed" created successfully with 2 member(s)');
    expect(dataProvider.createPodFromContacts).toHaveBeenCalledWith(
      expect.objectContaining({ contactIds: ['c1', 'c6'] }),
    );
  });

  it('exports what the filters match, in the list order', async () => {
    const exportContactsCsv = vi.fn(async () => ({
      blob: new Blob(['First name\n']),
      filename: 'contacts-2026-11-22.csv',
    }));
    const createObjectURL = vi.fn(() => 'blob:contacts');
    // jsdom has no object URLs; the download goes through one.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const dataProvider = { ...listWith(), exportContactsCsv };
    openList(dataProvider);
    await screen.findByText('Maria Rivera');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.fields.role }));
    fireEvent.click(await screen.findByRole('option', { name: 'Participant' }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ role: 'participant' }),
    );
    fireEvent.click(screen.getByRole('button', { name: t.exportCsv }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exportContactsCsv).toHaveBeenCalledWith({
      filter: { role: 'participant' },
      sort: { field: 'createdAt', order: 'DESC' },
    });
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
