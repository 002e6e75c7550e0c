import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { zonedInstant } from '../../src/shared/schedule';
import type { ApiMessage } from '../../src/shared/responses/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { createOneDayProgram, signInToApi, type StaffApi } from './helpers/api';
import { screenshot } from './helpers/browser';
import { wallMinutes } from './helpers/schedule';
import { openConsole } from './helpers/session';

/**
 * Two-way conversations in the browser (issue 26): a question raises the inbox count, a host
 * replies from the inbox and sees the reply delivered; a clear request to stop opts the phone out;
 * a reply that may ask to stop holds the day's message until the host decides it.
 */

const i = messages.replies.inbox;
const ADMIN = { ADMIN_EMAIL: 'ada@example.org', ADMIN_PASSWORD: 'a long admin password' };
const HOST = { email: 'hal.host@example.org', password: 'a long host password' };
const ZONE = 'America/New_York';

// The engine's clock starts at 10:00:20 in New York, the next such morning (never in the past:
// rows the database stamps, such as a pod membership's start, must not lie in the engine's
// future), and the program's day 0 is at 10:01: it comes due about 40 seconds after the server
// starts, while its recipient's reply waits for review.
const startedAt = new Date();
const { date: today } = wallMinutes(new Date(startedAt.getTime() + 86_400_000), ZONE);
const clockOffsetMs = zonedInstant(today, '10:00', ZONE).getTime() + 20_000 - startedAt.getTime();

let server: RunningServer;
let browser: Browser;
let page: Page;
let staff: StaffApi;
const ids: Record<'nora' | 'omar' | 'rita', string> = { nora: '', omar: '', rita: '' };

const simulate = (contactId: string, body: string) =>
  staff.call('POST', `/api/contacts/${contactId}/simulate-reply`, { body });

async function participant(first: string, phone: string) {
  const { contact } = await staff.call<{ contact: { id: string } }>('POST', '/api/contacts', {
    email: `${first.toLowerCase()}@example.org`,
    firstName: first,
    lastName: 'Reyes',
    phone,
    role: 'participant',
    status: 'active',
  });
  await simulate(contact.id, 'JOIN');
  return contact.id;
}

