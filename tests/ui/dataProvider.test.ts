import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../../src/admin/providers/dataProvider';
import { forConsole } from '../../src/admin/providers/consoleProvider';
import { NoSessionError } from '../../src/admin/providers/sessionRequired';
import { messages } from '../../src/shared/messages';
import { newContactDraft } from '../../src/shared/contact';
import { fakeApi, jsonResponse, STORED_TOKEN, storeSession } from './helpers';

describe('dataProvider', () => {
  it('asks the server for one page, sorted and filtered, and reads the list key and total', async () => {
    storeSession();
    const api = fakeApi({
      'GET /api/contacts': () =>
        jsonResponse(200, { contacts: [{ _id: 'c1', email: 'a@b.co' }], total: 41 }),
    });
    const result = await dataProvider.getList('contacts', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'fullName', order: 'ASC' },
      filter: { q: 'ana', role: ['host', 'admin'], status: '' },
    });
    expect(result).toEqual({ data: [{ _id: 'c1', id: 'c1', email: 'a@b.co' }], total: 41 });
    const [url, init] = api.mock.calls[0]!;
    expect(String(url)).toBe(
      '/api/contacts?page=2&perPage=20&sort=fullName&order=asc&q=ana&role=host%2Cadmin',
    );
    expect(new Headers(init!.headers).get('Authorization')).toBe(`Bearer ${STORED_TOKEN}`);
  });

  it.each([
    ['products', 'data'],
    ['programs', 'programs'],
    ['pods', 'pods'],
  ])('reads %s lists from their key', async (resource, key) => {
    fakeApi({
      [`GET /api/${resource}`]: () => jsonResponse(200, { [key]: [{ _id: 'x' }, { _id: 'y' }] }),
    });
    const result = await dataProvider.getList(resource, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(result.data.map((r) => r.id)).toEqual(['x', 'y']);
    expect(result.total).toBe(2);
  });

  it('unwraps single records', async () => {
    fakeApi({
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: { _id: 'c1', email: 'a@b.co' } }),
      'GET /api/products/p1': () => jsonResponse(200, { data: { _id: 'p1', name: 'P' } }),
    });
    expect((await dataProvider.getOne('contacts', { id: 'c1' })).data).toMatchObject({ id: 'c1' });
    expect((await dataProvider.getOne('products', { id: 'p1' })).data).toMatchObject({
      id: 'p1',
      name: 'P',
    });
  });

  it("reads a pod without its members, which a program's pods input does not need", async () => {
    const api = fakeApi({
      'GET /api/pods/d1': () => jsonResponse(200, { pod: { _id: 'd1', podName: 'Walkers' } }),
    });
    const { data } = await dataProvider.getMany('pods', { ids: ['d1'] });
    expect(data).toEqual([{ _id: 'd1', id: 'd1', podName: 'Walkers' }]);
    expect(String(api.mock.calls[0]![0])).toBe('/api/pods/d1?members=none');
  });

  it("throws HttpError with the server's message, status and body", async () => {
    fakeApi({
      'POST /api/products': () =>
        jsonResponse(400, {
          error: 'Pre-message is required',
          details: [{ field: 'preMessage.text', message: 'Pre-message is required' }],
        }),
    });
    const error = await dataProvider.create('products', { data: { name: 'P' } }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Pre-message is required', status: 400 });
    expect(error.body.details[0].field).toBe('preMessage.text');
  });

  it('refuses bulk updates and deletes, which the API has no routes for, without calling it', async () => {
    const api = fakeApi({});
    await expect(
      dataProvider.updateMany('contacts', { ids: ['c1', 'c2'], data: { status: 'inactive' } }),
    ).rejects.toThrow('Tidings has no bulk update for contacts');
    await expect(dataProvider.delete('products', { id: 'p1' })).rejects.toThrow(
      'Tidings has no delete for products',
    );
    await expect(dataProvider.deleteMany('pods', { ids: ['d1'] })).rejects.toThrow(
      'Tidings has no bulk delete for pods',
    );
    expect(api).not.toHaveBeenCalled();
  });
});

