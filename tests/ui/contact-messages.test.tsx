import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import {
  contactId,
  participant,
  received,
  renderContacts,
  sent,
  twilioSettings,
} from './conversation-helpers';
import { jsonResponse, signIn } from './helpers';
import type { ApiConversation } from '../../src/shared/responses/messages';
import { failedMessage } from './messages-helpers';

const t = messages.conversations;
const statuses = messages.delivery.statuses;

/**
 * /contacts/{id} signed in as an admin, over HTTP: the API answering the conversation with
 * `answer`, an empty consent log and the Twilio settings.
 */
function openContact(answer: () => Response) {
  const api = signIn({
    [`GET /api/contacts/${contactId}`]: () => jsonResponse(200, { contact: participant() }),
    [`GET /api/contacts/${contactId}/conversation`]: answer,
    [`GET /api/contacts/${contactId}/consent`]: () => jsonResponse(200, { events: [] }),
    'GET /api/sms': () => jsonResponse(200, twilioSettings),
  });
  renderContacts(`/contacts/${contactId}`);
  return api;
}

const section = () => screen.findByRole('region', { name: t.title });
const filterOf = (link: HTMLElement) =>
  JSON.parse(
    new URL(link.getAttribute('href')!, 'http://x').searchParams.get('filter')!,
  ) as unknown;

describe("the contact's messages on their page (the Conversation card)", () => {
  const page: ApiConversation = {
    entries: [
      received({ body: 'Thanks!', intent: null, receivedAt: '2027-03-14T13:00:00.000Z' }),
      sent(),
      { direction: 'out', at: failedMessage.createdAt, ...failedMessage },
    ],
    hasMore: false,
  };

  it('shows the newest page, each sent message opening its message, and links to all of them', async () => {
    const api = openContact(() => jsonResponse(200, page));
    const region = await section();
    const links = await within(region).findAllByRole('link', { name: /Spring Walks/ });
    // Oldest first, as on a phone.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/messages/m2',
      '/messages/m1',
    ]);
    const items = within(region).getAllByRole('listitem');
    expect(within(items[0]!).getByText(statuses.failed)).toBeInTheDocument();
    expect(within(items[0]!).getByText(/21211: Invalid 'To' Phone Number/)).toBeInTheDocument();
    expect(within(items[1]!).getByText(statuses.delivered)).toBeInTheDocument();
    expect(within(items[2]!).getByText('Thanks!')).toBeInTheDocument();

    const all = within(region).getByRole('link', { name: t.allMessages });
    expect(filterOf(all)).toEqual({ contactId });

    const url = api.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === `/api/contacts/${contactId}/conversation`)!;
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '50' });
  });

  it('says when there is none', async () => {
    openContact(() => jsonResponse(200, { entries: [], hasMore: false }));
    const region = await section();
    expect(await within(region).findByText(t.empty)).toBeInTheDocument();
  });

  it('says so while they load', async () => {
    openContact(() => new Promise<Response>(() => undefined) as never);
    const region = await section();
    expect(within(region).getByRole('progressbar')).toBeInTheDocument();
  });

  it("shows the server's error when they cannot be loaded", async () => {
    openContact(() => jsonResponse(403, { error: 'Not allowed' }));
    const region = await section();
    expect(await within(region).findByText('Not allowed')).toBeInTheDocument();
  });
});
