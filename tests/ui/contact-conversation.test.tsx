import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_REFRESH_MS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import type { ApiConversation, ApiMessage } from '../../src/shared/responses/messages';
import {
  contactId,
  contactProvider,
  participant,
  received,
  sent,
  type ContactProvider,
  renderContacts,
} from './conversation-helpers';
import { signIn } from './helpers';

const t = messages.conversations;
const statuses = messages.delivery.statuses;
const l = messages.delivery.linkOpens;

const optinRequest = sent({
  _id: 'm-optin',
  id: 'm-optin',
  kind: 'optin',
  programId: null,
  programName: null,
  day: null,
  body: 'Tidings: Hi Grace! Reply JOIN to receive our messages.',
  sentAt: '2027-03-14T12:00:00.000Z',
});
const join = received({ _id: 'i-join', id: 'i-join', body: 'Join!', intent: 'optin' });
const confirmation = sent({
  _id: 'm-confirm',
  id: 'm-confirm',
  kind: 'confirmation',
  programId: null,
  programName: null,
  day: null,
  body: "Tidings: You're in!",
  sentAt: '2027-03-14T12:06:00.000Z',
});
const question = received({
  _id: 'i-q',
  id: 'i-q',
  body: 'What time do they come?',
  intent: null,
  mediaUrls: ['https://api.twilio.com/media/ME1'],
  receivedAt: '2027-03-14T12:10:00.000Z',
});
const dayOne = sent({
  _id: 'm-day1',
  id: 'm-day1',
  sentAt: '2027-03-15T13:00:00.000Z',
  mediaUrl: 'https://tidings.example.org/media/walk.jpg',
});

function open(pages: ApiConversation[], contact = participant()) {
  const dataProvider = contactProvider({ pages, contact });
  signIn();
  renderContacts(`/contacts/${contactId}`, dataProvider);
  return dataProvider;
}

const card = () => screen.findByRole('region', { name: t.title });
/** The conversation's messages, top to bottom, once they are in. */
async function bubbles() {
  const region = await card();
  const list = await within(region).findByRole('list', { name: t.title });
  return within(list).getAllByRole('listitem');
}
const calls = (dataProvider: ContactProvider) =>
  dataProvider.getContactConversation.mock.calls.length;

afterEach(() => {
  vi.useRealTimers();
});

