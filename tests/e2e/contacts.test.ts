import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { signInToApi } from './helpers/api';
import { screenshot } from './helpers/browser';
import { openConsole } from './helpers/session';

const t = messages.contacts;
const ADMIN = { ADMIN_EMAIL: 'grace@example.org', ADMIN_PASSWORD: 'a long admin password' };

let server: RunningServer;
let browser: Browser;
let page: Page;

/** Two participants made through the API, so the pod has three members with the one made here. */
async function addParticipants() {
  const staff = await signInToApi(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  for (const [firstName, phone] of [
    ['Nadia', '503 555 0142'],
    ['Omar', '503 555 0143'],
  ] as const) {
    await staff.call(
      'POST',
      '/api/contacts',
      {
        email: `${firstName.toLowerCase()}.walker@example.org`,
        firstName,
        lastName: 'Walker',
        phone,
        role: 'participant',
        status: 'active',
      },
      201,
    );
  }
}

beforeAll(async () => {
  server = await startServer(ADMIN);
  await addParticipants();
  ({ browser, page } = await openConsole(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A form field by its label; a required field's label ends with an asterisk. */
const field = (label: string) => page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

async function chooseRole(role: string) {
  await page.getByRole('combobox', { name: t.fields.role }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

describe('contacts in the browser', () => {
  it('creates a participant and sends the opt-in', async () => {
    await page.goto(`${server.url}/contacts`);
    await page.getByText('Showing 3 of 3 contacts').waitFor();
    await page.getByRole('link', { name: t.createNew }).click();
    await page.getByRole('heading', { name: t.createTitle }).waitFor();
    await field(t.fields.email).fill('lena.walker@example.org');
    await field(t.fields.firstName).fill('Lena');
    await field(t.fields.lastName).fill('Walker');
    await field(t.fields.phone).fill('(503) 555-0199');
    await page.getByLabel(t.fields.sendOptinMessage).check();
    await screenshot(page, 'contacts-create-participant');
    await page.getByRole('button', { name: t.create }).click();
    await page.waitForURL(/\/contacts$/);
    // SMS is simulated here (SMS_PROVIDER=log): the notice says where the opt-in goes.
    await page
      .getByText(
        'Contact Lena Walker created successfully! Opt-in message has been queued; SMS is simulated, so it goes to the server log, not to the phone.',
      )
      .waitFor();
    // The notice's slide-in, then the list below it.
    await page.waitForTimeout(400);
    await screenshot(page, 'contacts-created-notice', { fullPage: false });
  });

  it('creates a host with a password', async () => {
    await page.getByRole('link', { name: t.createNew }).click();
    await field(t.fields.email).fill('Hugo.Host@Example.org');
    await chooseRole('Host');
    await field(t.fields.password).fill('host-secret-1');
    await field(t.fields.confirmPassword).fill('host-secret-1');
    await field(t.fields.firstName).fill('Hugo');
    await field(t.fields.lastName).fill('Host');
    await page.getByLabel(t.fields.emailVerified).check();
    await page.getByRole('button', { name: t.create }).click();
    await page.getByText('Contact Hugo Host created successfully!').waitFor();
    const row = page.getByRole('row', { name: /Hugo Host/ });
    await row.getByText('hugo.host@example.org').waitFor();
    await row.getByText('Host', { exact: true }).waitFor();
  });

  it('finds contacts by search, and a host can sign in with the password given', async () => {
    await page.getByLabel(t.fields.search).fill('walker');
    await page.getByText('Showing 3 of 3 contacts').waitFor();
    await page.getByText('Search: walker').waitFor();
    await page
      .getByRole('row', { name: /Lena Walker/ })
      .getByText('+15035550199')
      .waitFor();
    await screenshot(page, 'contacts-list-search');

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'hugo.host@example.org', password: 'host-secret-1' }),
    });
    expect(login.status).toBe(200);
  });

  it('makes a pod of three selected contacts', async () => {
    for (const name of ['Lena Walker', 'Nadia Walker', 'Omar Walker']) {
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('checkbox')
        .check();
    }
    await page.getByRole('button', { name: 'Create Pod (3 selected)' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel(messages.pods.fields.podId).inputValue()).toMatch(
      /^POD-\d{8}-\d{6}$/,
    );
    await dialog.getByLabel(messages.pods.fields.podName).fill('Walkers');
    await screenshot(page, 'contacts-create-pod');
    await dialog.getByRole('button', { name: messages.pods.create }).click();
    await page.getByText('Pod "Walkers" created successfully with 3 member(s)').waitFor();
    // The selection is cleared, and its toolbar folds away (a CSS transition: let it end before
    // the screenshot).
    for (const name of ['Lena Walker', 'Nadia Walker', 'Omar Walker']) {
      const row = page.getByRole('row', { name: new RegExp(name) });
      expect(await row.getByRole('checkbox').isChecked()).toBe(false);
    }
    await page.locator('.RaBulkActionsToolbar-collapsed').waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    await screenshot(page, 'contacts-pod-created');
  });

  it("writes a bold bio with the toolbar, saved as HTML and shown bold on the contact's page", async () => {
    await page.getByLabel(t.fields.search).fill('lena');
    await page.getByRole('row', { name: /Lena Walker/ }).click();
    await page.getByRole('heading', { name: t.editTitle }).waitFor();
    const bio = page.getByRole('textbox', { name: t.fields.bio });
    await bio.click();
    await page.keyboard.type('Prefers ');
    const bold = page.getByRole('button', { name: messages.richTextToolbar.bold });
    await bold.click();
    // The toolbar hands the focus back to the editor a moment after the click: keys typed before
    // that reach the button, not the text. Type once bold is on and the editor has the focus.
    await page.waitForFunction(
      ([button, editor]) =>
        button?.getAttribute('aria-pressed') === 'true' && editor?.contains(document.activeElement),
      [await bold.elementHandle(), await bio.elementHandle()] as const,
    );
    await page.keyboard.type('mornings');
    await page.getByRole('button', { name: t.save }).click();
    await page.getByText('Contact Lena Walker updated successfully!').waitFor();

    const staff = await signInToApi(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const {
      contacts: [lena],
    } = await staff.call<{ contacts: { profile: { bio: string } }[] }>(
      'GET',
      '/api/contacts?q=lena',
      undefined,
      200,
    );
    expect(lena!.profile.bio).toBe('<p>Prefers <strong>mornings</strong></p>');

    await page.getByRole('row', { name: /Lena Walker/ }).click();
    await bio.locator('strong', { hasText: 'mornings' }).waitFor();
    await screenshot(page, 'contacts-rich-text-bio');
  });
});
