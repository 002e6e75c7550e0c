import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { png } from '../helpers/media-files';
import { startServer, type RunningServer } from '../helpers/server';
import { screenshot } from './helpers/browser';
import { openConsole } from './helpers/session';

const t = messages.products;
const ADMIN = { ADMIN_EMAIL: 'ada@example.org', ADMIN_PASSWORD: 'correct horse battery' };

let server: RunningServer;
let browser: Browser;
let page: Page;
const imageFile = path.join(os.tmpdir(), `tidings-e2e-cover-${process.pid}.png`);

beforeAll(async () => {
  await writeFile(imageFile, png({ width: 320, height: 180 }));
  server = await startServer(ADMIN);
  ({ browser, page } = await openConsole(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const region = (name: string) => page.getByRole('region', { name, exact: true });
const text = (name: string) => region(name).getByLabel(t.fields.text);

describe('products in the browser', () => {
  it('creates a 3-day product with a link and an uploaded image', async () => {
    await page.goto(`${server.url}/products`);
    await page.getByText(messages.lists.empty.products).waitFor();
    await page.getByRole('link', { name: t.createNew }).click();
    await page.getByRole('heading', { name: t.createTitle }).waitFor();

    await page.getByLabel(t.fields.name).fill('Morning Walks');
    await page.getByLabel(t.fields.days, { exact: true }).fill('3');
    await text('Pre-message (Day 0)').fill('Welcome to Morning Walks! Reply STOP to opt out.');
    await text('Day 1').fill('Day 1: a ten-minute walk after breakfast. Map:');
    await region('Day 1').getByRole('button', { name: t.addLink }).click();
    await region('Day 1').getByLabel(t.fields.linkUrl).fill('https://ex.co/walk1');
    await region('Day 1').getByLabel(t.fields.linkLabel).fill('Route map');
    await text('Day 2').fill('Day 2: look up from your path. Today’s view:');
    await page.getByTestId('media-input-2').setInputFiles(imageFile);
    const preview = region('Day 2').getByRole('img', { name: path.basename(imageFile) });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);
    await region('Day 2').getByLabel(t.fields.fallbackUrl).fill('https://example.org/walks/2');
    await text('Day 3').fill('Day 3: walk with a friend.');
    await text('Conclusion (Day 4)').fill('Thanks for walking with us!');
    await region('Day 2').getByText(t.sms.ucs2).waitFor();
    await region('Day 2').getByRole('button', { name: t.sms.replace }).click();
    expect(await text('Day 2').inputValue()).toBe("Day 2: look up from your path. Today's view:");
    await screenshot(page, 'products-editor-filled');

    await page.getByRole('button', { name: t.create }).click();
    await page.waitForURL(/\/products$/);
    await page.getByText('Product "Morning Walks" created successfully!').waitFor();
    await page
      .getByRole('row', { name: /Morning Walks/ })
      .getByText('Active')
      .waitFor();
    await page.getByText('Showing 1 of 1 products').waitFor();
    await screenshot(page, 'products-list-after-create');
  });

  it('edits the product’s status to inactive', async () => {
    await page.getByRole('row', { name: /Morning Walks/ }).click();
    await page.getByRole('heading', { name: t.editTitle }).waitFor();
    expect(await text('Day 1').inputValue()).toBe('Day 1: a ten-minute walk after breakfast. Map:');
    expect(await region('Day 1').getByLabel(t.fields.linkUrl).inputValue()).toBe(
      'https://ex.co/walk1',
    );
    const stored = region('Day 2').getByRole('img');
    await expect
      .poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);
    await screenshot(page, 'products-editor-edit');

    await page.getByRole('combobox', { name: t.fields.status }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: t.save }).click();
    await page.waitForURL(/\/products$/);
    await page.getByText('Product "Morning Walks" updated successfully!').waitFor();
    await page
      .getByRole('row', { name: /Morning Walks/ })
      .getByText('Inactive')
      .waitFor();
  });

  it('writes a 30-day product day after day', async () => {
    await page.goto(`${server.url}/products/create`);
    await page.getByLabel(t.fields.name).fill('Thirty Days of Calm');
    await page.getByLabel(t.fields.days, { exact: true }).fill('30');
    await text('Pre-message (Day 0)').fill(
      'Welcome to Thirty Days of Calm. One small practice a day. Reply STOP to opt out.',
    );
    for (let day = 1; day <= 30; day++) {
      await page.getByLabel(t.jumpToDay).fill(String(day));
      await page.getByRole('button', { name: t.jump, exact: true }).click();
      await text(`Day ${day}`).fill(
        `Day ${day}: sit still for ${day + 1} breaths and notice one sound around you.`,
      );
    }
    await page.getByLabel(t.jumpToDay).fill('14');
    await page.getByRole('button', { name: t.jump, exact: true }).click();
    await region('Day 14').getByRole('button', { name: t.addLink }).click();
    await region('Day 14').getByLabel(t.fields.linkUrl).fill('https://ex.co/calm14');
    await screenshot(page, 'products-editor-30-days', { fullPage: false });
    await page.getByLabel(t.jumpToDay).fill('31');
    await page.getByRole('button', { name: t.jump, exact: true }).click();
    await text('Conclusion (Day 31)').fill('That was thirty days. Thank you for taking the time.');
    await page.getByRole('button', { name: t.create }).click();
    await page.getByText('Product "Thirty Days of Calm" created successfully!').waitFor();
  });

  it('keeps a 365-day product usable: few days rendered, any day one jump away', async () => {
    await page.goto(`${server.url}/products/create`);
    await page.getByLabel(t.fields.days, { exact: true }).fill('365');
    await page.getByText('365 days, 367 messages in all').waitFor();
    expect(await page.locator('section').count()).toBeLessThan(20);
    await page.getByLabel(t.jumpToDay).fill('200');
    await page.getByRole('button', { name: t.jump, exact: true }).click();
    await region('Day 200').waitFor();
    await expect
      .poll(() => text('Day 200').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.type('Day 200: one slow breath before you begin.');
    expect(await region('Day 200').getByTestId('message-counter').textContent()).toBe('42/160');
    await screenshot(page, 'products-editor-365-days', { fullPage: false });
  });
});
