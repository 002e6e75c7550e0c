import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/admin/lists/useDebouncedValue';
import DashboardPage from '../../src/admin/pages/DashboardPage';
import ReplyList from '../../src/admin/replies/ReplyList';
import { messages } from '../../src/shared/messages';
import { jsonResponse, renderConsole, renderScreen, signIn } from './helpers';
import type { ApiInboundMessage } from '../../src/shared/responses/messages';
import { contactId, messagesProvider } from './messages-helpers';
import { fakeDataProvider } from './products-helpers';
import { UNTOUCHED_IN_INBOX } from '../helpers/inbox-fields';

const t = messages.replies;
const intents = messages.conversations.intents;
const path = () => screen.getByTestId('path').textContent;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const listPath = (filter: Record<string, unknown>) =>
  `/inbound-messages?filter=${encodeURIComponent(JSON.stringify(filter))}`;

function reply(overrides: Partial<ApiInboundMessage> = {}): ApiInboundMessage {
  return {
    _id: 'r1',
    id: 'r1',
    providerMessageId: 'SM-in-1',
    fromPhone: '+15035550101',
    toPhone: '+15035550000',
    body: 'stop please',
    mediaUrls: [],
    contactId,
    contactName: 'Grace Hopper',
    intent: 'optout',
    receivedAt: '2027-03-14T13:05:00.000Z',
    simulatedBy: null,
    simulatedByName: null,
    ...UNTOUCHED_IN_INBOX,
    state: 'handled',
    ...overrides,
  };
}

/** A reply from a number no contact has, with two pictures. */
const stranger = reply({
  _id: 'r2',
  id: 'r2',
  providerMessageId: 'SM-in-2',
  fromPhone: '+15035550199',
  body: 'Who is this?',
  mediaUrls: ['https://media.example/1.jpg', 'https://media.example/2.jpg'],
  contactId: null,
  contactName: null,
  intent: null,
  receivedAt: '2027-03-14T12:00:00.000Z',
});

function repliesProvider(rows: ApiInboundMessage[] = [reply(), stranger]) {
  return {
    ...fakeDataProvider(),
    getList: vi.fn(async (resource: string, _params: Record<string, unknown>) =>
      resource === 'inbound-messages' ? { data: rows, total: rows.length } : { data: [], total: 0 },
    ),
  };
}

type RepliesProvider = ReturnType<typeof repliesProvider>;

const lastQuery = (dataProvider: RepliesProvider) =>
  dataProvider.getList.mock.calls
    .filter(([resource]) => resource === 'inbound-messages')
    .at(-1)![1];

