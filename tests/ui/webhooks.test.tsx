import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../src/admin/format';
import WebhookDetail from '../../src/admin/webhooks/WebhookDetail';
import WebhookList from '../../src/admin/webhooks/WebhookList';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import type { Webhook, WebhookAttempt } from '../../src/shared/responses/webhooks';
import { renderScreen, signIn } from './helpers';
import { fakeDataProvider } from './products-helpers';

const t = messages.webhooks;

const ID = '6f1c1a52-2f0e-4c4e-9a57-1d1f8f0b7a01';

const endpoint = (id: string, url: string, overrides: Partial<Webhook> = {}): Webhook => ({
  _id: id,
  id,
  url,
  description: '',
  events: ['message.sent'],
  enabled: true,
  createdAt: '2026-11-20T17:00:00.000Z',
  createdBy: { id: 'admin', fullName: 'Ada Admin' },
  failingSince: null,
  disabledAt: null,
  previousSecretUntil: null,
  ...overrides,
});

let attemptCount = 0;
const attempt = (overrides: Partial<WebhookAttempt> = {}): WebhookAttempt => {
  attemptCount += 1;
  return {
    id: `a${attemptCount}`,
    at: '2026-11-27T18:00:00.000Z',
    deliveryId: `d${attemptCount}`,
    eventId: `e${attemptCount}-0000-4000-8000-000000000000`,
    eventType: 'message.sent',
    attempt: 1,
    statusCode: 204,
    durationMs: 42,
    succeeded: true,
    error: null,
    deliveryStatus: 'succeeded',
    nextAttemptAt: null,
    ...overrides,
  };
};

const SECRET = `whsec_${'S'.repeat(32)}`;
const NEW_SECRET = `whsec_${'N'.repeat(32)}`;

/** The API's calls for the webhook screens, each a mock a test inspects or changes. */
function provider(rows: Webhook[], log: WebhookAttempt[] = []) {
  const attempts = [...log];
  return {
    ...fakeDataProvider(),
    attempts,
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => ({
      data: rows.find((row) => row.id === id)!,
    })),
    update: vi.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({
      data: { ...rows.find((row) => row.id === id)!, ...data },
    })),
    createWebhook: vi.fn(async (input: Partial<Webhook>) => ({
      webhook: endpoint('w-new', input.url ?? '', input),
      secret: SECRET,
    })),
    deleteWebhook: vi.fn(async (id: string) => rows.find((row) => row.id === id)!),
    rotateWebhookSecret: vi.fn(async (id: string) => ({
      webhook: rows.find((row) => row.id === id)!,
      secret: NEW_SECRET,
    })),
    sendWebhookTest: vi.fn(async () => ({
      id: 'd-test',
      eventId: 'e-test',
      eventType: 'webhook.test',
      status: 'queued' as const,
    })),
    resendWebhookDelivery: vi.fn(async (_id: string, deliveryId: string) => ({
      id: deliveryId,
      eventId: 'e1',
      eventType: 'message.sent',
      status: 'queued' as const,
    })),
    // Newest first, as the API answers.
    getWebhookAttempts: vi.fn(async () => ({ data: [...attempts], total: attempts.length })),
  };
}

type Provider = ReturnType<typeof provider>;

function openList(dataProvider: Provider) {
  signIn();
  return renderScreen(<WebhookList />, { path: '/webhooks', resource: 'webhooks', dataProvider });
}