describe('dataProvider: contacts, saved from the form', () => {
  // The console's provider: the HTTP calls plus each resource's save shaping.
  const provider = forConsole(dataProvider);
  const values = { ...newContactDraft(), email: 'g@example.org', firstName: 'Grace' };

  it("sends the form's flat values in the API's shape, keeping what the server reported", async () => {
    storeSession();
    const contact = { _id: 'c1', email: 'g@example.org', role: 'participant' };
    const api = fakeApi({
      'POST /api/contacts': () =>
        jsonResponse(201, { contact, optinMessageSent: true, welcomeEmailSent: false }),
      'PUT /api/contacts/c1': () => jsonResponse(200, { contact, optinMessageSent: false }),
    });
    const created = await provider.create('contacts', { data: values });
    expect(created.data).toEqual({
      ...contact,
      id: 'c1',
      optinMessageSent: true,
      welcomeEmailSent: false,
    });
    const updated = await provider.update('contacts', {
      id: 'c1',
      data: values,
      previousData: { id: 'c1' },
    });
    expect(updated.data).toEqual({ ...contact, id: 'c1', optinMessageSent: false });
    const [createBody, updateBody] = api.mock.calls.map(
      ([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>,
    );
    expect(createBody).toMatchObject({ email: 'g@example.org', profile: { firstName: 'Grace' } });
    expect(createBody).not.toHaveProperty('firstName');
    expect(createBody).toHaveProperty('sendWelcomeEmail', false);
    // The welcome email is a create-only choice.
    expect(updateBody).not.toHaveProperty('sendWelcomeEmail');
  });

  it('sends nothing without a stored token', async () => {
    const api = fakeApi({});
    const error = await provider.create('contacts', { data: values }).catch((e) => e);
    expect(error).toBeInstanceOf(NoSessionError);
    expect(error.message).toBe(messages.auth.noTokenSubmit);
    expect(api).not.toHaveBeenCalled();
  });
});

describe('dataProvider: the account calls of the email links', () => {
  const bodyOf = (api: ReturnType<typeof fakeApi>) =>
    JSON.parse(String(api.mock.calls[0]![1]!.body)) as unknown;

  it('verifies a token, percent-encoded in the path, and returns the answer', async () => {
    const answer = { userId: 'u1', firstName: 'Ada', setPasswordToken: 'next' };
    const api = fakeApi({
      'GET /api/contacts/verify-email/a%2Fb%3Fc': () => jsonResponse(200, answer),
    });
    await expect(dataProvider.verifyEmail('a/b?c')).resolves.toEqual(answer);
    expect(String(api.mock.calls[0]![0])).toBe('/api/contacts/verify-email/a%2Fb%3Fc');
  });

  it('rejects a refused token with the server text as an HttpError', async () => {
    fakeApi({
      'GET /api/contacts/verify-email/old': () => jsonResponse(400, { error: 'Link expired' }),
    });
    const error = await dataProvider.verifyEmail('old').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Link expired');
  });

  it('sets a password with the user id, the token and both fields', async () => {
    const api = fakeApi({
      'POST /api/contacts/set-password': () => jsonResponse(200, { success: true }),
    });
    const input = { userId: 'u1', token: 't', password: 'secret1', confirmPassword: 'secret1' };
    await expect(dataProvider.setPassword(input)).resolves.toEqual({ success: true });
    expect(bodyOf(api)).toEqual(input);
  });

  it('asks for a reset link with the email alone', async () => {
    const api = fakeApi({
      'POST /api/auth/forgot-password': () => jsonResponse(200, { success: true }),
    });
    await expect(dataProvider.forgotPassword('ada@example.org')).resolves.toEqual({
      success: true,
    });
    expect(bodyOf(api)).toEqual({ email: 'ada@example.org' });
  });

  it("queues a contact's welcome email, signed in", async () => {
    storeSession();
    const api = fakeApi({
      'POST /api/contacts/c%201/welcome-email': () => jsonResponse(200, { welcomeEmailSent: true }),
    });
    await expect(dataProvider.sendWelcomeEmail('c 1')).resolves.toEqual({
      welcomeEmailSent: true,
    });
    expect(new Headers(api.mock.calls[0]![1]!.headers).get('Authorization')).toBe(
      `Bearer ${STORED_TOKEN}`,
    );
  });
});

describe('dataProvider: the outbox', () => {
  const message = { _id: 'm1', id: 'm1', status: 'failed', body: 'Day 1' };

  it('lists messages with the filters as query parameters, several statuses comma-separated', async () => {
    const api = fakeApi({
      'GET /api/messages': () => jsonResponse(200, { messages: [message], total: 7 }),
    });
    const result = await dataProvider.getList('messages', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'sendAfter', order: 'DESC' },
      filter: {
        programId: 'g1',
        contactId: 'c1',
        status: ['failed', 'unknown'],
        kind: 'program',
        day: 2,
        from: '2027-03-01',
        to: '2027-03-31',
      },
    });
    expect(result).toEqual({ data: [message], total: 7 });
    expect(String(api.mock.calls[0]![0])).toBe(
      '/api/messages?page=1&perPage=25&sort=sendAfter&order=desc&programId=g1&contactId=c1' +
        '&status=failed%2Cunknown&kind=program&day=2&from=2027-03-01&to=2027-03-31',
    );
  });

  it('reads one message from its key', async () => {
    fakeApi({ 'GET /api/messages/m1': () => jsonResponse(200, { message }) });
    expect((await dataProvider.getOne('messages', { id: 'm1' })).data).toEqual(message);
  });

  it("reads a program's deliveries", async () => {
    const deliveries = { days: [], recipients: 3 };
    const api = fakeApi({
      'GET /api/programs/g%201/deliveries': () => jsonResponse(200, deliveries),
    });
    await expect(dataProvider.getProgramDeliveries('g 1')).resolves.toEqual(deliveries);
    expect(String(api.mock.calls[0]![0])).toBe('/api/programs/g%201/deliveries');
  });

  it('retries a message with a POST and returns the message', async () => {
    const api = fakeApi({
      'POST /api/messages/m1/retry': () =>
        jsonResponse(200, { message: { ...message, status: 'queued' } }),
    });
    await expect(dataProvider.retryMessage('m1')).resolves.toMatchObject({ status: 'queued' });
    expect(api.mock.calls[0]![1]!.method).toBe('POST');
  });

  it('sends a test message with a POST of the request and returns the stored message', async () => {
    const api = fakeApi({
      'POST /api/messages/test': () =>
        jsonResponse(201, { message: { ...message, kind: 'test', status: 'queued' } }),
    });
    const request = { to: '+15035550101', body: 'Hello', mediaUrl: '/media/a.png' };
    await expect(dataProvider.sendTestMessage(request)).resolves.toMatchObject({
      kind: 'test',
      status: 'queued',
    });
    expect(api.mock.calls[0]![1]!.method).toBe('POST');
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual(request);
  });

  it("refuses a test message with the server's text, status and field errors", async () => {
    fakeApi({
      'POST /api/messages/test': () =>
        jsonResponse(400, {
          error: 'Validation failed',
          details: [{ field: 'to', message: 'Not a mobile number' }],
        }),
    });
    const refusal = await dataProvider.sendTestMessage({ to: '+1', body: 'x' }).catch((e) => e);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      message: 'Validation failed',
      status: 400,
      body: { errors: { to: 'Not a mobile number' } },
    });
  });

  it('reads the SMS settings', async () => {
    const settings = {
      provider: 'log',
      simulateReplies: true,
      testSendLimit: { max: 10, windowMinutes: 10 },
    };
    fakeApi({ 'GET /api/sms': () => jsonResponse(200, settings) });
    await expect(dataProvider.getSmsSettings()).resolves.toEqual(settings);
  });

  it('loads the records a reference input shows one by one where the list has no ids filter', async () => {
    const api = fakeApi({
      'GET /api/programs/g1': () => jsonResponse(200, { program: { _id: 'g1', programName: 'A' } }),
      'GET /api/programs/g2': () => jsonResponse(200, { program: { _id: 'g2', programName: 'B' } }),
    });
    const { data } = await dataProvider.getMany('programs', { ids: ['g1', 'g2'] });
    expect(data.map((p) => p.programName)).toEqual(['A', 'B']);
    expect(api).toHaveBeenCalledTimes(2);
  });
});