describe("the contact's conversation", () => {
  it('shows what was sent and what came back, oldest at the top and newest at the bottom', async () => {
    const dataProvider = open([
      { entries: [dayOne, question, confirmation, join, optinRequest], hasMore: false },
    ]);
    const items = await bubbles();
    expect(dataProvider.getContactConversation).toHaveBeenCalledWith(contactId, {});
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Reply JOIN to receive our messages'),
      expect.stringContaining('Join!'),
      expect.stringContaining("You're in!"),
      expect.stringContaining('What time do they come?'),
      expect.stringContaining('Walk ten minutes today.'),
    ]);
    const [request, reply, confirmed, free, program] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    // Sent: its kind, opening the message, its status in words, and when.
    const link = within(request).getByRole('link', { name: messages.delivery.kinds.optin });
    expect(link).toHaveAttribute('href', '/messages/m-optin');
    expect(within(request).getByText(statuses.delivered)).toBeInTheDocument();
    expect(within(request).getByText('3/14/27, 5:00 AM')).toBeInTheDocument();
    expect(
      within(confirmed).getByRole('link', { name: messages.delivery.kinds.confirmation }),
    ).toHaveAttribute('href', '/messages/m-confirm');
    const programLink = within(program).getByRole('link', { name: 'Spring Walks · Day 1' });
    expect(programLink).toHaveAttribute('href', '/messages/m-day1');
    expect(
      within(program).getByRole('link', { name: messages.delivery.openMedia }),
    ).toHaveAttribute('href', 'https://tidings.example.org/media/walk.jpg');

    // Received: what it asked for, or nothing for a free text, with no message page to open.
    expect(within(reply).getByText(t.received)).toBeInTheDocument();
    expect(within(reply).getByText(t.intents.optin)).toBeInTheDocument();
    expect(within(reply).getByText('3/14/27, 5:05 AM')).toBeInTheDocument();
    expect(within(reply).queryByRole('link')).not.toBeInTheDocument();
    for (const intent of Object.values(t.intents)) {
      expect(within(free).queryByText(intent)).not.toBeInTheDocument();
    }
    expect(within(free).getByRole('link', { name: 'Media 1' })).toHaveAttribute(
      'href',
      'https://api.twilio.com/media/ME1',
    );
  });

  it('names opt-out and help replies', async () => {
    open([
      {
        entries: [
          received({ _id: 'i2', id: 'i2', body: 'help', intent: 'help' }),
          received({ _id: 'i1', id: 'i1', body: 'stop please', intent: 'optout' }),
        ],
        hasMore: false,
      },
    ]);
    const [stop, help] = (await bubbles()) as [HTMLElement, HTMLElement];
    expect(within(stop).getByText(t.intents.optout)).toBeInTheDocument();
    expect(within(help).getByText(t.intents.help)).toBeInTheDocument();
  });

  it('marks a reply typed with Simulate reply as simulated, naming who typed it', async () => {
    open([
      {
        entries: [
          received({
            _id: 'i-sim',
            id: 'i-sim',
            body: 'join',
            intent: 'optin',
            simulatedBy: 'u1',
            simulatedByName: 'Ada Lovelace',
          }),
          received({ _id: 'i-phone', id: 'i-phone', body: 'hello', intent: null }),
        ],
        hasMore: false,
      },
    ]);
    const [fromPhone, simulated] = (await bubbles()) as [HTMLElement, HTMLElement];
    expect(within(simulated).getByText('Simulated by Ada Lovelace')).toBeInTheDocument();
    expect(within(simulated).getByText(t.intents.optin)).toBeInTheDocument();
    expect(within(fromPhone).queryByText(/Simulated/)).not.toBeInTheDocument();
  });

  it('names the staff member who asked for a message, and no one for what Tidings sent itself', async () => {
    const staffReply = sent({
      _id: 'm-staff',
      id: 'm-staff',
      kind: 'staff',
      programId: null,
      programName: null,
      day: null,
      body: '7 pm, see you there',
      sentByName: 'Hana Lee',
      sentAt: '2027-03-15T14:00:00.000Z',
    });
    open([{ entries: [staffReply, dayOne], hasMore: false }]);
    const [program, reply] = (await bubbles()) as [HTMLElement, HTMLElement];
    expect(within(reply).getByText('By Hana Lee')).toBeInTheDocument();
    expect(within(reply).getByText(messages.delivery.kinds.staff)).toBeInTheDocument();
    expect(within(program).queryByText(/^By /)).not.toBeInTheDocument();
  });

  it("shows when a message was sent, never when it was queued, and 'due at' while it waits", async () => {
    // Day 0 queued at 8:05 PM for 8:07 PM, handed to the provider at 8:07 PM; day 1 waits.
    const dayZero = sent({
      _id: 'm-day0',
      id: 'm-day0',
      day: 0,
      createdAt: '2027-06-02T03:05:00.000Z',
      sendAfter: '2027-06-02T03:07:00.000Z',
      sentAt: '2027-06-02T03:07:30.000Z',
    });
    const dayOneWaiting = sent({
      _id: 'm-day1',
      id: 'm-day1',
      status: 'queued',
      createdAt: '2027-06-03T03:05:00.000Z',
      sendAfter: '2027-06-03T03:07:00.000Z',
      sentAt: null,
      deliveredAt: null,
    });
    open([{ entries: [dayOneWaiting, dayZero], hasMore: false }]);
    const [gone, waiting] = (await bubbles()) as [HTMLElement, HTMLElement];
    expect(within(gone).getByText('6/1/27, 8:07 PM')).toBeInTheDocument();
    expect(gone).not.toHaveTextContent('8:05 PM');
    expect(within(waiting).getByText('due at 6/2/27, 8:07 PM')).toBeInTheDocument();
    expect(waiting).not.toHaveTextContent('8:05 PM');
  });

  it('says beside a program message whether and how often the contact opened its links', async () => {
    const opened = (id: string, sentAt: string, linkOpens: ApiMessage['linkOpens']) =>
      sent({ _id: id, id, sentAt, linkOpens });
    open([
      {
        entries: [
          opened('m-4', '2027-03-18T13:00:00.000Z', {
            links: 3,
            opened: 2,
            clicks: 5,
            firstAt: '2027-03-18T13:30:00.000Z',
          }),
          opened('m-3', '2027-03-17T13:00:00.000Z', {
            links: 1,
            opened: 0,
            clicks: 0,
            firstAt: null,
          }),
          opened('m-2', '2027-03-16T13:00:00.000Z', {
            links: 1,
            opened: 1,
            clicks: 1,
            firstAt: '2027-03-16T14:00:00.000Z',
          }),
          opened('m-1', '2027-03-15T13:00:00.000Z', {
            links: 1,
            opened: 1,
            clicks: 2,
            firstAt: '2027-03-15T13:20:00.000Z',
          }),
          // No tracked link: nothing said.
          opened('m-0', '2027-03-14T13:00:00.000Z', null),
        ],
        hasMore: false,
      },
    ]);
    const [untracked, twice, once, never, some] = (await bubbles()) as HTMLElement[];
    expect(untracked).not.toHaveTextContent(/opened/i);
    expect(within(twice!).getByText(l.twice)).toBeInTheDocument();
    // When first, in the console's time (Los Angeles).
    expect(within(twice!).getByText('First opened 3/15/27, 6:20 AM')).toBeInTheDocument();
    expect(within(once!).getByText(l.once)).toBeInTheDocument();
    expect(within(never!).getByText(l.notOpened)).toBeInTheDocument();
    expect(never).not.toHaveTextContent('First opened');
    expect(within(some!).getByText('Opened 2 of 3 links')).toBeInTheDocument();
  });

  it("shows a failed message's status and why it failed", async () => {
    open([
      {
        entries: [
          sent({ status: 'failed', errorCode: '21211', errorMessage: "Invalid 'To' Phone Number" }),
        ],
        hasMore: false,
      },
    ]);
    const [failed] = (await bubbles()) as [HTMLElement];
    expect(within(failed).getByText(statuses.failed)).toBeInTheDocument();
    expect(within(failed).getByText(/21211: Invalid 'To' Phone Number/)).toBeInTheDocument();
  });

  it("loads earlier messages above with 'Show earlier', until there are no more", async () => {
    const dataProvider = open([
      { entries: [dayOne, question], hasMore: true },
      { entries: [confirmation, join], hasMore: true },
      { entries: [optinRequest], hasMore: false },
    ]);
    expect(await bubbles()).toHaveLength(2);
    const region = await card();
    fireEvent.click(within(region).getByRole('button', { name: t.showEarlier }));
    await waitFor(async () => expect(await bubbles()).toHaveLength(4));
    expect(dataProvider.getContactConversation).toHaveBeenLastCalledWith(contactId, {
      before: question.at,
    });
    fireEvent.click(within(region).getByRole('button', { name: t.showEarlier }));
    await waitFor(async () => expect(await bubbles()).toHaveLength(5));
    expect(dataProvider.getContactConversation).toHaveBeenLastCalledWith(contactId, {
      before: join.at,
    });
    const texts = (await bubbles()).map((item) => item.textContent);
    expect(texts[0]).toContain('Reply JOIN to receive our messages');
    expect(texts[4]).toContain('Walk ten minutes today.');
    expect(within(region).queryByRole('button', { name: t.showEarlier })).not.toBeInTheDocument();
  });

  it('refreshes itself while a message shown is on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queued = sent({ status: 'queued', sentAt: null, deliveredAt: null });
    const dataProvider = open([{ entries: [queued, join], hasMore: false }]);
    const [, first] = (await bubbles()) as [HTMLElement, HTMLElement];
    expect(within(first).getByText(statuses.queued)).toBeInTheDocument();
    dataProvider.getContactConversation.mockResolvedValue({
      entries: [sent({ status: 'delivered' }), join],
      hasMore: false,
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONVERSATION_REFRESH_MS);
    });
    await waitFor(() => expect(calls(dataProvider)).toBe(2));
    const [, now] = (await bubbles()) as [HTMLElement, HTMLElement];
    await waitFor(() => expect(within(now).getByText(statuses.delivered)).toBeInTheDocument());

    // Everything shown has settled: no more refreshing.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONVERSATION_REFRESH_MS * 2);
    });
    expect(calls(dataProvider)).toBe(2);
  });

  it('does not refresh a conversation whose messages have all settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = open([{ entries: [confirmation, join, optinRequest], hasMore: false }]);
    await bubbles();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONVERSATION_REFRESH_MS * 2);
    });
    expect(calls(dataProvider)).toBe(1);
  });
});