/** The replies list at `path`, signed in; the data calls go over HTTP unless `dataProvider` answers them. */
function openReplies(dataProvider?: RepliesProvider, path = '/inbound-messages') {
  signIn();
  return renderScreen(<ReplyList />, { path, resource: 'inbound-messages', dataProvider });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/inbound-messages', () => {
  it("lists every reply newest first: a contact's, linked to their page, and an unknown number's", async () => {
    const dataProvider = repliesProvider();
    openReplies(dataProvider);
    expect(await screen.findByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(await screen.findByText('Showing 2 of 2 replies')).toBeInTheDocument();

    const known = rowOf('stop please');
    expect(within(known).getByText('+15035550101')).toBeInTheDocument();
    expect(within(known).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/contacts/${contactId}`,
    );
    expect(within(known).getByText(intents.optout)).toBeInTheDocument();

    const unknown = rowOf('Who is this?');
    expect(within(unknown).getByText('+15035550199')).toBeInTheDocument();
    expect(within(unknown).getByText(t.unknownNumber)).toBeInTheDocument();
    expect(within(unknown).queryByRole('link')).not.toBeInTheDocument();
    expect(within(unknown).getByText('2 pictures or videos')).toBeInTheDocument();
    for (const intent of Object.values(intents)) {
      expect(within(unknown).queryByText(intent)).not.toBeInTheDocument();
    }

    expect(lastQuery(dataProvider)).toMatchObject({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'receivedAt', order: 'DESC' },
      filter: {},
    });
  });

  it('marks a reply typed with Simulate reply as simulated, naming who typed it', async () => {
    const simulated = reply({
      _id: 'r3',
      id: 'r3',
      providerMessageId: 'SIM-3',
      body: 'join',
      intent: 'optin',
      simulatedBy: 'u1',
      simulatedByName: 'Ada Lovelace',
    });
    openReplies(repliesProvider([simulated, stranger]));
    expect(await screen.findByText('Showing 2 of 2 replies')).toBeInTheDocument();
    expect(within(rowOf('join')).getByText('Simulated by Ada Lovelace')).toBeInTheDocument();
    expect(within(rowOf('Who is this?')).queryByText(/Simulated/)).not.toBeInTheDocument();
  });

  it("opens the contact's page from their name", async () => {
    openReplies(repliesProvider());
    fireEvent.click(await screen.findByRole('link', { name: 'Grace Hopper' }));
    await waitFor(() => expect(path()).toBe(`/contacts/${contactId}`));
  });

  it('searches and filters by what the reply asked for and whether the number is known, with tags', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = repliesProvider();
    openReplies(dataProvider);
    await screen.findByText('Showing 2 of 2 replies');

    fireEvent.change(screen.getByLabelText(t.fields.search), { target: { value: '5550199' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(lastQuery(dataProvider).filter).toEqual({ q: '5550199' }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.fields.intent }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      t.allIntents,
      intents.optin,
      intents.optout,
      intents.help,
      intents.review,
      t.noIntent,
    ]);
    fireEvent.click(screen.getByRole('option', { name: t.noIntent }));
    await waitFor(() =>
      expect(lastQuery(dataProvider).filter).toEqual({ q: '5550199', intent: 'none' }),
    );

    await choose(t.fields.from, t.numbers.unknown);
    await waitFor(() =>
      expect(lastQuery(dataProvider).filter).toEqual({
        q: '5550199',
        intent: 'none',
        matched: 'false',
      }),
    );
    expect(screen.getByText(`${t.fields.intent}: ${t.noIntent}`)).toBeInTheDocument();
    expect(screen.getByText(`${t.fields.from}: ${t.numbers.unknown}`)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: messages.lists.clear }));
    await waitFor(() => expect(lastQuery(dataProvider).filter).toEqual({}));
  });

  it('has an empty state, and says when no reply matches the filters', async () => {
    const { unmount } = openReplies(repliesProvider([]));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    unmount();
    openReplies(repliesProvider([]), listPath({ matched: 'true' }));
    expect(await screen.findByText(t.emptyFiltered)).toBeInTheDocument();
  });

  it('shows a failed load with Try Again', async () => {
    const dataProvider = repliesProvider();
    const answer = dataProvider.getList.getMockImplementation()!;
    let failed = false;
    dataProvider.getList.mockImplementation(async (resource, params) => {
      if (resource !== 'inbound-messages' || failed) return answer(resource, params);
      failed = true;
      throw new HttpError('Bad Gateway', 502, {});
    });
    openReplies(dataProvider);
    expect(await screen.findByText(messages.lists.fetchFailed.replies)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.app.tryAgain }));
    expect(await screen.findByText('Showing 2 of 2 replies')).toBeInTheDocument();
  });

  it('asks GET /api/inbound-messages for the filters, sort and page, and reads its answer', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signIn({
      'GET /api/inbound-messages': () =>
        jsonResponse(200, { messages: [reply(), stranger], total: 60 }),
    });
    const lastUrl = () =>
      api.mock.calls
        .map(([url]) => String(url))
        .filter((url) => url.startsWith('/api/inbound-messages'))
        .at(-1);
    renderScreen(<ReplyList />, {
      path: listPath({ intent: 'optout', matched: 'true' }),
      resource: 'inbound-messages',
    });
    expect(await screen.findByText('Showing 2 of 60 replies')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(lastUrl()).toBe(
      '/api/inbound-messages?page=1&perPage=25&sort=receivedAt&order=desc&intent=optout&matched=true',
    );

    fireEvent.click(screen.getByRole('button', { name: /sort by from/i }));
    await waitFor(() =>
      expect(lastUrl()).toBe(
        '/api/inbound-messages?page=1&perPage=25&sort=fromPhone&order=asc&intent=optout&matched=true',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /sort by contact/i }));
    await waitFor(() => expect(lastUrl()).toContain('sort=contactName&order=asc'));

    fireEvent.change(screen.getByLabelText(t.fields.search), { target: { value: 'stop please' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(lastUrl()).toContain('&q=stop+please'));

    fireEvent.click(screen.getByRole('button', { name: /go to page 2/i }));
    await waitFor(() => expect(lastUrl()).toContain('page=2&perPage=25'));
  });

  // The navigation bar and the two lists: the whole console.
  it('is reached from the messages list, not from the navigation bar', async () => {
    signIn();
    renderConsole('/messages', { dataProvider: messagesProvider() as never });
    await screen.findByText('Showing 2 of 2 messages');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: t.link })).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: t.link });
    expect(link).toHaveAttribute('href', '/inbound-messages');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(path()).toBe('/inbound-messages');
    // And back to the messages Tidings sent.
    fireEvent.click(screen.getByRole('link', { name: t.outboxLink }));
    expect(
      await screen.findByRole('heading', { name: messages.delivery.title }),
    ).toBeInTheDocument();
  });

  it("is named in the dashboard's messages shortcut", async () => {
    signIn();
    renderScreen(<DashboardPage />, { path: '/dashboard', dataProvider: messagesProvider() });
    const shortcut = await screen.findByRole('link', {
      name: new RegExp(messages.dashboard.shortcuts.messages),
    });
    expect(shortcut).toHaveTextContent(/replies/i);
  });
});
