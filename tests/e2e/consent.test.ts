import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import type { ApiMessage } from '../../src/shared/responses/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { createOneDayProgram, signInToApi, type StaffApi } from './helpers/api';
import { screenshot } from './helpers/browser';
import { chooseSchedule } from './helpers/schedule';
import { openConsole } from './helpers/session';

const t = messages.conversations;
const ADMIN = { ADMIN_EMAIL: 'rosa@example.org', ADMIN_PASSWORD: 'a long admin password' };
const PHONE = '+15035550177';

// The engine's clock is moved into the send window when every US zone is at night, so the program
// day planned in the last test can be waiting (queued) when the participant says stop.
const clockOffsetMs = chooseSchedule(2).clockOffsetMs;
let server: RunningServer;
let browser: Browser;
let page: Page;
let staff: StaffApi;
let contactId: string;

/** Polls the API until `find` returns something (the engine works in the background). */
async function eventually<T>(find: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('timed out waiting for the server');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const contactMessages = async (kind: string) =>
  (
    await staff.call<{ messages: ApiMessage[] }>(
      'GET',
      `/api/messages?contactId=${contactId}&kind=${kind}`,
    )
  ).messages;

beforeAll(async () => {
  server = await startServer({
    ...ADMIN,
    TIDINGS_TEST_CLOCK_OFFSET_MS: String(clockOffsetMs),
    NODE_ENV: 'test',
  });
  staff = await signInToApi(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  ({ browser, page } = await openConsole(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const field = (label: string) => page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));
const conversation = () => page.getByRole('list', { name: t.title });
const optinState = () => page.getByRole('group', { name: t.optin.title });

async function simulateReply(body: string) {
  await page.getByRole('button', { name: t.simulate.button }).click();
  const dialog = page.getByRole('dialog', { name: t.simulate.title });
  await dialog.getByLabel(t.simulate.body).fill(body);
  await dialog.getByRole('button', { name: t.simulate.send }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('consent and conversations in the browser', () => {
  it('says on every screen, signed in or not, that SMS and email are simulated', async () => {
    const banner = page.getByRole('complementary', { name: messages.simulation.banner.label });
    for (const path of ['/dashboard', '/contacts', '/messages']) {
      await page.goto(`${server.url}${path}`);
      await banner.getByText(messages.simulation.banner.both).waitFor();
    }
    await screenshot(page, 'simulation-banner');
    await banner.getByRole('link', { name: messages.simulation.banner.setUp }).click();
    await page.waitForURL(/\/help#setting-up-sending-sms-and-email$/);
    await page.getByRole('heading', { name: 'Setting up sending: SMS and email' }).waitFor();
    // The banner is in the page's flow: nothing under it is covered.
    const box = (await banner.boundingBox())!;
    const main = (await page.locator('#main-content').boundingBox())!;
    expect(main.y).toBeGreaterThanOrEqual(box.y + box.height);

    const visitor = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    try {
      await visitor.goto(`${server.url}/forgot-password`);
      await visitor
        .getByRole('complementary', { name: messages.simulation.banner.label })
        .getByText(messages.simulation.banner.both)
        .waitFor();
      await screenshot(visitor, 'simulation-banner-forgot-password');
    } finally {
      await visitor.close();
    }
  });

  it('opts a new participant in when they reply join, and shows the confirmation', async () => {
    const c = messages.contacts;
    await page.goto(`${server.url}/contacts/create`);
    await page.getByRole('heading', { name: c.createTitle }).waitFor();
    await field(c.fields.email).fill('maya.ortiz@example.org');
    await field(c.fields.firstName).fill('Maya');
    await field(c.fields.lastName).fill('Ortiz');
    await field(c.fields.phone).fill(PHONE);
    await page.getByLabel(c.fields.sendOptinMessage).check();
    await page.getByRole('button', { name: c.create }).click();
    await page.waitForURL(/\/contacts$/);
    await page.getByRole('row').filter({ hasText: 'Maya Ortiz' }).getByText('Maya Ortiz').click();
    await page.waitForURL(/\/contacts\/[0-9a-f-]{36}$/);
    contactId = page.url().split('/').pop()!;

    // The opt-in request goes out (the log provider reports it delivered a second later).
    await optinState()
      .getByText(/Opt-in request sent on .*; no reply yet/)
      .waitFor();
    await conversation()
      .getByText(/Reply JOIN to receive our messages/)
      .waitFor();

    // Typed by the admin, not sent by the phone: every reading of it says so.
    await simulateReply('join');
    await optinState()
      .getByText(/^Opted in by a JOIN simulated by Admin Tidings on /)
      .waitFor();
    expect(await page.getByLabel(c.fields.smsVerified).isChecked()).toBe(true);
    // Their reply, marked as an opt-in, and one confirmation, which the card follows to delivered.
    await conversation().getByText(t.intents.optin).waitFor();
    await conversation()
      .getByText(formatMessage(t.simulatedBy, { staff: 'Admin Tidings' }))
      .waitFor();
    const confirmation = conversation().getByRole('listitem').filter({ hasText: "You're in!" });
    await confirmation.getByText(messages.delivery.statuses.delivered).waitFor({ timeout: 30_000 });
    await expect(confirmation.count()).resolves.toBe(1);
    await page
      .getByRole('region', { name: t.history.title })
      .getByText(formatMessage(t.history.simulated, { text: 'join', staff: 'Admin Tidings' }))
      .waitFor();
    await screenshot(page, 'consent-opted-in');
  });

  it('sends a Test MMS to the participant and shows it delivered', async () => {
    const d = messages.testMms;
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: messages.dashboard.sendTestMms }).click();
    const dialog = page.getByRole('dialog', { name: messages.dashboard.sendTestMms });
    await dialog.getByRole('radio', { name: d.recipients.contact }).check();
    await dialog.getByLabel(new RegExp(`^${d.contact}`)).fill('Maya');
    await page.getByRole('option', { name: /Maya Ortiz/ }).click();
    await dialog.getByLabel(new RegExp(`^${d.body}`)).fill('Testing tomorrow: a short walk at 9.');
    await screenshot(page, 'send-test-mms-form');
    await dialog.getByRole('button', { name: d.send, exact: true }).click();
    // The log provider's 'delivered' reached no phone, and the dialog says so.
    const sim = messages.simulation;
    await dialog
      .getByText(formatMessage(d.status, { status: sim.statuses.delivered }), { exact: true })
      .waitFor({ timeout: 30_000 });
    await dialog.getByText(sim.statusHelp.delivered, { exact: true }).waitFor();
    expect(await dialog.getByText(messages.delivery.statusHelp.delivered).count()).toBe(0);
    await screenshot(page, 'send-test-mms-delivered');
    const [test] = await contactMessages('test');
    expect(test).toMatchObject({ status: 'delivered', toPhone: PHONE });
  });

  it('opts them out when they reply "stop please", canceling their queued program day', async () => {
    // A program whose day 0 goes out in under two minutes: the planner queues it at once.
    const schedule = chooseSchedule(2, new Date(Date.now() + clockOffsetMs));
    await createOneDayProgram(staff, {
      product: 'Evening stretches',
      welcome: 'Welcome to Evening stretches!',
      day: 'Day 1: reach for the ceiling, ten times.',
      pod: { podId: 'POD-STRETCHERS', podName: 'Stretchers', memberIds: [contactId] },
      programName: 'Autumn stretchers',
      ...schedule,
    });
    const queued = await eventually(async () =>
      (await contactMessages('program')).find((m) => m.status === 'queued'),
    );

    await page.goto(`${server.url}/contacts/${contactId}`);
    await conversation().getByText('Welcome to Evening stretches!').waitFor();
    await simulateReply('stop please');
    await optinState()
      .getByText(/^Opted out by a STOP simulated by Admin Tidings on /)
      .waitFor();
    await optinState().getByText(t.optin.optedOutNote).waitFor();
    const day = conversation().getByRole('listitem').filter({ hasText: 'Evening stretches' });
    await day.getByText(messages.delivery.statuses.canceled).waitFor();
    await conversation()
      .getByText(/unsubscribed and will get no more messages/)
      .waitFor();
    await screenshot(page, 'consent-opted-out');

    // Every reply is also listed for staff, from the outbox.
    await page.goto(`${server.url}/messages`);
    await page.getByRole('link', { name: messages.replies.link }).click();
    const reply = page.getByRole('row').filter({ hasText: 'stop please' });
    await reply.getByText(t.intents.optout).waitFor();
    expect(await reply.textContent()).toContain('Maya Ortiz');
    expect(await reply.textContent()).toContain(
      formatMessage(t.simulatedBy, { staff: 'Admin Tidings' }),
    );
    await screenshot(page, 'replies-received');

    const after = await staff.call<{ message: ApiMessage }>('GET', `/api/messages/${queued.id}`);
    expect(after.message.status).toBe('canceled');
    const { events } = await staff.call<{ events: { event: string; keyword: string | null }[] }>(
      'GET',
      `/api/contacts/${contactId}/consent`,
    );
    expect(events[0]).toMatchObject({ event: 'opted_out', keyword: 'STOP' });
  });

  it('opts out a participant saved with the number that replied STOP, and says why', async () => {
    const c = messages.contacts;
    await page.goto(`${server.url}/contacts/create`);
    await page.getByRole('heading', { name: c.createTitle }).waitFor();
    await field(c.fields.email).fill('leo.ortiz@example.org');
    await field(c.fields.firstName).fill('Leo');
    await field(c.fields.lastName).fill('Ortiz');
    await field(c.fields.phone).fill('(503) 555-0177');
    const optin = page.getByLabel(c.fields.sendOptinMessage);
    await optin.check();
    await page.getByRole('button', { name: c.create }).click();
    // The request is refused beside its box, and nothing typed is lost.
    await expect
      .poll(async () => (await optin.getAttribute('aria-describedby')) !== null)
      .toBe(true);
    const help = page.locator(`#${await optin.getAttribute('aria-describedby')}`);
    await help.getByText(/^This number opted out on /).waitFor();
    expect(await field(c.fields.firstName).inputValue()).toBe('Leo');
    await screenshot(page, 'contact-optin-refused');

    await optin.uncheck();
    await page.getByRole('button', { name: c.create }).click();
    await page.waitForURL(/\/contacts$/);
    await page.getByText(`Contact Leo Ortiz created successfully!${c.phoneOptedOut}`).waitFor();
    await screenshot(page, 'contact-saved-opted-out');
    await page.getByRole('row').filter({ hasText: 'Leo Ortiz' }).getByText('Leo Ortiz').click();
    await optinState()
      .getByText(/^Opted out on .*: Admin Tidings saved a number that had opted out$/)
      .waitFor();
    await screenshot(page, 'contact-opted-out-with-number');
  });

  it('refuses a second opt-in request to a number asked within the week, beside the box', async () => {
    const c = messages.contacts;
    const phone = '+15035550188';
    const create = async (first: string) => {
      await page.goto(`${server.url}/contacts/create`);
      await page.getByRole('heading', { name: c.createTitle }).waitFor();
      await field(c.fields.email).fill(`${first.toLowerCase()}.baker@example.org`);
      await field(c.fields.firstName).fill(first);
      await field(c.fields.lastName).fill('Baker');
      await field(c.fields.phone).fill(phone);
      await page.getByLabel(c.fields.sendOptinMessage).check();
      await page.getByRole('button', { name: c.create }).click();
    };
    await create('Ines');
    await page.waitForURL(/\/contacts$/);
    await page
      .getByText(`Contact Ines Baker created successfully!${messages.simulation.optinQueued}`)
      .waitFor();

    // The same number again, for another contact: the form says when it was asked and when it
    // can be asked next, and nothing is saved or sent.
    await create('Ivan');
    const optin = page.getByLabel(c.fields.sendOptinMessage);
    await expect
      .poll(async () => (await optin.getAttribute('aria-describedby')) !== null)
      .toBe(true);
    const help = page.locator(`#${await optin.getAttribute('aria-describedby')}`);
    await help
      .getByText(/^Tidings asked this number to opt in on .*the next request can go on /)
      .waitFor();
    await screenshot(page, 'contact-optin-asked-recently');
    expect(page.url()).toMatch(/\/contacts\/create$/);
    const optins = await staff.call<{ messages: ApiMessage[] }>(
      'GET',
      `/api/messages?kind=optin&q=${encodeURIComponent(phone)}`,
    );
    expect(optins.messages.filter((m) => m.toPhone === phone)).toHaveLength(1);
  });
});
