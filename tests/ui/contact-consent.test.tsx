import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { ApiConsentEvent, ApiInboundMessage } from '../../src/shared/responses/messages';
import type { ApiContactDetail } from '../../src/shared/responses/users';
import {
  consentEvent,
  contactId,
  contactProvider,
  participant,
  phone,
  received,
  sent,
  twilioSettings,
  renderContacts,
} from './conversation-helpers';
import { signIn } from './helpers';

const t = messages.conversations;

const requested = consentEvent({
  event: 'optin_requested',
  source: 'staff',
  staffUserId: 'u1',
  staffName: 'Ada Lovelace',
  at: '2027-03-14T12:00:00.000Z',
});
const joined = consentEvent({
  event: 'opted_in',
  source: 'keyword',
  keyword: 'JOIN',
  text: 'Join!',
  at: '2027-03-14T12:05:00.000Z',
});
const verified = consentEvent({
  event: 'verified',
  source: 'staff',
  staffUserId: 'u1',
  staffName: 'Ada Lovelace',
  at: '2027-03-14T12:10:00.000Z',
});
const stopped = consentEvent({
  event: 'opted_out',
  source: 'keyword',
  keyword: 'STOP',
  text: 'stop please',
  at: '2027-03-14T12:20:00.000Z',
});
const unsubscribed = consentEvent({
  event: 'opted_out',
  source: 'provider',
  text: 'Twilio error 21610',
  at: '2027-03-14T12:30:00.000Z',
});
/** The row a save writes when it gives a contact a number that had opted out. */
const numberOptedOut = consentEvent({
  event: 'opted_out',
  source: 'staff',
  staffUserId: 'u1',
  staffName: 'Ada Lovelace',
  at: '2027-03-14T12:40:00.000Z',
});

/** Rows written by Simulate reply: in effect, but typed by a staff member, not the phone. */
const simulatedJoin = consentEvent({
  event: 'opted_in',
  source: 'simulated',
  staffUserId: 'u1',
  staffName: 'Ada Lovelace',
  keyword: 'JOIN',
  text: 'join',
  at: '2027-03-14T12:06:00.000Z',
});
const simulatedStop = consentEvent({
  event: 'opted_out',
  source: 'simulated',
  staffUserId: 'u1',
  staffName: 'Ada Lovelace',
  keyword: 'STOP',
  text: 'stop please',
  at: '2027-03-14T12:25:00.000Z',
});

function open(
  options: Parameters<typeof contactProvider>[0] & { contact?: ApiContactDetail } = {},
) {
  const dataProvider = contactProvider(options);
  signIn();
  renderContacts(`/contacts/${contactId}`, dataProvider);
  return dataProvider;
}

const optinState = () => screen.findByRole('group', { name: t.optin.title });
const history = () => screen.findByRole('region', { name: t.history.title });
const conversation = () => screen.findByRole('region', { name: t.title });

describe("the contact's opt-in state, in words beside the phone's verification", () => {
  it.each<[string, Partial<ApiContactDetail>, ApiConsentEvent[], string]>([
    [
      'replied JOIN',
      { smsVerified: true },
      [joined, requested],
      'Opted in by replying JOIN on 3/14/27, 5:05 AM',
    ],
    [
      'marked verified by staff',
      { smsVerified: true },
      [verified, requested],
      'Marked verified by Ada Lovelace on 3/14/27, 5:10 AM',
    ],
    [
      'replied STOP',
      { smsVerified: true, smsOptedOutAt: stopped.at },
      [stopped, joined, requested],
      'Opted out (STOP) on 3/14/27, 5:20 AM',
    ],
    [
      'unsubscribed at the carrier (21610)',
      { smsVerified: true, smsOptedOutAt: unsubscribed.at },
      [unsubscribed, joined],
      'Opted out: the carrier reported the number unsubscribed (21610) on 3/14/27, 5:30 AM',
    ],
    [
      'was given a number that had opted out',
      { smsVerified: true, smsOptedOutAt: numberOptedOut.at },
      [numberOptedOut],
      'Opted out on 3/14/27, 5:40 AM: Ada Lovelace saved a number that had opted out',
    ],
    [
      'was sent the opt-in request',
      {},
      [requested],
      'Opt-in request sent on 3/14/27, 5:00 AM; no reply yet',
    ],
    ['has not been asked', {}, [], 'Not opted in'],
    [
      'was opted in by a JOIN typed with Simulate reply',
      { smsVerified: true },
      [simulatedJoin, requested],
      'Opted in by a JOIN simulated by Ada Lovelace on 3/14/27, 5:06 AM',
    ],
    [
      'was opted out by a STOP typed with Simulate reply',
      { smsVerified: true, smsOptedOutAt: simulatedStop.at },
      [simulatedStop, simulatedJoin],
      'Opted out by a STOP simulated by Ada Lovelace on 3/14/27, 5:25 AM',
    ],
  ])('says so when the contact %s', async (_case, contact, events, text) => {
    open({ contact: participant(contact), events });
    const group = await optinState();
    expect(await within(group).findByText(text)).toBeInTheDocument();
    const note = within(group).queryByText(t.optin.optedOutNote);
    if (contact.smsOptedOutAt) expect(note).toBeInTheDocument();
    else expect(note).not.toBeInTheDocument();
  });
});

