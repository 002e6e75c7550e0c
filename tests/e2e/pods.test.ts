import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { signInToApi } from './helpers/api';
import { screenshot } from './helpers/browser';
import { openConsole } from './helpers/session';

const t = messages.pods;
const ADMIN = { ADMIN_EMAIL: 'pat@example.org', ADMIN_PASSWORD: 'a long admin password' };

let server: RunningServer;
let browser: Browser;
let page: Page;

/** Five participants; the pod starts with the first two. */
async function seed() {
  const staff = await signInToApi(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const ids: string[] = [];
  for (const [firstName, lastName] of [
    ['Ana', 'Brook'],
    ['Ben', 'Cole'],
    ['Cara', 'Dunn'],
    ['Dev', 'Ellis'],
    ['Eva', 'Ford'],
  ]) {
    const { contact } = await staff.call<{ contact: { id: string } }>('POST', '/api/contacts', {
      email: `${firstName!.toLowerCase()}@example.org`,
      firstName,
      lastName,
      role: 'participant',
      status: 'active',
    });
    ids.push(contact.id);
  }
  await staff.call('POST', '/api/pods', {
    podId: 'POD-20260401-090000',
    podName: 'Morning Walkers',
    members: ids.slice(0, 2).map((userId) => ({ userId, role: 'participant' })),
  });
}

beforeAll(async () => {
  server = await startServer(ADMIN);
  await seed();
  ({ browser, page } = await openConsole(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const membersTable = () => page.getByRole('table').first();

describe('pods in the browser', () => {
  it('opens a pod from the list', async () => {
    await page.goto(`${server.url}/pods`);
    await page.getByText('Showing 1 of 1 pods').waitFor();
    await screenshot(page, 'pods-list');
    await page.getByRole('row', { name: /Morning Walkers/ }).click();
    await page.getByRole('heading', { name: 'Morning Walkers' }).waitFor();
    await page.getByText('POD-20260401-090000').first().waitFor();
    await membersTable().getByText('Ana Brook').waitFor();
    expect(await membersTable().getByText(t.notProvided).count()).toBe(2);
  });

  it('adds members through the modal, found by search', async () => {
    await page.getByRole('button', { name: t.addMembers }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Cara Dunn').waitFor();
    // Members already in the pod are not offered.
    expect(await dialog.getByText('Ana Brook').count()).toBe(0);
    await dialog.getByLabel(t.addSearch).fill('dunn');
    await dialog.getByText('Dev Ellis').waitFor({ state: 'detached' });
    await dialog.getByRole('checkbox', { name: 'Cara Dunn' }).check();
    await dialog.getByLabel(t.addSearch).fill('ellis');
    await dialog.getByText('Dev Ellis').waitFor();
    await dialog.getByRole('checkbox', { name: 'Dev Ellis' }).check();
    await screenshot(page, 'pods-add-members');
    // Both stay ticked across the two searches.
    await dialog.getByRole('button', { name: 'Add 2 Member(s)' }).click();
    await page.getByText('2 member(s) added to the pod.').waitFor();
    await membersTable().getByText('Cara Dunn').waitFor();
    await membersTable().getByText('Dev Ellis').waitFor();
  });

  it('removes a member after asking', async () => {
    await membersTable()
      .getByRole('row', { name: /Ben Cole/ })
      .getByRole('button', { name: t.remove })
      .click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(t.removeConfirm).waitFor();
    await screenshot(page, 'pods-remove-confirm');
    await confirm.getByRole('button', { name: t.remove }).click();
    await page.getByText(t.memberRemoved).waitFor();
    await membersTable().getByText('Ben Cole').waitFor({ state: 'detached' });
  });

  it('renames the pod', async () => {
    await page.getByRole('button', { name: t.editDetails }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(new RegExp(t.fields.podName)).fill('Evening Walkers');
    await dialog.getByRole('button', { name: t.save }).click();
    await page.getByText('Pod "Evening Walkers" updated successfully!').waitFor();
    await page.getByRole('heading', { name: 'Evening Walkers' }).waitFor();
    await screenshot(page, 'pods-detail');
  });
});
