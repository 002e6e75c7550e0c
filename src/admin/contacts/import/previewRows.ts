import type { Role } from '../../../shared/constants';
import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '../../../shared/contact-import';
import type { ImportPreview } from '../../../shared/responses/contact-imports';
import { messages } from '../../../shared/messages';
import { formatMessage } from '../../../shared/format';
import type { ImportedContact } from '../../../shared/validation/contact';
import { importRow } from '../../../shared/validation/contact-import';

/** Fields a saved contact always has a value for, mapped or not: the preview shows them all. */
const DEFAULTED: readonly ImportField[] = ['role', 'status', 'country'];

/** The preview's columns after the row number: the mapped fields and the defaulted ones, in form order. */
export const previewFields = (mapping: ImportMapping): ImportField[] =>
  IMPORT_FIELDS.filter((field) => mapping.includes(field) || DEFAULTED.includes(field));

export interface PreviewRow {
  /** The row's number in the file, as a spreadsheet shows it. */
  row: number;
  /** Each field as it will be saved; a row with problems shows its cells as the file has them. */
  values: Record<ImportField, string>;
  problems: { field: ImportField; message: string }[];
}

function savedValues(contact: ImportedContact): Record<ImportField, string> {
  const { address } = contact;
  return {
    email: contact.email,
    firstName: contact.firstName,
    lastName: contact.lastName,
    phone: contact.phone ?? '',
    role: messages.contacts.roles[contact.role],
    status: messages.contacts.statuses[contact.status],
    street: address.street,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    country: address.country,
    bio: contact.bio,
  };
}

function fileValues(cells: readonly string[], mapping: ImportMapping) {
  return Object.fromEntries(
    IMPORT_FIELDS.map((field) => {
      const column = mapping.indexOf(field);
      return [field, column < 0 ? '' : (cells[column] ?? '').trim()];
    }),
  ) as Record<ImportField, string>;
}

/**
 * The previewed rows as the import will treat them: each through `importRow`, the rule the server
 * applies, and a row whose email a row above already brings marked as the import marks it.
 */
export function previewRows(
  rows: ImportPreview['rows'],
  mapping: ImportMapping,
  importerRole: Role,
): PreviewRow[] {
  const firstRowOf = new Map<string, number>();
  return rows.map(({ row, cells }) => {
    const { contact, problems } = importRow(cells, mapping, importerRole);
    if (!contact) return { row, values: fileValues(cells, mapping), problems };
    const first = firstRowOf.get(contact.email);
    if (first === undefined) {
      firstRowOf.set(contact.email, row);
      return { row, values: savedValues(contact), problems };
    }
    const message = formatMessage(messages.contactImport.duplicateInFile, { row: first });
    return { row, values: savedValues(contact), problems: [{ field: 'email', message }] };
  });
}
