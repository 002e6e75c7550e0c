import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { startServer, type RunningServer } from '../helpers/server';
import { launchChromium, screenshot } from './helpers/browser';
import { signIn } from './helpers/session';

const t = messages.contactImport;
const ADMIN = { ADMIN_EMAIL: 'ida@example.org', ADMIN_PASSWORD: 'an import admin password' };
const ROWS = 500;
/** The three bad rows, by their number in the file (the header is row 1), and why each is bad. */
const BAD: Record<number, [cells: string[], reason: string]> = {
  6: [['not-an-email', 'Bad', 'Email', '5035550100'], `Email: ${messages.contacts.emailInvalid}`],
  250: [
    ['short.phone@example.org', 'Short', 'Phone', '555-0100'],
    `Phone: ${messages.contacts.phoneTooShort}`,
  ],
  480: [
    ['no.name@example.org', '', 'Name', ''],
    `First name: ${messages.contacts.firstNameRequired}`,
  ],
};

/** 500 participants, three of them with a problem, as staff would export them from a spreadsheet. */
function importFile(): Buffer {
  const lines = ['Email,First name,Last name,Phone'];
  for (let row = 2; row <= ROWS + 1; row++) {
    const cells = BAD[row]?.[0] ?? [
      `member${row}@example.org`,
      `Member${row}`,
      'Import',
      `(503) 555-${String(row).padStart(4, '0')}`,
    ];
    lines.push(cells.join(','));
  }
  return Buffer.from(lines.join('\r\n'));
}

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // Small batches, so the progress bar has steps to show on a 500-row file.
  server = await startServer({ ...ADMIN, IMPORT_BATCH_SIZE: '25' });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('importing contacts in the browser', () => {
  it('imports a 500-row file with three bad rows, shows its progress and downloads the report', async () => {
    await page.goto(`${server.url}/contacts`);
    await page.getByText('Showing 1 of 1 contacts').waitFor();
    await page.getByRole('button', { name: t.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: importFile() });

    // The mapping proposed from the header, and the preview with row 6's problem in the spec's words.
    await dialog
      .getByText(formatMessage(t.rowsInFile, { count: '500', file: 'members.csv' }))
      .waitFor();
    await expect(dialog.getByText(messages.contacts.emailInvalid).count()).resolves.toBeGreaterThan(
      0,
    );
    await expect(dialog.getByText('+15035550002').count()).resolves.toBe(1);
    await screenshot(page, 'contact-import-preview');

    // Every value the progress bar takes until the import is done.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const record = () => {
        const bar = document.querySelector('[role="dialog"] [role="progressbar"][aria-valuenow]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && seen.at(-1) !== value) seen.push(value);
        requestAnimationFrame(record);
      };
      record();
    });
    await dialog.getByRole('button', { name: formatMessage(t.start, { count: '500' }) }).click();
    await dialog.getByText(t.statuses.done).waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    await dialog
      .getByText(formatMessage(t.counts, { created: '497', updated: '0', skipped: '3' }))
      .waitFor();
    await screenshot(page, 'contact-import-done');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: t.downloadReport }).click(),
    ]);
    const report = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = report.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      `Email,First name,Last name,Phone,${serverTexts.contactImport.reportRow},${serverTexts.contactImport.reportReason}`,
    );
    expect(lines.slice(1)).toEqual(
      Object.entries(BAD).map(([row, [cells, reason]]) => `${cells.join(',')},${row},${reason}`),
    );

    await dialog.getByRole('button', { name: t.close }).click();
    await page.getByText('Showing 25 of 498 contacts').waitFor();
  });
});
