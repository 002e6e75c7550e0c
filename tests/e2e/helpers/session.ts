import type { Page } from 'playwright-core';
import { launchChromium } from './browser';
import { messages } from '../../../src/shared/messages';

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: messages.login.submit }).click();
  await page.waitForURL('**/dashboard');
}

/** Chromium with one page at the console's usual size, signed in through the login page. */
export async function openConsole(baseUrl: string, email: string, password: string) {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(page, baseUrl, email, password);
  return { browser, page };
}
