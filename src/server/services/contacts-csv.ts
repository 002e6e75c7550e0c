import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import { contactsInOrder, type ContactListQuery } from './contacts';

const COLUMNS = [
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Role',
  'Status',
  'Email verified',
  'Phone verified',
  'Street',
  'City',
  'State',
  'Zip code',
  'Country',
  'Created',
  'Last login',
  'Login count',
];

/**
 * One CSV field. Quotes double, the field is quoted when it must be, and a value that a spreadsheet
 * would run as a formula (=, +, -, @ at the start) is prefixed with an apostrophe.
 */
export function csvField(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (values: (string | number | boolean | null)[]) =>
  `${values.map(csvField).join(',')}\r\n`;

/** The contacts matching `query`, as a CSV stream read from the database page by page. */
export function contactsCsv(db: Db, query: ContactListQuery): Readable {
  async function* lines() {
    yield `\uFEFF${line(COLUMNS)}`;
    for await (const c of contactsInOrder(db, query)) {
      yield line([
        c.firstName,
        c.lastName,
        c.email,
        c.phone,
        c.role,
        c.status,
        c.emailVerified,
        c.smsVerified,
        c.street,
        c.city,
        c.state,
        c.zipCode,
        c.country,
        c.createdAt.toISOString(),
        c.lastLoginAt?.toISOString() ?? null,
        c.loginCount,
      ]);
    }
  }
  return Readable.from(lines());
}
