import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { launchChromium, screenshot } from './helpers/browser';

/**
 * A new user's first minutes: start Tidings on an empty database, read the printed sign-in details,
 * sign in with them in Chromium, move around, reload, and log out.
 */
let server: RunningServer;
let browser: Browser;
let email: string;
let password: string;

beforeAll(async () => {
  server = await startServer();
  email = /Email: +(\S+)/.exec(server.output())![1]!;
  password = /Password: +(\S+)/.exec(server.output())![1]!;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  expect(await server?.stop()).toBe(0);
});

async function signIn(page: Page, withPassword = password) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(withPassword);
  await page.getByRole('button', { name: messages.login.submit }).click();
}

describe('signing in to a new Tidings', () => {
  it('prints the first admin’s sign-in details', () => {
    expect(server.output()).toContain(
      `Sign in at:  ${server.url.replace('127.0.0.1', 'localhost')}/login`,
    );
    expect(email).toBe('admin@tidings.local');
    expect(password).toHaveLength(24);
  });

  it('sends a visitor from any page straight to the sign-in form, in one step', async () => {
    const page = await browser.newPage();
    for (const path of ['/', '/products']) {
      await page.goto(`${server.url}${path}`);
      await page.getByLabel('Email').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    }
    // A page opened and its redirect to /login add a few history entries, not a runaway loop of
    // redirects (which filled the history to its cap of 50 and took seconds to settle).
    expect(await page.evaluate(() => history.length)).toBeLessThan(10);
    await page.close();
  });

  it("shows the server's message for a wrong password", async () => {
    const page = await browser.newPage();
    await signIn(page, 'not-the-password');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain(messages.auth.invalidCredentials);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'signin-wrong-password');
    await page.close();
  });

  it('signs in, greets the admin, keeps the session on reload, and logs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(server.url);
    await page.waitForURL('**/login');
    await screenshot(page, 'signin-login-page');
    await signIn(page);
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Hello Admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Dashboard',
      'Programs',
      'Products',
      'Contacts',
      'Pods',
      'Analytics',
      'Profile',
      'Help',
    ]) {
      expect(await nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await screenshot(page, 'signin-dashboard');

    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Hello Admin');
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(messages.profile.title);
    await screenshot(page, 'signin-profile');

    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/login');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('opens deep links after sign-in and sends unknown paths to the dashboard', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/help`);
    await page.getByRole('heading', { level: 1, name: messages.help.title, exact: true }).waitFor();
    await page.goto(`${server.url}/no/such/screen`);
    await page.waitForURL('**/dashboard');
    await page.close();
  });

  it('shows the hamburger menu at 1024px, with Pods in it', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await signIn(page);
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Programs' }).count()).toBe(0);
    await nav.getByRole('button', { name: messages.nav.openMenu }).click();
    const menu = page.getByRole('list', { name: messages.nav.menu });
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'Pods' }).isVisible()).toBe(true);
    await screenshot(page, 'signin-hamburger-1024');
    await menu.getByRole('link', { name: 'Help' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(messages.help.title);
    await page.close();
  });
});
