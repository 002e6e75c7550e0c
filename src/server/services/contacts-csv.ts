import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import { DISPLAY_TIME_ZONE } from '../../shared/constants';
import { CSV_BOM, csvLine as line } from '../../shared/csv';
import { messages } from '../../shared/messages';
import { zonedIsoString } from '../../shared/schedule';
import { richTextToPlain } from '../../shared/rich-text';
import { serverTexts } from '../texts';
import { contactsInOrder, type ContactListQuery } from './contacts';

/** The export's header row; an import proposes a field for each column it can (contact-import.ts). */
export const CONTACT_CSV_COLUMNS = [
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
  serverTexts.contacts.exportColumns.createdAt,
  serverTexts.contacts.exportColumns.lastLogin,
  'Login count',
  messages.contacts.fields.bio,
];

// The escaping is shared with the console's CSV; its tests import it from here.
export { csvField } from '../../shared/csv';

/** The contacts matching `query`, as a CSV stream read from the database batch by batch. */
export function contactsCsv(db: Db, query: ContactListQuery): Readable {
  async function* lines() {
    yield `${CSV_BOM}${line(CONTACT_CSV_COLUMNS)}`;
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
        zonedIsoString(c.createdAt, DISPLAY_TIME_ZONE),
        c.lastLoginAt ? zonedIsoString(c.lastLoginAt, DISPLAY_TIME_ZONE) : null,
        c.loginCount,
        // Plain text: a spreadsheet shows markup as it is. One line per paragraph and list item.
        richTextToPlain(c.bio),
      ]);
    }
  }
  return Readable.from(lines());
}
