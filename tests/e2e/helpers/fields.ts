import type { Page } from 'playwright-core';

/** A form field by its label; a required field's label ends with an asterisk. */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

/** Types a date into the MUI X date field of that label, section by section (MM/DD/YYYY). */
export async function typeDate(page: Page, label: string, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${month}${day}${year}`);
}
