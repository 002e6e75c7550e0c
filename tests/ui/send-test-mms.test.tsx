import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import DashboardPage from '../../src/admin/pages/DashboardPage';
import { sendTestMessage } from '../../src/admin/providers/messagesApi';
import { TEST_MESSAGE_REFRESH_MS } from '../../src/shared/constants';
import type { MessageStatus } from '../../src/shared/delivery';
import { messages } from '../../src/shared/messages';
import { apiUser, fakeApi, jsonResponse, renderScreen, signIn } from './helpers';
import type { ApiMessageDetail, ApiSmsSettings } from '../../src/shared/responses/messages';
import type { ApiUser } from '../../src/shared/responses/users';
import { messageDetail } from './messages-helpers';
import { fakeDataProvider, message, product, summary } from './products-helpers';
import { TEST_MESSAGE_SETTINGS } from '../helpers/message-settings';

const t = messages.testMms;
/** How long react-admin's AutocompleteInput waits after typing before it searches. */
const AUTOCOMPLETE_DELAY_MS = 250;

// The dialog loads lazily; loading it once here keeps that out of each test's time.
beforeAll(async () => {
  await import('../../src/admin/pages/test-mms/SendTestMmsDialog');
});
const statuses = messages.delivery.statuses;

const GRACE_ID = 'c0000000-0000-4000-8000-000000000001';
const grace: ApiUser = apiUser({
  _id: GRACE_ID,
  id: GRACE_ID,
  firstName: 'Grace',
  fullName: 'Grace Hopper',
  role: 'participant',
  phone: '+15035550101',
});
const alan: ApiUser = apiUser({
  _id: 'c0000000-0000-4000-8000-000000000002',
  id: 'c0000000-0000-4000-8000-000000000002',
  firstName: 'Alan',
  fullName: 'Alan Turing',
  role: 'participant',
  phone: null,
});
const hedy: ApiUser = apiUser({
  _id: 'c0000000-0000-4000-8000-000000000003',
  id: 'c0000000-0000-4000-8000-000000000003',
  firstName: 'Hedy',
  fullName: 'Hedy Lamarr',
  role: 'participant',
  phone: '+15035550103',
  smsOptedOutAt: '2027-03-01T12:00:00.000Z',
});
const contacts = [grace, alan, hedy];

// Morning Walks: three days; day 2 carries a link and a picture.
const walks = product(3, {
  messages: [
    message(1, 'Day 1: walk ten minutes.'),
    message(2, 'Day 2: walk to the park.', {
      links: [{ url: 'https://ex.co/park', label: 'Park', tracked: false }],
      media: {
        type: 'image',
        filename: 'park.jpg',
        mimeType: 'image/jpeg',
        size: 2048,
        url: '/media/park.jpg',
      },
      fallbackUrl: 'https://ex.co/full',
    }),
    message(3, 'Day 3: walk with a friend.'),
  ],
});

const settings: ApiSmsSettings = {
  provider: 'log',
  simulateReplies: true,
  testSendLimit: { max: 10, windowMinutes: 10 },
  messages: TEST_MESSAGE_SETTINGS,
};

/** The message the server stores for a test send, in `status`. */
const testMessage = (status: MessageStatus, overrides: Partial<ApiMessageDetail> = {}) =>
  messageDetail({
    _id: 'm9',
    id: 'm9',
    kind: 'test',
    status,
    toPhone: '+15035550101',
    body: 'Hello from Tidings',
    programId: null,
    programName: null,
    contactId: null,
    contactName: null,
    day: null,
    providerMessageId: status === 'queued' ? null : 'SM0009',
    sentAt: null,
    deliveredAt: null,
    history: [],
    ...overrides,
  });

/**
 * A data provider for the dialog: contacts searched by `q`, the active products, the product and
 * message GETs (each status GET answers the next of `statuses`, then keeps the last), the SMS
 * settings, uploads; the test send goes through the real call, to the fake API.
 */
