import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import type { ApiContactEnrollment } from '../../src/shared/responses/programs';
import { addDays, zonedInstant, type LocalDate } from '../../src/shared/schedule';
import {
  FAKE_TWILIO_ENV,
  startFakeTwilio,
  type FakeTwilioMessage,
  type FakeTwilioServer,
} from '../helpers/fake-twilio';
import { copyNewDatabaseInto } from '../helpers/pglite-template';
import { freePort, startServer, type RunningServer } from '../helpers/server';
import { signInToApi, type StaffApi } from './helpers/api';
import { screenshot } from './helpers/browser';
import { field as formField, typeDate as typeIntoDate } from './helpers/fields';
import { wallMinutes } from './helpers/schedule';
import { openConsole } from './helpers/session';

/**
 * Rolling enrollment in the browser (the issue of rolling enrollment, personal fields and tracked
 * links): a product whose day 0 greets each participant by name and carries a tracked link, a
 * rolling program made in the console, Ada joining its pod today and Bea tomorrow by the engine's
 * clock. Each gets day 0 on her own day with her own name; Ada's day 0 is not sent again when Bea's
 * goes. Ada opens her link from her phone, and the program's Deliveries count the click.
 *
 * The engine's clock is read once, when the server starts (TIDINGS_TEST_CLOCK_OFFSET_MS), so
 * tomorrow is a restart on the same data directory, port and public address (the short links in
 * the messages name it), with the clock a day on. Messages go to a fake Twilio, which keeps each
 * body as the phone would get it.
 */

const ADMIN = { ADMIN_EMAIL: 'rosa@example.org', ADMIN_PASSWORD: 'a long admin password' };
const ZONE = 'America/Los_Angeles';
const SEND_TIME = '10:02';
const PROGRAM = 'Rolling walkers';
const PRODUCT = 'Walk with us';
const POD = 'Walkers at large';
const DAY_0 = "Hi {first_name|there}! Welcome to Walk with us. Today's route:";
const DAY_1 = 'Day 1: a ten-minute walk before breakfast.';
const ROUTE = 'https://ex.co/walk0';
/** A day's messages go within a minute of the server's start; the wait covers a slow machine too. */
const DAY_TIMEOUT_MS = 300_000;
/** Chrome on a Pixel: a person's browser (a headless one is a scanner and is not counted). */
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

// The engine's "today" is tomorrow in Los Angeles (never in the past: the rows the database stamps,
// such as a pod membership's start, must not lie in the engine's future). Each start puts the
// engine's clock shortly before the send time there (startOn).
const today = wallMinutes(new Date(Date.now() + 86_400_000), ZONE).date;
const tomorrow = addDays(today, 1);

const people = {
  ada: { firstName: 'Ada', lastName: 'Okafor', phone: '+15035550161', id: '' },
  bea: { firstName: 'Bea', lastName: 'Lindqvist', phone: '+15035550162', id: '' },
};

let dataDir: string;
let port: number;
let publicUrl: string;
let fake: FakeTwilioServer;
let server: RunningServer;
let staff: StaffApi;
let browser: Browser;
let page: Page;
let programId: string;
let podId: string;

/** How far ahead of the send time `skipToSendTime` restarts the engine's clock. */
const SHORT_LEAD_MS = 5_000;
/** The running server's TIDINGS_TEST_CLOCK_OFFSET_MS. */
let clockOffsetMs: number;

/**
 * The server on the data directory, with the engine's clock `beforeMs` before the send time on
 * `date` in Los Angeles. Always on the same port (its address is `publicUrl`, not the one
 * `startServer` chose).
 */
