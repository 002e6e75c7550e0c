import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { launchChromium, screenshot } from './helpers/browser';
import { signIn } from './helpers/session';

/**
 * An admin makes an API key in the console, copies it once, and a script uses it; revoked in the
 * console, the script's next request is refused.
 */

const ADMIN = { ADMIN_EMAIL: 'kay@example.org', ADMIN_PASSWORD: 'a key-making password' };
const t = messages.apiKeys;

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer(ADMIN);
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What a script does with the key: a page of contacts, through the API. */
const scriptRequest = (secret: string) =>
  fetch(`${server.url}/api/contacts?page=1&perPage=10`, {
    headers: { authorization: `Bearer ${secret}` },
  });

describe('API keys in the console', () => {
  it('makes a key from Profile, shows its secret once, and a script uses it until it is revoked', async () => {
    await page.goto(`${server.url}/profile`);
    await page.getByRole('region', { name: t.developerTitle }).waitFor();
    await page.getByRole('link', { name: t.manage }).click();
    await page.getByRole('heading', { name: t.title }).waitFor();
    await page.getByText(t.empty).waitFor();

    await page.getByRole('button', { name: t.create }).click();
    const form = page.getByRole('dialog', { name: t.createTitle });
    await form.getByLabel(t.fields.name).fill('Nightly CRM sync');
    await form.getByRole('button', { name: t.create }).click();

    const shown = page.getByRole('dialog', { name: t.secretTitle });
    const secret = await shown.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^tid_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: t.copy }).click();
    await page.getByText(t.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'api-keys-secret', { fullPage: false });
    await shown.getByRole('button', { name: t.done }).click();

    // The script, with the copied key.
    const answer = await scriptRequest(secret);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { total: number }).total).toBe(1);

    // Once closed, the secret is nowhere in the console: its row shows its start, its last use.
    await page.reload();
    const row = page.getByRole('row', { name: /Nightly CRM sync/ });
    await row.getByText(`${secret.slice(0, 8)}…`).waitFor();
    await row.getByText(/ from /).waitFor();
    expect(await page.content()).not.toContain(secret.slice(8));
    await screenshot(page, 'api-keys-list', { fullPage: false });

    await row.getByRole('button', { name: `${t.revoke} Nightly CRM sync` }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.revoke }).click();
    await page.getByText(t.revoked).waitFor();
    await row.getByText(t.statuses.revoked).waitFor();
    const refused = await scriptRequest(secret);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe(t.keyRevoked);
  });
});