function dialogProvider({
  statusAnswers = [testMessage('queued')],
}: { statusAnswers?: ApiMessageDetail[] } = {}) {
  let statusCall = 0;
  return {
    ...fakeDataProvider(),
    getList: vi.fn(async (resource: string, params: { filter?: Record<string, unknown> }) => {
      if (resource === 'contacts') {
        const q = String(params.filter?.q ?? '').toLowerCase();
        const rows = contacts.filter((c) => c.fullName.toLowerCase().includes(q));
        return { data: rows, total: rows.length };
      }
      if (resource === 'products') {
        return { data: [summary({ id: walks.id, name: walks.name, days: 3 })], total: 1 };
      }
      return { data: [], total: 0 };
    }),
    getMany: vi.fn(async (resource: string, { ids }: { ids: string[] }) => ({
      data: resource === 'contacts' ? contacts.filter((c) => ids.includes(c.id)) : [walks],
    })),
    getOne: vi.fn(async (resource: string, _params: { id: string }) => {
      if (resource === 'messages') {
        const answer = statusAnswers[Math.min(statusCall, statusAnswers.length - 1)]!;
        statusCall += 1;
        return { data: answer };
      }
      return { data: walks };
    }),
    getSmsSettings: vi.fn(async () => settings),
    sendTestMessage: vi.fn(sendTestMessage),
    uploadMedia: vi.fn(),
  };
}

type DialogProvider = ReturnType<typeof dialogProvider>;

/**
 * The dashboard, signed in, with `dataProvider`; POST /api/messages/test answers `send` (by default
 * 201 with a queued test message). Returns the fake API, to read what was posted.
 */
function renderDashboard(
  dataProvider: DialogProvider = dialogProvider(),
  send: () => Response | Promise<Response> = () =>
    jsonResponse(201, { message: testMessage('queued') }),
) {
  const api = signIn({ 'POST /api/messages/test': send });
  renderScreen(<DashboardPage />, { path: '/dashboard', dataProvider });
  return api;
}

/** The bodies POSTed to /api/messages/test. */
const posted = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/messages/test') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: messages.dashboard.sendTestMms }));
  return screen.findByRole('dialog', { name: messages.dashboard.sendTestMms });
}

const setValue = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });

/** A text field by its label (a required field's asterisk is not part of its name). */
const textbox = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: label });

/** The form control (input, label, helper text) around a labelled text field. */
const fieldOf = (dialog: HTMLElement, label: string) =>
  textbox(dialog, label).closest('.MuiFormControl-root') as HTMLElement;

const send = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: t.send }));