function openDetail(dataProvider: Provider, id = ID) {
  signIn();
  return renderScreen(<WebhookDetail />, {
    path: `/webhooks/${id}`,
    route: '/webhooks/:id',
    resource: 'webhooks',
    dataProvider,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const findLog = () => screen.findByRole('region', { name: t.log.title });
const log = () => screen.getByRole('region', { name: t.log.title });
/** The log's row that shows `text`: the form's event checkboxes show event types too. */
const logRow = async (text: string) =>
  (await within(await findLog()).findByText(text)).closest('tr')!;

describe('/webhooks', () => {
  it('lists each endpoint with its URL, description, events and status', async () => {
    const dataProvider = provider([
      endpoint('w1', 'https://crm.example.org/tidings', {
        description: 'CRM sync',
        events: ['message.sent', 'message.delivered', 'contact.created', 'contact.updated'],
      }),
      endpoint('w2', 'https://paused.example.org/hook', { enabled: false }),
      endpoint('w3', 'https://flaky.example.org/hook', {
        failingSince: '2026-11-26T08:00:00.000Z',
      }),
      endpoint('w4', 'https://gone.example.org/hook', {
        enabled: false,
        failingSince: '2026-11-20T08:00:00.000Z',
        disabledAt: '2026-11-25T08:00:00.000Z',
      }),
    ]);
    openList(dataProvider);
    expect(await screen.findByText(t.intro)).toBeInTheDocument();
    const crm = await rowOf('https://crm.example.org/tidings');
    expect(within(crm).getByText('CRM sync')).toBeInTheDocument();
    expect(within(crm).getByText('message.sent')).toBeInTheDocument();
    expect(within(crm).getByText('message.delivered')).toBeInTheDocument();
    expect(within(crm).getByText(formatMessage(t.moreEvents, { count: 2 }))).toBeInTheDocument();
    expect(within(crm).getByText(t.statuses.enabled)).toBeInTheDocument();
    expect(within(crm).getByText(formatDateTime('2026-11-20T17:00:00.000Z'))).toBeInTheDocument();
    expect(
      within(await rowOf('https://paused.example.org/hook')).getByText(t.statuses.paused),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('https://flaky.example.org/hook')).getByText(t.statuses.failing),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('https://gone.example.org/hook')).getByText(t.statuses.disabled),
    ).toBeInTheDocument();

    fireEvent.click(within(crm).getByText('CRM sync'));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/webhooks/w1'));
  });

  it('says when there is no endpoint yet', async () => {
    openList(provider([]));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });

  it('says what is missing next to each field, posts the endpoint, and shows its secret once', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const dataProvider = provider([]);
    openList(dataProvider);
    await user.click(await screen.findByRole('button', { name: t.create }));
    const dialog = await screen.findByRole('dialog', { name: t.createTitle });
    // Enabled unless switched off; every event type offered by its name.
    expect(within(dialog).getByRole('switch', { name: t.fields.enabled })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'link.clicked' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await within(dialog).findByText(t.urlRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(t.eventsRequired)).toBeInTheDocument();
    expect(dataProvider.createWebhook).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(t.fields.url), 'https://crm.example.org/hook');
    await user.type(within(dialog).getByLabelText(t.fields.description), 'CRM sync');
    await user.click(within(dialog).getByRole('checkbox', { name: 'message.sent' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'contact.opted_out' }));
    await user.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() =>
      expect(dataProvider.createWebhook).toHaveBeenCalledWith({
        url: 'https://crm.example.org/hook',
        description: 'CRM sync',
        events: ['message.sent', 'contact.opted_out'],
        enabled: true,
      }),
    );

    const shown = await screen.findByRole('dialog', { name: t.secretTitle });
    expect(within(shown).getByDisplayValue(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(t.secretWarning)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: t.copy }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText(t.secretCopied)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: t.done }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });

  it("puts the server's refusals next to their fields", async () => {
    const refused = formatMessage(t.urlRefused, { reason: '10.0.0.1 is not an address.' });
    const dataProvider = provider([]);
    dataProvider.createWebhook.mockRejectedValueOnce(
      new HttpError(refused, 400, {
        error: refused,
        details: [
          { field: 'url', message: refused },
          { field: 'events.0', message: t.eventInvalid },
        ],
        errors: { url: refused, events: { 0: t.eventInvalid } },
      }),
    );
    openList(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: t.create }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(t.fields.url), {
      target: { value: 'https://10.0.0.1/hook' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'message.sent' }));
    fireEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    expect(within(dialog).getByText(t.eventInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: t.secretTitle })).toBeNull();
  });
});

