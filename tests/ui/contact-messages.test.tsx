import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { ApiContactDetail, ApiMessage } from '../../src/shared/types';
import { apiUser, fakeApi, jsonResponse, renderConsole, storeSession } from './helpers';
import { apiMessage, contactId, failedMessage } from './messages-helpers';

const t = messages.delivery;

const participant: ApiContactDetail = {
  ...apiUser({ _id: contactId, id: contactId, firstName: 'Grace', email: 'grace@example.org' }),
  role: 'participant',
  phone: '+15555550101',
  smsVerified: true,
  welcomeEmail: null,
};

/** /contacts/{id} signed in as an admin, the API answering the messages list with `answer`. */
function openContact(answer: () => Response) {
  storeSession();
  const api = fakeApi({
    'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: apiUser() }),
    [`GET /api/contacts/${contactId}`]: () => jsonResponse(200, { contact: participant }),
    'GET /api/messages': answer,
  });
  renderConsole(`/contacts/${contactId}`);
  return api;
}

const section = () => screen.findByRole('region', { name: t.recent.title });
const filterOf = (link: HTMLElement) =>
  JSON.parse(
    new URL(link.getAttribute('href')!, 'http://x').searchParams.get('filter')!,
  ) as unknown;

describe("the contact's recent messages", () => {
  const rows: ApiMessage[] = [apiMessage(), failedMessage];

  it('lists the newest few, each opening its message, and links to all of them', async () => {
    const api = openContact(() => jsonResponse(200, { messages: rows, total: 12 }));
    const region = await section();
    const links = await within(region).findAllByRole('link', { name: /Spring Walks/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/messages/m1',
      '/messages/m2',
    ]);
    expect(within(links[0]!).getByText(t.statuses.delivered)).toBeInTheDocument();
    expect(within(links[1]!).getByText(t.statuses.failed)).toBeInTheDocument();
    expect(within(links[1]!).getByText(/21211: Invalid 'To' Phone Number/)).toBeInTheDocument();

    const all = within(region).getByRole('link', { name: `${t.recent.all} (12)` });
    expect(filterOf(all)).toEqual({ contactId });

    const url = api.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === '/api/messages')!;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      perPage: '5',
      sort: 'createdAt',
      order: 'desc',
      contactId,
    });
  });

  it('says when there is none', async () => {
    openContact(() => jsonResponse(200, { messages: [], total: 0 }));
    const region = await section();
    expect(await within(region).findByText(t.recent.empty)).toBeInTheDocument();
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