async function choose(dialog: HTMLElement, label: string, option: string) {
  // A select inside a reference input is a plain field until its choices are in.
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Fills a phone number and a text, the simplest message. */
function fillPhoneAndText(dialog: HTMLElement, phone = '+1 (503) 555-0101') {
  setValue(textbox(dialog, t.phone), phone);
  setValue(textbox(dialog, t.body), 'Hello from Tidings');
}

const statusOf = (dialog: HTMLElement) => within(dialog).getByRole('status');

describe('Send Test MMS: the form', () => {
  it('opens from the dashboard with a phone number, the hint, the limit and the provider', async () => {
    const dataProvider = dialogProvider();
    renderDashboard(dataProvider);
    const dialog = await openDialog();
    expect(within(dialog).getByRole('radio', { name: t.recipients.phone })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: t.contents.text })).toBeChecked();
    expect(fieldOf(dialog, t.phone)).toHaveTextContent(messages.contacts.phoneHint);
    expect(
      await within(dialog).findByText('Up to 10 test messages every 10 minutes.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(t.logProvider)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.dashboard.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a text to a phone number, in E.164, and nothing else', async () => {
    const api = renderDashboard();
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    send(dialog);
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]).toEqual({ to: '+15035550101', body: 'Hello from Tidings' });
    expect(await within(dialog).findByText('To +15035550101')).toBeInTheDocument();
  });

  it('counts the text: characters, encoding and segments, with the one-click replacement', async () => {
    renderDashboard();
    const dialog = await openDialog();
    const body = textbox(dialog, t.body);
    setValue(body, 'x'.repeat(150));
    expect(within(dialog).getByTestId('message-counter')).toHaveTextContent('150/160');
    expect(within(dialog).getByTestId('message-counter')).toHaveAttribute('data-state', 'warning');
    setValue(body, 'It’s “great”');
    expect(within(dialog).getByText(messages.products.sms.ucs2)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.products.sms.replace }));
    expect(body).toHaveValue('It\'s "great"');
    expect(within(dialog).getByText(/1 SMS segment\(s\)/)).toBeInTheDocument();
  });

  it("sends a product's day to a contact found by search, showing that day's message", async () => {
    // The contact search waits for a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = dialogProvider();
    const api = renderDashboard(dataProvider);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: t.recipients.contact }));
    setValue(within(dialog).getByRole('combobox', { name: t.contact }), 'gra');
    await act(() => vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'contacts',
        expect.objectContaining({ filter: { q: 'gra' } }),
      ),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Grace Hopper · +15035550101' }));

    fireEvent.click(within(dialog).getByRole('radio', { name: t.contents.product }));
    await choose(dialog, t.product, 'Morning Walks');
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'products',
      expect.objectContaining({ filter: { status: 'active' } }),
    );
    await choose(dialog, t.day, 'Day 2');
    const preview = await within(dialog).findByRole('region', { name: t.preview });
    expect(preview).toHaveTextContent('Day 2: walk to the park.');
    expect(preview).toHaveTextContent('https://ex.co/park');
    expect(preview).toHaveTextContent('With park.jpg');
    expect(within(dialog).queryByRole('textbox', { name: t.body })).not.toBeInTheDocument();

    send(dialog);
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]).toEqual({ contactId: GRACE_ID, productId: walks.id, day: 2 });
  });

  it("offers the product's days from the pre-message to the conclusion", async () => {
    renderDashboard();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: t.contents.product }));
    await choose(dialog, t.product, 'Morning Walks');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: t.day }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Pre-message (Day 0)',
      'Day 1',
      'Day 2',
      'Day 3',
      'Conclusion (Day 4)',
    ]);
  });

  it('marks contacts without a phone number or who opted out, who cannot be chosen', async () => {
    renderDashboard();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: t.recipients.contact }));
    setValue(within(dialog).getByRole('combobox', { name: t.contact }), 'a');
    expect(
      await screen.findByRole('option', { name: 'Alan Turing · no phone number' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByRole('option', { name: 'Hedy Lamarr · +15035550103 · opted out' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Grace Hopper · +15035550101' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('attaches an uploaded picture as mediaUrl', async () => {
    const dataProvider = dialogProvider();
    dataProvider.uploadMedia.mockImplementation(async () => ({
      type: 'image',
      filename: 'cover.png',
      mimeType: 'image/png',
      size: 2048,
      url: '/media/abc.png',
    }));
    const api = renderDashboard(dataProvider);
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    await userEvent.upload(
      within(dialog).getByTestId('media-input'),
      new File([new Uint8Array(2048)], 'cover.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByRole('img', { name: 'cover.png' })).toHaveAttribute(
      'src',
      '/media/abc.png',
    );
    // A test message has no fallback URL: that belongs to a product's day.
    expect(
      within(dialog).queryByLabelText(messages.products.fields.fallbackUrl),
    ).not.toBeInTheDocument();
    send(dialog);
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]).toEqual({
      to: '+15035550101',
      body: 'Hello from Tidings',
      mediaUrl: '/media/abc.png',
    });
  });

  it('refuses a file the product media rules refuse, without uploading', async () => {
    const dataProvider = dialogProvider();
    renderDashboard(dataProvider);
    const dialog = await openDialog();
    await userEvent.upload(
      within(dialog).getByTestId('media-input'),
      new File([new Uint8Array(512_001)], 'big.jpg'),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      messages.media.imageTooLarge,
    );
    expect(dataProvider.uploadMedia).not.toHaveBeenCalled();
  });

  it('does not send while the upload is on its way', async () => {
    const dataProvider = dialogProvider();
    dataProvider.uploadMedia.mockImplementation(() => new Promise(() => undefined));
    const api = renderDashboard(dataProvider);
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    await userEvent.upload(
      within(dialog).getByTestId('media-input'),
      new File([new Uint8Array(2048)], 'cover.png', { type: 'image/png' }),
    );
    expect(within(dialog).getByRole('button', { name: t.send })).toBeDisabled();
    expect(within(dialog).getByText(messages.products.errors.uploadInProgress)).toBeInTheDocument();
    expect(posted(api)).toHaveLength(0);
  });
});