describe('/webhooks/{id}', () => {
  it('saves the changed settings and says so', async () => {
    const dataProvider = provider([
      endpoint(ID, 'https://crm.example.org/hook', { description: 'CRM sync' }),
    ]);
    openDetail(dataProvider);
    const url = await screen.findByLabelText(t.fields.url);
    expect(url).toHaveValue('https://crm.example.org/hook');
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    fireEvent.change(url, { target: { value: 'https://crm.example.org/v2/hook' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'message.failed' }));
    fireEvent.click(screen.getByRole('switch', { name: t.fields.enabled }));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'webhooks',
        expect.objectContaining({
          id: ID,
          data: {
            url: 'https://crm.example.org/v2/hook',
            description: 'CRM sync',
            events: ['message.sent', 'message.failed'],
            enabled: false,
          },
        }),
      ),
    );
    expect(await screen.findByText(t.saved)).toBeInTheDocument();
    expect(await screen.findByText(t.statuses.paused)).toBeInTheDocument();
  });

  it("shows the server's refusal under its field", async () => {
    const dataProvider = provider([endpoint(ID, 'https://crm.example.org/hook')]);
    dataProvider.update.mockRejectedValueOnce(
      new HttpError(t.urlNotHttps, 400, {
        error: t.urlNotHttps,
        details: [{ field: 'url', message: t.urlNotHttps }],
        errors: { url: t.urlNotHttps },
      }),
    );
    openDetail(dataProvider);
    fireEvent.change(await screen.findByLabelText(t.fields.url), {
      target: { value: 'http://crm.example.org/hook' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.urlNotHttps)).toBeInTheDocument();
    expect(screen.queryByText(t.saved)).toBeNull();
  });

  it('says when Tidings disabled it for failing, and until when the old secret signs', async () => {
    openDetail(
      provider([
        endpoint(ID, 'https://gone.example.org/hook', {
          enabled: false,
          failingSince: '2026-11-20T08:00:00.000Z',
          disabledAt: '2026-11-25T08:00:00.000Z',
          previousSecretUntil: '2026-11-28T09:00:00.000Z',
        }),
      ]),
    );
    expect(
      await screen.findByText(
        formatMessage(t.disabledForFailing, { at: formatDateTime('2026-11-25T08:00:00.000Z') }),
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        formatMessage(t.previousSecretUntil, { at: formatDateTime('2026-11-28T09:00:00.000Z') }),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(t.statuses.disabled)).toBeInTheDocument();
  });

  it('shows each call of the log: its response, time taken and outcome', async () => {
    const nextTry = '2026-11-27T18:35:00.000Z';
    openDetail(
      provider(
        [endpoint(ID, 'https://crm.example.org/hook')],
        [
          attempt({ eventType: 'contact.created', statusCode: 200, durationMs: 1234 }),
          attempt({
            statusCode: 503,
            succeeded: false,
            attempt: 2,
            deliveryStatus: 'queued',
            nextAttemptAt: nextTry,
          }),
          attempt({
            statusCode: null,
            succeeded: false,
            error: 'connect ECONNREFUSED',
            attempt: 12,
            deliveryStatus: 'failed',
          }),
        ],
      ),
    );
    const delivered = await logRow('contact.created');
    expect(within(delivered).getByText('200')).toBeInTheDocument();
    expect(
      within(delivered).getByText(formatMessage(t.log.durationMs, { ms: '1,234' })),
    ).toBeInTheDocument();
    expect(within(delivered).getByText(t.log.succeeded)).toBeInTheDocument();
    expect(
      within(delivered).getByText(formatDateTime('2026-11-27T18:00:00.000Z')),
    ).toBeInTheDocument();

    const retrying = await logRow('503');
    expect(
      within(retrying).getByText(formatMessage(t.log.failedRetry, { at: formatDateTime(nextTry) })),
    ).toBeInTheDocument();
    expect(within(retrying).getByText('2')).toBeInTheDocument();

    const givenUp = await logRow('connect ECONNREFUSED');
    expect(within(givenUp).getByText(t.log.noResponse)).toBeInTheDocument();
    expect(within(givenUp).getByText(t.log.failedFinal)).toBeInTheDocument();
  });

  it('says when nothing was sent to it yet', async () => {
    openDetail(provider([endpoint(ID, 'https://crm.example.org/hook')]));
    expect(await within(await findLog()).findByText(t.log.empty)).toBeInTheDocument();
  });

  it('sends a test event, and shows its call once the worker has made it', async () => {
    const dataProvider = provider([endpoint(ID, 'https://crm.example.org/hook')]);
    dataProvider.sendWebhookTest.mockImplementationOnce(async () => {
      // The worker calls the endpoint a moment after the event is queued.
      setTimeout(() => dataProvider.attempts.unshift(attempt({ eventType: 'webhook.test' })), 300);
      return { id: 'd-test', eventId: 'e-test', eventType: 'webhook.test', status: 'queued' };
    });
    openDetail(dataProvider);
    await within(await findLog()).findByText(t.log.empty);
    fireEvent.click(within(log()).getByRole('button', { name: t.test }));
    await waitFor(() => expect(dataProvider.sendWebhookTest).toHaveBeenCalledWith(ID));
    expect(await screen.findByText(t.testSent)).toBeInTheDocument();
    // No Refresh needed: the log asks again until the call shows.
    expect(await within(log()).findByText('webhook.test')).toBeInTheDocument();
  });

  it('shows calls made since it was opened on Refresh', async () => {
    const dataProvider = provider([endpoint(ID, 'https://crm.example.org/hook')]);
    openDetail(dataProvider);
    await within(await findLog()).findByText(t.log.empty);
    dataProvider.attempts.unshift(attempt({ eventType: 'contact.opted_in' }));
    fireEvent.click(within(log()).getByRole('button', { name: t.log.refresh }));
    expect(await within(log()).findByText('contact.opted_in')).toBeInTheDocument();
  });

  it('resends an event, and says why not while it is being sent', async () => {
    const dataProvider = provider(
      [endpoint(ID, 'https://crm.example.org/hook')],
      [attempt({ deliveryId: 'd-failed', statusCode: 500, succeeded: false })],
    );
    openDetail(dataProvider);
    const row = await logRow('500');
    fireEvent.click(within(row).getByRole('button', { name: t.resend }));
    await waitFor(() =>
      expect(dataProvider.resendWebhookDelivery).toHaveBeenCalledWith(ID, 'd-failed'),
    );
    expect(await screen.findByText(t.resent)).toBeInTheDocument();

    dataProvider.resendWebhookDelivery.mockRejectedValueOnce(
      new HttpError(t.resendSending, 409, { error: t.resendSending }),
    );
    fireEvent.click(within(row).getByRole('button', { name: t.resend }));
    expect(await screen.findByText(t.resendSending)).toBeInTheDocument();
  });

  it('rotates the secret after a confirmation, and shows the new one once', async () => {
    const dataProvider = provider([endpoint(ID, 'https://crm.example.org/hook')]);
    openDetail(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: t.rotate }));
    const confirm = await screen.findByRole('dialog', { name: t.rotateTitle });
    expect(within(confirm).getByText(t.rotateContent)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: t.rotate }));
    await waitFor(() => expect(dataProvider.rotateWebhookSecret).toHaveBeenCalledWith(ID));
    const shown = await screen.findByRole('dialog', { name: t.secretTitle });
    expect(within(shown).getByDisplayValue(NEW_SECRET)).toBeInTheDocument();
    fireEvent.click(within(shown).getByRole('button', { name: t.done }));
    await waitFor(() => expect(screen.queryByDisplayValue(NEW_SECRET)).toBeNull());
  });

  it('deletes the endpoint after a confirmation, then goes back to the list', async () => {
    const dataProvider = provider([endpoint(ID, 'https://crm.example.org/hook')]);
    openDetail(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: t.delete }));
    const confirm = await screen.findByRole('dialog', {
      name: formatMessage(t.deleteTitle, { url: 'https://crm.example.org/hook' }),
    });
    expect(within(confirm).getByText(t.deleteContent)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: t.delete }));
    await waitFor(() => expect(dataProvider.deleteWebhook).toHaveBeenCalledWith(ID));
    expect(await screen.findByText(t.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/webhooks$/));
  });

  it('says when the endpoint does not exist', async () => {
    const dataProvider = provider([]);
    dataProvider.getOne.mockRejectedValueOnce(
      new HttpError(t.notFound, 404, { error: t.notFound }),
    );
    openDetail(dataProvider);
    expect(await screen.findByText(t.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.back })).toHaveAttribute('href', '/webhooks');
  });
});
