import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import MessageShow from '../../src/admin/messages/MessageShow';
import { messages } from '../../src/shared/messages';
import { apiUser, renderScreen, signIn } from './helpers';
import {
  contactId,
  messageDetail,
  messagesProvider,
  type MessagesProvider,
} from './messages-helpers';
import { ids } from './programs-helpers';

const t = messages.delivery;

/** The message's page at `path`, signed in as `user`, with `dataProvider` answering the data calls. */
function openMessage(path: string, dataProvider: MessagesProvider, user = apiUser()) {
  signIn({}, user);
  renderScreen(<MessageShow />, {
    path,
    route: '/messages/:id',
    resource: 'messages',
    dataProvider,
  });
}

/** The value shown beside a label of the message's details. */
const valueOf = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

const failed = messageDetail({
  _id: 'm2',
  id: 'm2',
  status: 'failed',
  mediaUrl: 'https://tidings.example.org/media/walk.jpg',
  segments: 2,
  attempts: 3,
  providerMessageId: null,
  errorCode: '30008',
  errorMessage: 'Unknown error',
  history: [
    {
      status: 'queued',
      source: 'planner',
      errorCode: null,
      errorMessage: null,
      at: '2027-03-14T12:00:00.000Z',
    },
    {
      status: 'failed',
      source: 'dispatcher',
      errorCode: '30008',
      errorMessage: 'Unknown error',
      at: '2027-03-14T13:05:00.000Z',
    },
  ],
});

describe('/messages/{id}', () => {
  it('shows the recipient, program and day with links, body, media, counts, ids and error', async () => {
    openMessage('/messages/m2', messagesProvider({ detail: failed }));
    expect(await screen.findByRole('heading', { name: t.detailTitle })).toBeInTheDocument();
    expect(
      within(valueOf(t.fields.recipient)).getByRole('link', { name: 'Grace Hopper' }),
    ).toHaveAttribute('href', `/contacts/${contactId}`);
    expect(within(valueOf(t.fields.recipient)).getByText('+15035550101')).toBeInTheDocument();
    expect(
      within(valueOf(t.fields.program)).getByRole('link', { name: 'Spring Walks' }),
    ).toHaveAttribute('href', `/programs/${ids.program}`);
    const dayLink = within(valueOf(t.fields.day)).getByRole('link', { name: 'Day 1' });
    expect(new URL(dayLink.getAttribute('href')!, 'http://x').searchParams.get('filter')).toBe(
      JSON.stringify({ programId: ids.program, day: 1 }),
    );
    expect(valueOf(t.fields.body)).toHaveTextContent('Walk ten minutes today. https://t.co/abc');
    expect(
      within(valueOf(t.fields.media)).getByRole('link', { name: t.openMedia }),
    ).toHaveAttribute('href', 'https://tidings.example.org/media/walk.jpg');
    expect(valueOf(t.fields.segments)).toHaveTextContent('2');
    expect(valueOf(t.fields.attempts)).toHaveTextContent('3');
    expect(valueOf(t.fields.providerMessageId)).toHaveTextContent(t.none);
    expect(valueOf(t.fields.errorCode)).toHaveTextContent('30008');
    expect(valueOf(t.fields.errorMessage)).toHaveTextContent('Unknown error');
    expect(within(valueOf(t.fields.status)).getByText(t.statuses.failed)).toBeInTheDocument();
  });

  it('says how often the recipient opened its tracked links, and when first', async () => {
    const opened = messageDetail({
      linkOpens: { links: 2, opened: 1, clicks: 3, firstAt: '2027-03-14T13:30:00.000Z' },
    });
    openMessage('/messages/m1', messagesProvider({ detail: opened }));
    await screen.findByRole('heading', { name: t.detailTitle });
    expect(valueOf(t.fields.linkOpens)).toHaveTextContent('Opened 1 of 2 links');
    expect(valueOf(t.fields.linkOpens)).toHaveTextContent('First opened 3/14/27, 6:30 AM');
  });

  it('says nothing of clicks for a message without a tracked link', async () => {
    openMessage('/messages/m2', messagesProvider({ detail: failed }));
    await screen.findByRole('heading', { name: t.detailTitle });
    expect(screen.queryByText(t.fields.linkOpens, { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows the status history: time, status, source and error', async () => {
    openMessage('/messages/m2', messagesProvider({ detail: failed }));
    const history = await screen.findByRole('table', { name: t.historyTitle });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('3/14/27, 5:00 AM')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(t.statuses.queued)).toBeInTheDocument();
    expect(within(rows[0]!).getByText(t.sources.planner)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(t.statuses.failed)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(t.sources.dispatcher)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('30008: Unknown error')).toBeInTheDocument();
  });

  it('says so while it loads', async () => {
    const dataProvider = messagesProvider();
    dataProvider.getOne.mockImplementation(() => new Promise(() => undefined));
    openMessage('/messages/m1', dataProvider);
    expect(await screen.findByText(t.loading)).toBeInTheDocument();
  });

  it("shows the server's error and the way back when the message cannot be loaded", async () => {
    const dataProvider = messagesProvider();
    dataProvider.getOne.mockRejectedValue(
      new HttpError('Not Found', 404, { error: 'Message not found' }),
    );
    openMessage('/messages/nope', dataProvider);
    expect(await screen.findByText('Message not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.back })).toHaveAttribute('href', '/messages');
  });

  it('lets an admin retry a failed message, and says it is queued, not sent', async () => {
    const dataProvider = messagesProvider({ detail: failed });
    openMessage('/messages/m2', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: t.retry.button }));
    await waitFor(() => expect(dataProvider.retryMessage).toHaveBeenCalledWith('m2'));
    expect(await screen.findByText(t.retry.done)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The page shows the message as it is now.
    await waitFor(() =>
      expect(
        dataProvider.getOne.mock.calls.filter(([r]) => r === 'messages').length,
      ).toBeGreaterThan(1),
    );
  });

  it('asks before retrying an unknown message, which may already have been delivered', async () => {
    const dataProvider = messagesProvider({ detail: messageDetail({ status: 'unknown' }) });
    openMessage('/messages/m1', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: t.retry.button }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.retry.unknownWarning)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.app.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.retryMessage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: t.retry.button }));
    fireEvent.click(await screen.findByRole('button', { name: t.retry.confirm }));
    await waitFor(() => expect(dataProvider.retryMessage).toHaveBeenCalledWith('m1'));
  });

  it("shows the server's refusal of a retry", async () => {
    const dataProvider = messagesProvider({ detail: failed });
    dataProvider.retryMessage.mockRejectedValue(
      new HttpError('Conflict', 409, { error: 'Only a failed or unknown message can be retried' }),
    );
    openMessage('/messages/m2', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: t.retry.button }));
    expect(
      await screen.findByText('Only a failed or unknown message can be retried'),
    ).toBeInTheDocument();
  });

  it('offers no retry for a delivered message', async () => {
    openMessage('/messages/m1', messagesProvider());
    await screen.findByRole('heading', { name: t.detailTitle });
    expect(screen.queryByRole('button', { name: t.retry.button })).not.toBeInTheDocument();
  });

  it('offers no retry to a host', async () => {
    openMessage('/messages/m2', messagesProvider({ detail: failed }), apiUser({ role: 'host' }));
    await screen.findByRole('heading', { name: t.detailTitle });
    expect(screen.getByText('30008')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.retry.button })).not.toBeInTheDocument();
  });
});