describe('Send Test MMS: what is missing or refused', () => {
  it('says beside each field what is missing, and sends nothing', async () => {
    const api = renderDashboard();
    const dialog = await openDialog();
    send(dialog);
    expect(await within(fieldOf(dialog, t.phone)).findByText(t.toRequired)).toBeInTheDocument();
    expect(within(fieldOf(dialog, t.body)).getByText(t.bodyRequired)).toBeInTheDocument();

    setValue(textbox(dialog, t.phone), '555 01');
    expect(
      await within(fieldOf(dialog, t.phone)).findByText(messages.contacts.phoneTooShort),
    ).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('radio', { name: t.recipients.contact }));
    fireEvent.click(within(dialog).getByRole('radio', { name: t.contents.product }));
    send(dialog);
    expect(await within(dialog).findByText(t.contactRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(t.productRequired)).toBeInTheDocument();

    await choose(dialog, t.product, 'Morning Walks');
    send(dialog);
    expect(await within(dialog).findByText(t.dayRequired)).toBeInTheDocument();
    expect(posted(api)).toHaveLength(0);
  });

  it("shows the server's field errors next to their fields", async () => {
    const dataProvider = dialogProvider();
    dataProvider.uploadMedia.mockImplementation(async () => ({
      type: 'image',
      filename: 'cover.png',
      mimeType: 'image/png',
      size: 2048,
      url: '/media/abc.png',
    }));
    renderDashboard(dataProvider, () =>
      jsonResponse(400, {
        error: 'Validation failed',
        details: [
          { field: 'to', message: 'Not a mobile number' },
          { field: 'body', message: 'Message cannot exceed 160 characters' },
          { field: 'mediaUrl', message: 'This media file is not on the server.' },
        ],
      }),
    );
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    await userEvent.upload(
      within(dialog).getByTestId('media-input'),
      new File([new Uint8Array(2048)], 'cover.png', { type: 'image/png' }),
    );
    await within(dialog).findByRole('img', { name: 'cover.png' });
    send(dialog);
    await waitFor(() =>
      expect(textbox(dialog, t.phone)).toHaveAccessibleDescription('Not a mobile number'),
    );
    expect(textbox(dialog, t.body)).toHaveAccessibleDescription(
      'Message cannot exceed 160 characters',
    );
    expect(within(dialog).getByTestId('media-error')).toHaveTextContent(
      'This media file is not on the server.',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Validation failed');
    // Still the form, to correct and send again.
    expect(within(dialog).getByRole('button', { name: t.send })).toBeEnabled();
  });

  it('shows prominently that the number opted out', async () => {
    const refusal = 'This number opted out (replied STOP): Tidings sends it nothing more.';
    renderDashboard(dialogProvider(), () => jsonResponse(409, { error: refusal }));
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    send(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(t.optedOutTitle);
    expect(alert).toHaveTextContent(refusal);
  });

  it('shows the rate limit', async () => {
    const refusal = 'You sent 10 test messages in 10 minutes. Try again in 4 minute(s).';
    renderDashboard(dialogProvider(), () => jsonResponse(429, { error: refusal }));
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    send(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(t.rateLimitedTitle);
    expect(alert).toHaveTextContent(refusal);
  });

  it('says when no answer came', async () => {
    renderDashboard(dialogProvider(), () => Promise.reject(new TypeError('Failed to fetch')));
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t.network);
  });
});

describe('Send Test MMS: the live status', () => {
  /** Lets the status refresh once. */
  const nextRefresh = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(TEST_MESSAGE_REFRESH_MS);
    });
  const statusCalls = (dataProvider: DialogProvider) =>
    dataProvider.getOne.mock.calls.filter(([resource]) => resource === 'messages').length;

  it('follows the message from queued to sent to delivered, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = dialogProvider({
      statusAnswers: [
        testMessage('queued'),
        testMessage('sent'),
        testMessage('delivered', { deliveredAt: '2027-03-14T13:00:05.000Z' }),
      ],
    });
    renderDashboard(dataProvider);
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    send(dialog);
    await waitFor(() => expect(statusOf(dialog)).toHaveTextContent(`Status: ${statuses.queued}`));
    await waitFor(() => expect(dataProvider.getOne).toHaveBeenCalledWith('messages', { id: 'm9' }));
    await nextRefresh();
    await waitFor(() => expect(statusOf(dialog)).toHaveTextContent(`Status: ${statuses.sent}`));
    await nextRefresh();
    await waitFor(() =>
      expect(statusOf(dialog)).toHaveTextContent(`Status: ${statuses.delivered}`),
    );
    const calls = statusCalls(dataProvider);
    await nextRefresh();
    await nextRefresh();
    await nextRefresh();
    expect(statusCalls(dataProvider)).toBe(calls);
    expect(within(dialog).getByRole('link', { name: t.openMessage })).toHaveAttribute(
      'href',
      '/messages/m9',
    );
  });

  it('shows why a message failed, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = dialogProvider({
      statusAnswers: [
        testMessage('sending'),
        testMessage('failed', {
          errorCode: '30003',
          errorMessage: 'Unreachable handset: the phone is off or out of coverage.',
        }),
      ],
    });
    renderDashboard(dataProvider);
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    send(dialog);
    await waitFor(() => expect(statusOf(dialog)).toHaveTextContent(`Status: ${statuses.sending}`));
    await nextRefresh();
    await waitFor(() => expect(statusOf(dialog)).toHaveTextContent(`Status: ${statuses.failed}`));
    expect(statusOf(dialog)).toHaveTextContent(
      'Why: Unreachable handset: the phone is off or out of coverage.',
    );
    const calls = statusCalls(dataProvider);
    await nextRefresh();
    await nextRefresh();
    expect(statusCalls(dataProvider)).toBe(calls);
  });

  it('names the contact it went to', async () => {
    renderDashboard(dialogProvider(), () =>
      jsonResponse(201, {
        message: testMessage('queued', { contactId: GRACE_ID, contactName: 'Grace Hopper' }),
      }),
    );
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    send(dialog);
    expect(await within(dialog).findByText('To Grace Hopper (+15035550101)')).toBeInTheDocument();
  });

  it("'Send another' goes back to the form as it was; 'Close' closes", async () => {
    const api = renderDashboard();
    const dialog = await openDialog();
    fillPhoneAndText(dialog);
    send(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: t.sendAnother }));
    expect(textbox(dialog, t.phone)).toHaveValue('+1 (503) 555-0101');
    expect(textbox(dialog, t.body)).toHaveValue('Hello from Tidings');
    send(dialog);
    await waitFor(() => expect(posted(api)).toHaveLength(2));
    fireEvent.click(await within(dialog).findByRole('button', { name: messages.dashboard.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
