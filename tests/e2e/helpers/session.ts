import type { Page } from 'playwright-core';
import { messages } from '../../../src/shared/messages';

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: messages.login.submit }).click();
  await page.waitForURL('**/dashboard');
}
