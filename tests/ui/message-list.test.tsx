import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import MessageList from '../../src/admin/messages/MessageList';
import { MESSAGE_STATUSES } from '../../src/shared/delivery';
import { messages } from '../../src/shared/messages';
import { renderConsole, renderScreen, signIn } from './helpers';
import {
  apiMessage,
  failedMessage,
  lastMessagesQuery,
  messagesProvider,
  type MessagesProvider,
} from './messages-helpers';
import { ids } from './programs-helpers';

const t = messages.delivery;
/** How long react-admin's list waits after the last change of a filter before it applies them. */
const FILTER_DELAY_MS = 500;
const path = () => screen.getByTestId('path').textContent;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const listPath = (filter: Record<string, unknown>) =>
  `/messages?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The outbox at `path`, signed in, with `dataProvider` answering the data calls. */
function openList(dataProvider: MessagesProvider, path = '/messages') {
  signIn();
  renderScreen(<MessageList />, { path, resource: 'messages', dataProvider });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/messages', () => {
  it('lists the messages newest first, with recipient, program, status and error', async () => {
    const dataProvider = messagesProvider();
    openList(dataProvider);
    expect(await screen.findByText('Showing 2 of 2 messages')).toBeInTheDocument();
    const delivered = rowOf('Grace Hopper');
    expect(within(delivered).getByText('+15035550101')).toBeInTheDocument();
    expect(within(delivered).getByText('Spring Walks')).toBeInTheDocument();
    expect(within(delivered).getByText(t.statuses.delivered)).toBeInTheDocument();
    const failed = rowOf('Alan Turing');
    expect(within(failed).getByText(t.statuses.failed)).toBeInTheDocument();
    expect(within(failed).getByText("21211: Invalid 'To' Phone Number")).toBeInTheDocument();
    expect(lastMessagesQuery(dataProvider)).toMatchObject({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
  });

  it("counts a message's clicks on its tracked links, and leaves the others empty", async () => {
    const rows = [
      apiMessage({
        _id: 'a',
        id: 'a',
        contactName: 'Opened',
        linkOpens: { links: 1, opened: 1, clicks: 2, firstAt: '2027-03-14T13:30:00.000Z' },
      }),
      apiMessage({
        _id: 'b',
        id: 'b',
        contactName: 'Not opened',
        linkOpens: { links: 2, opened: 0, clicks: 0, firstAt: null },
      }),
      apiMessage({ _id: 'c', id: 'c', contactName: 'Untracked', linkOpens: null }),
    ];
    openList(messagesProvider({ rows }));
    await screen.findByText('Showing 3 of 3 messages');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    const column = headers.indexOf(t.fields.linkOpens);
    expect(column).toBeGreaterThan(0);
    const cell = (name: string) => rowOf(name).querySelectorAll('td')[column]!.textContent;
    expect(cell('Opened')).toBe('2');
    expect(cell('Not opened')).toBe('0');
    expect(cell('Untracked')).toBe('');
  });

  it('names every status in words and explains it in a tooltip', async () => {
    const rows = MESSAGE_STATUSES.map((status, i) =>
      apiMessage({ _id: `s${i}`, id: `s${i}`, status, contactName: `Contact ${status}` }),
    );
    openList(messagesProvider({ rows }));
    await screen.findByText('Showing 10 of 10 messages');
    for (const status of MESSAGE_STATUSES) {
      const chip = within(rowOf(`Contact ${status}`)).getByText(t.statuses[status]);
      expect(chip.closest('.MuiChip-root')).toHaveAttribute('title', t.statusHelp[status]);
    }
  });

  it("says 'Sent' only for a message the provider took, 'Delivered' only when it said so", async () => {
    const rows = [
      apiMessage({ _id: 'a', id: 'a', status: 'sending', contactName: 'In flight' }),
      apiMessage({ _id: 'b', id: 'b', status: 'sent', contactName: 'Accepted' }),
    ];
    openList(messagesProvider({ rows }));
    await screen.findByText('Showing 2 of 2 messages');
    expect(within(rowOf('In flight')).queryByText(t.statuses.sent)).not.toBeInTheDocument();
    expect(within(rowOf('Accepted')).getByText(t.statuses.sent)).toBeInTheDocument();
    expect(within(rowOf('Accepted')).queryByText(t.statuses.delivered)).not.toBeInTheDocument();
  });

  it('shows no count and no rows while the page loads', async () => {
    const dataProvider = messagesProvider();
    let answer: (value: { data: unknown[]; total: number }) => void = () => undefined;
    dataProvider.getList.mockImplementation(
      (resource) =>
        new Promise((resolve) => {
          if (resource === 'messages') answer = resolve as typeof answer;
          else resolve({ data: [], total: 0 });
        }) as never,
    );
    openList(dataProvider);
    expect(await screen.findByRole('heading', { name: t.title })).toBeInTheDocument();
    await waitFor(() => expect(lastMessagesQuery(dataProvider)).toBeDefined());
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    answer({ data: [failedMessage], total: 1 });
    expect(await screen.findByText('Showing 1 of 1 messages')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    openList(messagesProvider({ rows: [] }));
    expect(await screen.findByText(messages.lists.empty.messages)).toBeInTheDocument();
  });

  it('says when no message matches the filters', async () => {
    openList(messagesProvider({ rows: [] }), listPath({ kind: 'test' }));
    expect(await screen.findByText(messages.lists.empty.messagesFiltered)).toBeInTheDocument();
  });

  it('shows a failed load with Try Again', async () => {
    const dataProvider = messagesProvider();
    const answer = dataProvider.getList.getMockImplementation()!;
    let failed = false;
    dataProvider.getList.mockImplementation(async (resource, params) => {
      if (resource !== 'messages' || failed) return answer(resource, params);
      failed = true;
      throw new HttpError('Bad Gateway', 502, {});
    });
    openList(dataProvider);
    expect(await screen.findByText(messages.lists.fetchFailed.messages)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.app.tryAgain }));
    expect(await screen.findByText('Showing 2 of 2 messages')).toBeInTheDocument();
  });

  it('takes its filters from the address, as the Deliveries panel links give them', async () => {
    const dataProvider = messagesProvider();
    openList(
      dataProvider,
      listPath({ programId: ids.program, day: 1, status: ['failed', 'undelivered'] }),
    );
    await screen.findByText('Showing 2 of 2 messages');
    expect(lastMessagesQuery(dataProvider).filter).toEqual({
      programId: ids.program,
      day: 1,
      status: ['failed', 'undelivered'],
    });
    // The program filter names the program, not its id.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: t.fields.program })).toHaveValue('Spring Walks'),
    );
  });

  it('sends the status, kind, day and date filters to the server', async () => {
    // The filters are applied after a pause in the changes: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = messagesProvider();
    openList(dataProvider);
    await screen.findByText('Showing 2 of 2 messages');

    await choose(t.fields.status, t.statuses.failed);
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DELAY_MS));
    await waitFor(() =>
      expect(lastMessagesQuery(dataProvider).filter).toEqual({ status: ['failed'] }),
    );
    fireEvent.click(await screen.findByRole('option', { name: t.statuses.unknown }));
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DELAY_MS));
    await waitFor(() =>
      expect(lastMessagesQuery(dataProvider).filter).toEqual({ status: ['failed', 'unknown'] }),
    );
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    await choose(t.fields.kind, t.kinds.program);
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DELAY_MS));
    await waitFor(() =>
      expect(lastMessagesQuery(dataProvider).filter).toMatchObject({ kind: 'program' }),
    );

    fireEvent.change(screen.getByRole('spinbutton', { name: t.fields.day }), {
      target: { value: '2' },
    });
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DELAY_MS));
    await waitFor(() => expect(lastMessagesQuery(dataProvider).filter).toMatchObject({ day: 2 }));

    fireEvent.change(screen.getByLabelText(t.fields.from), { target: { value: '2027-03-01' } });
    fireEvent.change(screen.getByLabelText(t.fields.to), { target: { value: '2027-03-31' } });
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DELAY_MS));
    await waitFor(() =>
      expect(lastMessagesQuery(dataProvider).filter).toEqual({
        status: ['failed', 'unknown'],
        kind: 'program',
        day: 2,
        from: '2027-03-01',
        to: '2027-03-31',
      }),
    );
  });

  it('sorts on the server', async () => {
    const dataProvider = messagesProvider();
    openList(dataProvider);
    await screen.findByText('Showing 2 of 2 messages');
    fireEvent.click(screen.getByRole('button', { name: /sort by due/i }));
    await waitFor(() =>
      expect(lastMessagesQuery(dataProvider).sort).toEqual({ field: 'sendAfter', order: 'ASC' }),
    );
  });

  // The dashboard, the navigation bar and the outbox: the whole console.
  it('is reached from the dashboard; the navigation bar keeps the entries of the spec', async () => {
    signIn();
    renderConsole('/dashboard', { dataProvider: messagesProvider() as never });
    const shortcut = await screen.findByRole('link', {
      name: new RegExp(messages.dashboard.shortcuts.messages),
    });
    expect(shortcut).toHaveAttribute('href', '/messages');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: t.title })).not.toBeInTheDocument();
    fireEvent.click(shortcut);
    expect(await screen.findByRole('heading', { name: t.title })).toBeInTheDocument();
  });

  it('opens a message from its row', async () => {
    openList(messagesProvider());
    fireEvent.click(await screen.findByText('Alan Turing'));
    await waitFor(() => expect(path()).toBe('/messages/m2'));
  });
});