describe("dataProvider: a contact's conversation and consent", () => {
  const inbound = {
    _id: 'i1',
    id: 'i1',
    providerMessageId: 'LOG-1',
    fromPhone: '+15035550101',
    toPhone: '+15035550000',
    body: 'join',
    mediaUrls: [],
    contactId: 'c 1',
    contactName: 'Grace Hopper',
    intent: 'optin',
    receivedAt: '2027-03-14T13:00:00.000Z',
  };

  it('asks for the newest page of the conversation, then the page before a time', async () => {
    const page = {
      entries: [{ direction: 'in', at: inbound.receivedAt, ...inbound }],
      hasMore: true,
    };
    const api = fakeApi({
      'GET /api/contacts/c%201/conversation': () => jsonResponse(200, page),
    });
    await expect(dataProvider.getContactConversation('c 1')).resolves.toEqual(page);
    await dataProvider.getContactConversation('c 1', { before: '2027-03-14T13:00:00.000Z' });
    expect(api.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/contacts/c%201/conversation?limit=50',
      '/api/contacts/c%201/conversation?limit=50&before=2027-03-14T13%3A00%3A00.000Z',
    ]);
  });

  it('reads the consent log', async () => {
    const log = { events: [] };
    const api = fakeApi({ 'GET /api/contacts/c%201/consent': () => jsonResponse(200, log) });
    await expect(dataProvider.getContactConsent('c 1')).resolves.toEqual(log);
    expect(String(api.mock.calls[0]![0])).toBe('/api/contacts/c%201/consent');
  });

  it('simulates a reply with a POST of its body and returns the stored reply', async () => {
    const api = fakeApi({
      'POST /api/contacts/c%201/simulate-reply': () => jsonResponse(201, { message: inbound }),
    });
    await expect(dataProvider.simulateReply('c 1', 'join')).resolves.toEqual(inbound);
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ body: 'join' });
  });

  it("passes a refused reply's field errors on, for the form", async () => {
    fakeApi({
      'POST /api/contacts/c1/simulate-reply': () =>
        jsonResponse(400, {
          error: 'Validation failed',
          details: [{ field: 'body', message: 'The reply is empty' }],
        }),
    });
    const error = await dataProvider.simulateReply('c1', ' ').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toMatchObject({ errors: { body: 'The reply is empty' } });
  });
});