describe("the contact's consent history", () => {
  it('lists each change newest first: what, by what or whom, and when', async () => {
    const old = consentEvent({ ...requested, id: 'old', phone: '+15035550199' });
    open({
      contact: participant({ smsVerified: true, smsOptedOutAt: stopped.at }),
      events: [numberOptedOut, unsubscribed, stopped, verified, joined, old],
    });
    const region = await history();
    const list = await within(region).findByRole('list', { name: t.history.title });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      `${t.history.events.opted_out}The number had opted out (saved by Ada Lovelace) · 3/14/27, 5:40 AM`,
      `${t.history.events.opted_out}${t.history.carrier} · 3/14/27, 5:30 AM`,
      `${t.history.events.opted_out}Reply "stop please" · 3/14/27, 5:20 AM`,
      `${t.history.events.verified}Ada Lovelace · 3/14/27, 5:10 AM`,
      `${t.history.events.opted_in}Reply "Join!" · 3/14/27, 5:05 AM`,
      // A number the contact no longer has is named.
      `${t.history.events.optin_requested}Ada Lovelace · +15035550199 · 3/14/27, 5:00 AM`,
    ]);
  });

  it('says which changes were simulated, and by whom, never quoting them as their reply', async () => {
    open({
      contact: participant({ smsVerified: true, smsOptedOutAt: simulatedStop.at }),
      events: [simulatedStop, simulatedJoin],
    });
    const list = await within(await history()).findByRole('list', { name: t.history.title });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      `${t.history.events.opted_out}Reply "stop please" simulated by Ada Lovelace · 3/14/27, 5:25 AM`,
      `${t.history.events.opted_in}Reply "join" simulated by Ada Lovelace · 3/14/27, 5:06 AM`,
    ]);
  });

  it('says when nothing is recorded yet', async () => {
    open();
    const region = await history();
    expect(await within(region).findByText(t.history.empty)).toBeInTheDocument();
  });

  it("shows the server's error when the log cannot be loaded", async () => {
    const dataProvider = contactProvider();
    dataProvider.getContactConsent.mockRejectedValue(
      new HttpError('Forbidden', 403, { error: 'Not allowed' }),
    );
    signIn();
    renderContacts(`/contacts/${contactId}`, dataProvider);
    const region = await history();
    expect(await within(region).findByText('Not allowed')).toBeInTheDocument();
  });
});