beforeAll(async () => {
  server = await startServer({
    ...ADMIN,
    TIDINGS_TEST_CLOCK_OFFSET_MS: String(clockOffsetMs),
    NODE_ENV: 'test',
  });
  staff = await signInToApi(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  await staff.call('POST', '/api/contacts', {
    email: HOST.email,
    firstName: 'Hal',
    lastName: 'Host',
    role: 'host',
    status: 'active',
    password: HOST.password,
    confirmPassword: HOST.password,
    emailVerified: true,
  });
  ids.nora = await participant('Nora', '+12125550144');
  ids.omar = await participant('Omar', '+12125550145');
  ids.rita = await participant('Rita', '+12125550146');
  // Rita's reply may be a request to stop: it is held for a decision before her day 0 comes due.
  await simulate(ids.rita, 'Stop by the office tomorrow?');
  await createOneDayProgram(staff, {
    product: 'Morning walks',
    welcome: 'Welcome to Morning walks!',
    day: 'Day 1: a ten-minute walk before breakfast.',
    pod: { podId: 'POD-WALKERS', podName: 'Walkers', memberIds: [ids.rita] },
    programName: 'Winter walks',
    timeZone: ZONE,
    startDate: today,
    sendTime: '10:01',
  });
  ({ browser, page } = await openConsole(server.url, HOST.email, HOST.password));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const inboxButton = () => page.getByRole('link', { name: /^Inbox: \d+ new repl/ });
const conversation = () => page.getByRole('list', { name: messages.conversations.title });
/** As when the host comes back to the tab: react-query asks for the counts again at once. */
const returnToTab = () => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
/**
 * Comes back to the tab until the inbox button says `count`. A return while the counts are being
 * read joins that read (react-query asks once at a time), which may have begun before the newest
 * reply; the next return asks again, as the next poll would.
 */
const returnToTabUntil = (count: number) =>
  expect
    .poll(
      async () => {
        await returnToTab();
        return page.getByRole('link', { name: new RegExp(`^Inbox: ${count} new repl`) }).count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(1);

describe('the inbox in the browser', () => {
  it('raises the inbox count for a question, and the host answers it from the inbox', async () => {
    // Every staff member sees the same new replies; the admin's API says how many there are.
    const { new: count } = await staff.call<{ new: number }>('GET', '/api/inbound-messages/counts');
    await page.getByRole('link', { name: new RegExp(`^Inbox: ${count} new repl`) }).waitFor();
    await simulate(ids.nora, 'What time is the call?');
    await returnToTabUntil(count + 1);
    // The dashboard lists the new replies too.
    await page
      .getByRole('region', { name: messages.dashboard.inbox.title })
      .getByText('What time is the call?')
      .waitFor();
    await screenshot(page, 'inbox-count');

    await inboxButton().click();
    await page.getByRole('heading', { name: messages.replies.title }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'What time is the call?' });
    await row.getByText(i.states.new).waitFor();
    await screenshot(page, 'inbox-new');
    await row
      .getByRole('button', { name: formatMessage(i.replyTo, { name: 'Nora Reyes' }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: formatMessage(i.replyTo, { name: 'Nora Reyes' }),
    });
    await dialog.getByLabel(messages.staffReply.label).fill('7 pm');
    await dialog.getByTestId('message-counter').getByText('4/160').waitFor();
    await screenshot(page, 'inbox-reply');
    await dialog.getByRole('button', { name: messages.staffReply.send }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Replying handled it: it leaves the new replies, and says who handled it.
    await row.waitFor({ state: 'detached' });
    await page.goto(
      `${server.url}/inbound-messages?filter=${encodeURIComponent(JSON.stringify({ q: 'What time' }))}`,
    );
    const handled = page.getByRole('row').filter({ hasText: 'What time is the call?' });
    await handled.getByText(formatMessage(i.handledBy, { staff: 'Hal Host' })).waitFor();

    // The conversation shows the reply, who wrote it, followed to delivered.
    await page.goto(`${server.url}/contacts/${ids.nora}`);
    const sent = conversation().getByRole('listitem').filter({ hasText: '7 pm' });
    await sent.getByText(messages.delivery.statuses.delivered).waitFor({ timeout: 30_000 });
    await sent.getByText(messages.delivery.kinds.staff).waitFor();
    await sent
      .getByText(formatMessage(messages.conversations.sentBy, { staff: 'Hal Host' }))
      .waitFor();
    await screenshot(page, 'conversation-staff-reply');
    const [reply] = (
      await staff.call<{ messages: ApiMessage[] }>(
        'GET',
        `/api/messages?contactId=${ids.nora}&kind=staff`,
      )
    ).messages;
    expect(reply).toMatchObject({ body: '7 pm', status: 'delivered' });
  });

  it('opts the phone out for "Please quit texting me"', async () => {
    await page.goto(`${server.url}/contacts/${ids.omar}`);
    await page.getByRole('button', { name: messages.conversations.simulate.button }).click();
    const dialog = page.getByRole('dialog', { name: messages.conversations.simulate.title });
    await dialog.getByLabel(messages.conversations.simulate.body).fill('Please quit texting me');
    await dialog.getByRole('button', { name: messages.conversations.simulate.send }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('group', { name: messages.conversations.optin.title })
      .getByText(/^Opted out by a QUIT simulated by Hal Host on /)
      .waitFor();
    // No reply box for a phone that opted out: it says why.
    await page.getByText(messages.staffReply.optedOut).waitFor();
    await screenshot(page, 'conversation-quit');
  });

  it('holds the day’s message for a reply that may ask to stop, until the host decides', async () => {
    await page.goto(
      `${server.url}/inbound-messages?filter=${encodeURIComponent(JSON.stringify({ review: 'pending' }))}`,
    );
    const row = page.getByRole('row').filter({ hasText: 'Stop by the office tomorrow?' });
    await row.getByText(messages.conversations.intents.review).waitFor();
    await row.getByText(i.reviewQuestion).waitFor();
    await screenshot(page, 'inbox-needs-review');

    // Her day 0 came due while the reply waited: it was held back, and says why.
    await page.goto(`${server.url}/contacts/${ids.rita}`);
    const day = conversation()
      .getByRole('listitem')
      .filter({ hasText: 'Welcome to Morning walks!' });
    await day.getByText(serverTexts.delivery.heldForReview).waitFor({ timeout: 90_000 });
    await day.getByText(messages.delivery.statuses.skipped).waitFor();
    await screenshot(page, 'conversation-held-for-review');

    const reply = conversation().getByRole('listitem').filter({ hasText: 'Stop by the office' });
    await reply.getByRole('button', { name: i.notOptOut }).click();
    await reply.getByText(formatMessage(i.decidedNotOptOut, { staff: 'Hal Host' })).waitFor();
    await page
      .getByRole('region', { name: messages.conversations.history.title })
      .getByText(messages.conversations.history.events.review_cleared)
      .waitFor();
    await screenshot(page, 'conversation-review-decided');
    const { events } = await staff.call<{ events: { event: string; source: string }[] }>(
      'GET',
      `/api/contacts/${ids.rita}/consent`,
    );
    expect(events[0]).toMatchObject({ event: 'review_cleared', source: 'review' });
  });
});
