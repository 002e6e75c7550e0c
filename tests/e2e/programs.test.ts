import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { addDays } from '../../src/shared/schedule';
import { startServer, type RunningServer } from '../helpers/server';
import { signInToApi } from './helpers/api';
import { screenshot } from './helpers/browser';
import { field as formField, typeDate as typeIntoDate } from './helpers/fields';
import { openConsole } from './helpers/session';

const t = messages.programs;
const ADMIN = { ADMIN_EMAIL: 'rae@example.org', ADMIN_PASSWORD: 'a long admin password' };

let server: RunningServer;
let browser: Browser;
let page: Page;

/** A participant to put in the pod, made through the API. */
async function addParticipant() {
  const staff = await signInToApi(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  await staff.call(
    'POST',
    '/api/contacts',
    {
      email: 'lou@example.org',
      firstName: 'Lou',
      lastName: 'Reed',
      role: 'participant',
      status: 'active',
    },
    201,
  );
}

beforeAll(async () => {
  server = await startServer(ADMIN);
  await addParticipant();
  ({ browser, page } = await openConsole(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const field = (label: string) => formField(page, label);
const typeDate = (label: string, isoDate: string) => typeIntoDate(page, label, isoDate);

describe('programs in the browser', () => {
  // Yesterday in Los Angeles: the program is running, its pre-message was due.
  const start = addDays(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date()),
    -1,
  );

  it('makes a 3-day product and a pod to send it to', async () => {
    await page.goto(`${server.url}/products/create`);
    const products = messages.products;
    const text = (day: string) =>
      page.getByRole('region', { name: day, exact: true }).getByLabel(products.fields.text);
    await page.getByLabel(products.fields.name).fill('Three Calm Days');
    await page.getByLabel(products.fields.days, { exact: true }).fill('3');
    await text('Pre-message (Day 0)').fill('Welcome to Three Calm Days. Reply STOP to opt out.');
    for (const day of [1, 2, 3]) {
      await text(`Day ${day}`).fill(`Day ${day}: one slow breath before lunch.`);
    }
    await text('Conclusion (Day 4)').fill('That was three calm days. Thank you!');
    await page.getByRole('button', { name: products.create }).click();
    await page.getByText('Product "Three Calm Days" created successfully!').waitFor();

    await page.goto(`${server.url}/contacts`);
    await page
      .getByRole('row', { name: /Lou Reed/ })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: 'Create Pod (1 selected)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(messages.pods.fields.podName).fill('Calm Crew');
    await dialog.getByRole('button', { name: messages.pods.create }).click();
    await page.getByText('Pod "Calm Crew" created successfully with 1 member(s)').waitFor();
  });

  it('creates a program with a product, a pod and a start date', async () => {
    await page.goto(`${server.url}/programs`);
    await page.getByText(messages.lists.empty.programs).waitFor();
    await page.getByRole('link', { name: t.createNew }).click();
    await page.getByRole('heading', { name: t.createTitle }).waitFor();
    await field(t.fields.programName).fill('Calm at Work');
    await page.getByRole('combobox', { name: t.fields.product }).click();
    await page.getByRole('option', { name: /Three Calm Days/ }).click();
    await field(t.fields.pods).fill('calm');
    await page.getByRole('option', { name: /Calm Crew/ }).click();
    await typeDate(t.fields.startDate, start);
    // The schedule preview: the pre-message was due yesterday at 9:00 AM.
    const schedule = page.getByRole('table', { name: t.schedule.title });
    await schedule.getByText('Welcome to Three Calm Days. Reply STOP to opt out.').waitFor();
    expect(await schedule.getByText('9:00 AM').count()).toBeGreaterThan(0);
    await screenshot(page, 'programs-create');
    await page.getByRole('button', { name: t.save }).click();
    await page.waitForURL(/\/programs$/);
    await page.getByText(t.created).waitFor();
    const row = page.getByRole('row', { name: /Calm at Work/ });
    await row.getByText(t.statuses.running).waitFor();
    await row.getByText('3 days').waitFor();
    await screenshot(page, 'programs-list');
  });

  it('edits the program and pauses it', async () => {
    await page.getByRole('row', { name: /Calm at Work/ }).click();
    await page.waitForURL(/\/programs\/edit\//);
    await page.getByRole('heading', { name: t.editTitle }).waitFor();
    await field(t.fields.programName).fill('Calm at Work (pilot)');
    await page.getByRole('button', { name: t.update }).click();
    await page.getByText(t.updated).waitFor();

    await page.getByRole('row', { name: /Calm at Work \(pilot\)/ }).click();
    await page.getByRole('button', { name: t.pause }).click();
    await page.getByText('Program "Calm at Work (pilot)" paused.', { exact: false }).waitFor();
    await page.getByRole('button', { name: t.resume }).waitFor();
    await screenshot(page, 'programs-edit-paused');
    await page.goto(`${server.url}/programs`);
    await page
      .getByRole('row', { name: /Calm at Work \(pilot\)/ })
      .getByText(t.statuses.paused)
      .waitFor();
  });
});