describe('Simulate reply', () => {
  async function openDialog(dataProvider = open()) {
    const region = await conversation();
    fireEvent.click(await within(region).findByRole('button', { name: t.simulate.button }));
    const dialog = await screen.findByRole('dialog', { name: t.simulate.title });
    return { dataProvider, dialog };
  }
  const typeReply = (dialog: HTMLElement, body: string) =>
    fireEvent.change(within(dialog).getByRole('textbox', { name: t.simulate.body }), {
      target: { value: body },
    });

  it('sends a reply as if from their phone, then shows it and the new consent state', async () => {
    const { dataProvider, dialog } = await openDialog();
    expect(within(dialog).getByText(new RegExp(phone.replace('+', '\\+')))).toBeInTheDocument();
    const simulated = { simulatedBy: 'u1', simulatedByName: 'Ada Lovelace' };
    const stop: ApiInboundMessage = {
      ...(received({ body: 'stop please', intent: 'optout', ...simulated }) as ApiInboundMessage),
    };
    dataProvider.simulateReply.mockResolvedValue(stop);
    const contactLoads = dataProvider.getOne.mock.calls.length;
    const conversationLoads = dataProvider.getContactConversation.mock.calls.length;
    const consentLoads = dataProvider.getContactConsent.mock.calls.length;
    // What the server holds after the reply.
    dataProvider.getOne.mockResolvedValue({
      data: participant({ smsVerified: true, smsOptedOutAt: simulatedStop.at }),
    });
    dataProvider.getContactConsent.mockResolvedValue({ events: [simulatedStop] });
    dataProvider.getContactConversation.mockResolvedValue({
      entries: [received({ body: 'stop please', intent: 'optout', ...simulated })],
      hasMore: false,
    });

    typeReply(dialog, 'stop please');
    fireEvent.click(within(dialog).getByRole('button', { name: t.simulate.send }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.simulateReply).toHaveBeenCalledWith(contactId, 'stop please');
    expect(
      await screen.findByText(`Simulated reply from ${phone} handled as ${t.intents.optout}.`),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(dataProvider.getOne.mock.calls.length).toBeGreaterThan(contactLoads);
      expect(dataProvider.getContactConversation.mock.calls.length).toBeGreaterThan(
        conversationLoads,
      );
      expect(dataProvider.getContactConsent.mock.calls.length).toBeGreaterThan(consentLoads);
    });
    const region = await conversation();
    expect(await within(region).findByText('stop please')).toBeInTheDocument();
    expect(within(region).getByText('Simulated by Ada Lovelace')).toBeInTheDocument();
    const group = await optinState();
    expect(
      await within(group).findByText(
        'Opted out by a STOP simulated by Ada Lovelace on 3/14/27, 5:25 AM',
      ),
    ).toBeInTheDocument();
  });

  it('needs a reply before sending', async () => {
    const { dataProvider, dialog } = await openDialog();
    typeReply(dialog, '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: t.simulate.send }));
    expect(await within(dialog).findByText(t.simulate.bodyRequired)).toBeInTheDocument();
    expect(dataProvider.simulateReply).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's reasons beside the field", async () => {
    const { dataProvider, dialog } = await openDialog();
    dataProvider.simulateReply.mockRejectedValue(
      new HttpError('Validation failed', 400, {
        error: 'Validation failed',
        details: [{ field: 'body', message: 'The reply must not contain control characters' }],
        errors: { body: 'The reply must not contain control characters' },
      }),
    );
    typeReply(dialog, 'join\u0007');
    fireEvent.click(within(dialog).getByRole('button', { name: t.simulate.send }));
    expect(await within(dialog).findByText('Validation failed')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The reply must not contain control characters'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    const { dataProvider, dialog } = await openDialog();
    dataProvider.simulateReply.mockRejectedValue(
      new HttpError('Not found', 404, { error: 'Simulate reply needs the log provider' }),
    );
    typeReply(dialog, 'join');
    fireEvent.click(within(dialog).getByRole('button', { name: t.simulate.send }));
    expect(
      await within(dialog).findByText('Simulate reply needs the log provider'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.app.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not offered when replies come from real phones (Twilio)', async () => {
    const dataProvider = open({
      sms: twilioSettings,
      pages: [{ entries: [sent()], hasMore: false }],
    });
    const region = await conversation();
    await within(region).findByRole('list', { name: t.title });
    await waitFor(() => expect(dataProvider.getSmsSettings).toHaveBeenCalled());
    expect(within(region).queryByRole('button', { name: t.simulate.button })).toBeNull();
  });

  it('is not offered for a contact without a phone', async () => {
    const noPhone = participant({
      phone: null,
      profile: { ...participant().profile, phone: null },
    });
    const dataProvider = open({ contact: noPhone });
    const region = await conversation();
    await within(region).findByText(t.empty);
    await waitFor(() => expect(dataProvider.getSmsSettings).toHaveBeenCalled());
    expect(within(region).queryByRole('button', { name: t.simulate.button })).toBeNull();
  });
});
