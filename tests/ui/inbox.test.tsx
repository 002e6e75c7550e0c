import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ReplyList from '../../src/admin/replies/ReplyList';
import { messages } from '../../src/shared/messages';
import type { ApiInboundMessage } from '../../src/shared/responses/messages';
import { UNTOUCHED_IN_INBOX } from '../helpers/inbox-fields';
import { apiMessage, contactId } from './messages-helpers';
import { renderConsole, renderScreen, signIn } from './helpers';
import { fakeDataProvider } from './products-helpers';

/** The inbox (issue 26): the top bar's count, handling, assigning, deciding and replying. */

const i = messages.replies.inbox;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

function reply(overrides: Partial<ApiInboundMessage> = {}): ApiInboundMessage {
  return {
    _id: 'r1',
    id: 'r1',
    providerMessageId: 'SM-in-1',
    fromPhone: '+15035550101',
    toPhone: '+15035550000',
    body: 'What time is the call?',
    mediaUrls: [],
    contactId,
    contactName: 'Grace Hopper',
    intent: null,
    receivedAt: '2027-03-14T13:05:00.000Z',
    simulatedBy: null,
    simulatedByName: null,
    ...UNTOUCHED_IN_INBOX,
    ...overrides,
  };
}

const review = reply({
  _id: 'r2',
  id: 'r2',
  body: 'Stop by the office tomorrow?',
  intent: 'review',
});

function inboxProvider(rows: ApiInboundMessage[] = [reply(), review]) {
  return {
    ...fakeDataProvider(),
    getList: vi.fn(async (resource: string, _params: Record<string, unknown>) =>
      resource === 'inbound-messages' ? { data: rows, total: rows.length } : { data: [], total: 0 },
    ),
    getInboxCounts: vi.fn(async () => ({ new: 3, mine: 1, needsReview: 1 })),
    updateInboundMessage: vi.fn(async (id: string, patch: object) => ({
      ...reply(),
      id,
      ...patch,
    })),
    decideReview: vi.fn(async () => ({ ...review, reviewDecision: 'not_optout' })),
    sendStaffReply: vi.fn(async () =>
      apiMessage({
        kind: 'staff',
        body: '7 pm',
        sendAfter: '2027-03-14T13:06:00.000Z',
        createdAt: '2027-03-14T13:06:00.000Z',
      }),
    ),
  };
}

/** The replies list, signed in, with `dataProvider` answering the data calls. */
function openReplies(dataProvider: ReturnType<typeof inboxProvider>) {
  signIn();
  renderScreen(<ReplyList />, {
    path: '/inbound-messages',
    resource: 'inbound-messages',
    dataProvider,
  });
}

describe('the inbox', () => {
  // The top bar is the layout's: the whole console.
  it('shows the number of new replies in the top bar, leading to them', async () => {
    signIn();
    renderConsole('/dashboard', { dataProvider: inboxProvider() as never });
    const link = await screen.findByRole('link', { name: 'Inbox: 3 new replies' });
    expect(link).toHaveAttribute(
      'href',
      `/inbound-messages?filter=${encodeURIComponent('{"state":"new"}')}`,
    );
  });

  it('marks a reply handled and assigns it to the signed-in staff member', async () => {
    const dataProvider = inboxProvider();
    openReplies(dataProvider);
    const row = await waitFor(() => rowOf('What time is the call?'));
    fireEvent.click(within(row).getByRole('button', { name: i.markHandled }));
    await waitFor(() =>
      expect(dataProvider.updateInboundMessage).toHaveBeenCalledWith('r1', { state: 'handled' }),
    );
    fireEvent.click(within(row).getByRole('button', { name: i.assignToMe }));
    await waitFor(() =>
      expect(dataProvider.updateInboundMessage).toHaveBeenCalledWith('r1', { assigneeId: 'u1' }),
    );
    expect(await screen.findByText(i.updated)).toBeInTheDocument();
  });

  it('asks for a decision on a reply that may ask to stop, and offers no "Mark handled" for it', async () => {
    const dataProvider = inboxProvider();
    openReplies(dataProvider);
    const row = await waitFor(() => rowOf('Stop by the office tomorrow?'));
    expect(within(row).getByText(i.reviewQuestion)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: i.markHandled })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: i.notOptOut }));
    await waitFor(() => expect(dataProvider.decideReview).toHaveBeenCalledWith('r2', 'not_optout'));
    expect(await screen.findByText(i.decided)).toBeInTheDocument();
  });

  it('filters new, mine and needing review on the server', async () => {
    const dataProvider = inboxProvider();
    openReplies(dataProvider);
    await screen.findByText('Showing 2 of 2 replies');
    const choose = async (label: string, option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
      // The menu closes before the next filter is opened, as a person's clicks would wait.
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    };
    await choose(i.state, i.states.new);
    await choose(i.assignee, i.assignees.me);
    await choose(i.review, i.reviews.pending);
    const last = () =>
      dataProvider.getList.mock.calls
        .filter(([resource]) => resource === 'inbound-messages')
        .at(-1)!;
    await waitFor(() =>
      expect(last()[1]).toMatchObject({
        filter: { state: 'new', assigneeId: 'me', review: 'pending' },
      }),
    );
  });

  it('replies from the inbox with the counter of the product editor', async () => {
    const dataProvider = inboxProvider();
    openReplies(dataProvider);
    const row = await waitFor(() => rowOf('What time is the call?'));
    fireEvent.click(within(row).getByRole('button', { name: 'Reply to Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to Grace Hopper' });
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${messages.staffReply.label}`)), {
      target: { value: '7 pm' },
    });
    expect(
      within(within(dialog).getByTestId('message-counter')).getByText('4/160'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.staffReply.send }));
    await waitFor(() =>
      expect(dataProvider.sendStaffReply).toHaveBeenCalledWith(contactId, {
        body: '7 pm',
        mediaUrl: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
