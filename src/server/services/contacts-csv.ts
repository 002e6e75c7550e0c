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

/** A phone number as Tidings stores it: a formula of nothing but a number, so safe as it is. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Where a spreadsheet could start a cell with a formula: at the start of the value or after a
 * character it may split cells on (`,` `;` tab, a line break, `|`), then after any spaces (which it
 * trims), a formula character (`=` `+` `-` `@`, or a tab or carriage return that it may strip).
 * Hyphens inside ordinary text ('Mary-Jane', 'Portland - OR') start no cell and are left alone.
 */
const FORMULA_START = /(?<=^|[,;\t\r\n|])( *)(?=[=+\-@\t\r])/g;

/**
 * One CSV field. Quotes double, and the field is quoted when it must be. A value that a spreadsheet
 * would run as a formula gets an apostrophe wherever a cell could start, except a plain E.164
 * phone number: it is quoted so that importers that honour quotes keep it as text with its `+`.
 */
export function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  if (E164.test(text)) return `"${text}"`;
  const defused = text.replace(FORMULA_START, "$1'");
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

const line = (values: (string | number | boolean | null)[]) =>
  `${values.map(csvField).join(',')}\r\n`;

/** The contacts matching `query`, as a CSV stream read from the database batch by batch. */
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