async function startOn(date: LocalDate, beforeMs: number) {
  clockOffsetMs = zonedInstant(date, SEND_TIME, ZONE).getTime() - beforeMs - Date.now();
  server = await startServer({
    ...ADMIN,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    ...FAKE_TWILIO_ENV,
    TWILIO_API_URL: fake.url,
    TIDINGS_TEST_CLOCK_OFFSET_MS: String(clockOffsetMs),
  });
  staff = await signInToApi(publicUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
}

/**
 * What had to be done before the send time on `date` is done: instead of waiting out the rest of
 * the lead, the server restarts with its clock SHORT_LEAD_MS before the send time (never back: if
 * that much is left no more, it runs on).
 */
async function skipToSendTime(date: LocalDate) {
  const left = zonedInstant(date, SEND_TIME, ZONE).getTime() - (Date.now() + clockOffsetMs);
  if (left <= SHORT_LEAD_MS) return;
  // At once and cleanly, although the console holds connections open.
  expect(await server.stop()).toBe(0);
  await startOn(date, SHORT_LEAD_MS);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-e2e-rolling-'));
  await copyNewDatabaseInto(dataDir);
  port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  fake = await startFakeTwilio();
  // A minute for the product, pod and program to be made in the console before the send time
  // (made later, day 0 would still go today, late, as it would for a newcomer).
  await startOn(today, 60_000);
  for (const person of Object.values(people)) {
    const { contact } = await staff.call<{ contact: { id: string } }>('POST', '/api/contacts', {
      email: `${person.firstName.toLowerCase()}@example.org`,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      role: 'participant',
      status: 'active',
      smsVerified: true,
    });
    person.id = contact.id;
  }
  ({ browser, page } = await openConsole(publicUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const field = (label: string) => formField(page, label);
const typeDate = (label: string, isoDate: string) => typeIntoDate(page, label, isoDate);

/** The messages the fake Twilio took for a phone, in order. */
const sentTo = (phone: string) => fake.messages.filter((message) => message.to === phone);

const shortLink = (body: string) => {
  const match = new RegExp(`${publicUrl.replaceAll('.', '\\.')}/l/[0-9A-Za-z]{7}$`).exec(body);
  expect(match, body).not.toBeNull();
  return match![0];
};

/** Twilio reports each message delivered, as a carrier does once it reaches the phone. */
async function deliver(sent: FakeTwilioMessage[]) {
  for (const message of sent) expect(await fake.callback(message.sid, 'delivered')).toBe(204);
}

const conversation = () => page.getByRole('list', { name: messages.conversations.title });
const programsPanel = () =>
  page.getByRole('region', { name: messages.contacts.enrollments.title, exact: true });

async function contactEnrollments(contactId: string) {
  const { enrollments } = await staff.call<{ enrollments: ApiContactEnrollment[] }>(
    'GET',
    `/api/contacts/${contactId}/enrollments`,
  );
  return enrollments;
}

const day0Body = (name: string) => `${DAY_0.replace('{first_name|there}', name)}\n`;

describe('rolling enrollment in the browser', () => {
  it('makes a product with a personal field and a tracked link, a pod and a rolling program', async () => {
    const products = messages.products;
    const region = (name: string) => page.getByRole('region', { name, exact: true });
    await page.goto(`${publicUrl}/products/create`);
    await page.getByLabel(products.fields.name).fill(PRODUCT);
    await page.getByLabel(products.fields.days, { exact: true }).fill('2');
    const pre = region('Pre-message (Day 0)');
    await pre.getByLabel(products.fields.text).fill(DAY_0);
    await pre.getByRole('button', { name: products.addLink }).click();
    await pre.getByLabel(products.fields.linkUrl).fill(ROUTE);
    await pre.getByLabel(products.fields.linkLabel).fill('Route map');
    // Tracking is on for a new link.
    expect(await pre.getByLabel(products.fields.linkTracked).isChecked()).toBe(true);
    await region('Day 1').getByLabel(products.fields.text).fill(DAY_1);
    await region('Day 2').getByLabel(products.fields.text).fill('Day 2: walk with a friend.');
    await region('Conclusion (Day 3)')
      .getByLabel(products.fields.text)
      .fill('That was Walk with us. Thank you!');
    await pre.scrollIntoViewIfNeeded();
    await screenshot(page, 'rolling-product-day-0', { fullPage: false });
    await page.getByRole('button', { name: products.create }).click();
    await page.getByText(`Product "${PRODUCT}" created successfully!`).waitFor();

    // Ada is in the pod from the start; Bea joins it tomorrow.
    await page.goto(`${publicUrl}/contacts`);
    await page
      .getByRole('row', { name: /Ada Okafor/ })
      .getByRole('checkbox')
      .check();
    await page
      .getByRole('button', { name: formatMessage(messages.contacts.createPod, { count: 1 }) })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(messages.pods.fields.podName).fill(POD);
    await dialog.getByRole('button', { name: messages.pods.create }).click();
    await page.getByText(`Pod "${POD}" created successfully with 1 member(s)`).waitFor();

    const t = messages.programs;
    await page.goto(`${publicUrl}/programs/create`);
    await page.getByRole('heading', { name: t.createTitle }).waitFor();
    await field(t.fields.programName).fill(PROGRAM);
    await page.getByRole('combobox', { name: t.fields.product }).click();
    await page.getByRole('option', { name: new RegExp(PRODUCT) }).click();
    await field(t.fields.pods).fill('walkers');
    await page.getByRole('option', { name: new RegExp(POD) }).click();
    await page.getByRole('combobox', { name: t.fields.timeZone }).click();
    await page.getByRole('option', { name: ZONE }).click();
    await typeDate(t.fields.startDate, today);
    await page
      .getByRole('group', { name: t.fields.sendTime })
      .getByRole('spinbutton')
      .first()
      .click();
    await page.keyboard.type('1002AM');
    await page.getByRole('combobox', { name: t.fields.enrollment }).click();
    await page.getByRole('option', { name: t.enrollments.rolling }).click();
    await page.getByText(t.enrollmentHelp.rolling).waitFor();
    await typeDate(t.fields.enrollmentEndsOn, addDays(today, 6));
    await page.getByText(t.enrollmentEndsOnHelp).waitFor();
    await screenshot(page, 'rolling-program-form');
    await page.getByRole('button', { name: t.save }).click();
    await page.waitForURL(/\/programs$/);
    await page.getByText(t.created).waitFor();

    const { programs } = await staff.call<{
      programs: { id: string; programName: string; enrollment: string }[];
    }>('GET', '/api/programs');
    const program = programs.find((p) => p.programName === PROGRAM)!;
    expect(program).toMatchObject({
      enrollment: 'rolling',
      sendTime: SEND_TIME,
      enrollmentEndsOn: addDays(today, 6),
    });
    programId = program.id;
    const { pods } = await staff.call<{ pods: { id: string; podName: string }[] }>(
      'GET',
      '/api/pods',
    );
    podId = pods.find((pod) => pod.podName === POD)!.id;
  });

  it(
    'sends Ada, who joined today, day 0 today with her name and her own short link',
    async () => {
      await skipToSendTime(today);
      const [first] = await fake.waitFor(1, DAY_TIMEOUT_MS - 30_000);
      expect(first!.to).toBe(people.ada.phone);
      const link = shortLink(first!.body);
      expect(first!.body).toBe(`${day0Body('Ada')}${link}`);
      await deliver([first!]);
      // Nobody enrolled Bea: she is in none of the program's pods yet.
      expect(sentTo(people.bea.phone)).toEqual([]);
      const [ada] = await contactEnrollments(people.ada.id);
      expect(ada).toMatchObject({ programName: PROGRAM, startDate: today, currentDay: 0 });

      await page.goto(`${publicUrl}/contacts/${people.ada.id}`);
      await conversation().getByText("Hi Ada! Welcome to Walk with us. Today's route:").waitFor();
      const c = messages.contacts.enrollments;
      const programLink = programsPanel().getByRole('link', { name: PROGRAM });
      await programLink.waitFor();
      // In the colour of the console's other links, such as the conversation's.
      const colour = (link: ReturnType<Page['getByRole']>) =>
        link.evaluate((element) => getComputedStyle(element).color);
      expect(await colour(programLink)).toBe(
        await colour(page.getByRole('link', { name: messages.conversations.allMessages })),
      );
      await programsPanel()
        .getByText(formatMessage(c.day, { day: 0, last: 3 }), { exact: false })
        .waitFor();
      await programsPanel().getByText(c.statuses.active).waitFor();
      await programsPanel().scrollIntoViewIfNeeded();
      await screenshot(page, 'rolling-contact-programs-day-0', { fullPage: false });

      await page.goto(`${publicUrl}/contacts/${people.bea.id}`);
      await programsPanel().getByText(c.none).waitFor();
    },
    DAY_TIMEOUT_MS,
  );

  it(
    'sends Bea, who joins tomorrow, day 0 tomorrow with her name; Ada gets day 1, not day 0 again',
    async () => {
      expect(await server.stop()).toBe(0);
      // A minute for Bea to join the pod before the send time (later, her day 0 would still go
      // that day, late, as a newcomer's does).
      await startOn(tomorrow, 60_000);

      // Bea joins the pod in the console, on the engine's tomorrow.
      await page.goto(`${publicUrl}/pods/${podId}`);
      await page.getByRole('button', { name: messages.pods.addMembers }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(messages.pods.addSearch).fill('bea');
      await dialog.getByRole('checkbox', { name: 'Bea Lindqvist' }).check();
      await dialog.getByRole('button', { name: 'Add 1 Member(s)' }).click();
      await page.getByText('1 member(s) added to the pod.').waitFor();
      await skipToSendTime(tomorrow);

      await fake.waitFor(3, DAY_TIMEOUT_MS - 60_000);
      const [bea, ...beaMore] = sentTo(people.bea.phone);
      expect(beaMore).toEqual([]);
      const beaLink = shortLink(bea!.body);
      expect(bea!.body).toBe(`${day0Body('Bea')}${beaLink}`);
      const ada = sentTo(people.ada.phone);
      expect(ada.map((message) => message.body.split('\n')[0])).toEqual([
        "Hi Ada! Welcome to Walk with us. Today's route:",
        DAY_1,
      ]);
      expect(beaLink).not.toBe(shortLink(ada[0]!.body));
      await deliver([bea!, ada[1]!]);

      const [beaEnrollment] = await contactEnrollments(people.bea.id);
      expect(beaEnrollment).toMatchObject({ startDate: tomorrow, currentDay: 0, status: 'active' });
      const [adaEnrollment] = await contactEnrollments(people.ada.id);
      expect(adaEnrollment).toMatchObject({ startDate: today, currentDay: 1, status: 'active' });

      await page.goto(`${publicUrl}/contacts/${people.bea.id}`);
      await conversation().getByText("Hi Bea! Welcome to Walk with us. Today's route:").waitFor();
      await programsPanel()
        .getByText(formatMessage(messages.contacts.enrollments.day, { day: 0, last: 3 }), {
          exact: false,
        })
        .waitFor();

      // Ada's conversation: her day 0 once, then day 1.
      await page.goto(`${publicUrl}/contacts/${people.ada.id}`);
      await conversation().getByText(DAY_1).waitFor();
      expect(
        await conversation()
          .getByText(/^Hi Ada!/)
          .count(),
      ).toBe(1);
      await programsPanel()
        .getByText(formatMessage(messages.contacts.enrollments.day, { day: 1, last: 3 }), {
          exact: false,
        })
        .waitFor();
      await programsPanel().scrollIntoViewIfNeeded();
      await screenshot(page, 'rolling-contact-programs-day-1', { fullPage: false });
    },
    DAY_TIMEOUT_MS,
  );

  it("counts Ada's tap on her link in the program's Deliveries", async () => {
    const link = shortLink(sentTo(people.ada.phone)[0]!.body);
    // Ada's phone opens the link, which sends it on to the route. The route's site is not reached
    // (this machine has no network beyond loopback): the browser asking for it is the proof.
    const phone = await browser.newContext({ userAgent: PHONE_BROWSER });
    const tab = await phone.newPage();
    const toRoute = tab.waitForRequest(ROUTE);
    const opened = await tab.goto(link).then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    expect(opened).toContain('net::ERR_NAME_NOT_RESOLVED');
    const redirect = (await toRoute).redirectedFrom();
    expect(redirect?.url()).toBe(link);
    expect((await redirect!.response())?.status()).toBe(302);
    await phone.close();

    const d = messages.delivery;
    await page.goto(`${publicUrl}/programs/edit/${programId}`);
    const panel = page.getByRole('region', { name: d.panel.title });
    const table = panel.getByRole('table', { name: d.panel.title });
    const row = table.getByRole('row', { name: /^Pre-message \(Day 0\)/ });
    // Both day 0s, Ada's and Bea's, reached the phone; one of the two was opened.
    await row.getByRole('link', { name: `${d.statuses.delivered}: 2` }).waitFor();
    const headings = await table.getByRole('columnheader').allTextContents();
    const cells = await row.getByRole('cell').allTextContents();
    const column = (name: string) => cells[headings.indexOf(name) - 1];
    const seen = JSON.stringify({ headings, cells });
    expect(column(d.panel.clicked), seen).toBe('1');
    expect(column(d.panel.clickRate), seen).toBe('50%');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'rolling-deliveries-click', { fullPage: false });

    await page.goto(`${publicUrl}/contacts/${people.ada.id}`);
    await conversation()
      .getByRole('listitem')
      .filter({ hasText: 'Hi Ada!' })
      .getByText(d.linkOpens.once)
      .waitFor();
  });
});
