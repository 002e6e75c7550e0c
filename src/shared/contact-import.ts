import { formatMessage } from './format';
import { messages } from './messages';

/**
 * The contact fields a spreadsheet column can fill. Never a password, a verified email or a
 * verified phone: consent and sign-in come from the person, not from a file.
 */
export const IMPORT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'role',
  'status',
  'street',
  'city',
  'state',
  'zipCode',
  'country',
  'bio',
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Each column's field, by position; `null` leaves the column out. */
export type ImportMapping = (ImportField | null)[];

/** A header as compared: case, accents, spaces and punctuation aside ('E-mail Address' → 'emailaddress'). */
export const headerKey = (header: string): string =>
  header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * What spreadsheets call each field besides the console's own label, which is also the contacts
 * export's header, so an exported file maps back onto its fields as it is.
 */
const OTHER_NAMES: Record<ImportField, readonly string[]> = {
  email: ['e-mail', 'email address', 'mail'],
  firstName: ['first', 'given name', 'forename'],
  lastName: ['last', 'surname', 'family name'],
  phone: ['phone number', 'mobile', 'mobile phone', 'cell', 'cell phone', 'telephone', 'tel'],
  role: [],
  status: [],
  street: ['address', 'street address', 'address line 1'],
  city: ['town'],
  state: ['province', 'region'],
  zipCode: ['zip', 'postal code', 'postcode'],
  country: [],
  bio: ['bio', 'notes', 'note'],
};

const FIELD_BY_KEY: ReadonlyMap<string, ImportField> = new Map(
  IMPORT_FIELDS.flatMap((field) =>
    [messages.contacts.fields[field], field, ...OTHER_NAMES[field]].map(
      (name) => [headerKey(name), field] as const,
    ),
  ),
);

/**
 * The mapping Tidings proposes for a file's header row: each column whose header names a field,
 * that field; the rest, none. A field goes to the first column that names it, so a second 'Email'
 * column is left out rather than overwriting the first. The user may change any of it.
 */
export function proposeMapping(headers: readonly string[]): ImportMapping {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = FIELD_BY_KEY.get(headerKey(header));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The fields a mapping must fill: a contact has no email or name otherwise. */
export const REQUIRED_IMPORT_FIELDS = ['email', 'firstName', 'lastName'] as const;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** queued → running → done, or failed when the file turns out unreadable part-way. */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A row whose email is already a contact's: left alone, or its empty fields filled in. */
export const DUPLICATE_RULES = ['skip', 'update'] as const;
export type DuplicateRule = (typeof DUPLICATE_RULES)[number];

/**
 * The format of a file by its name's extension; null for anything else. The server also checks
 * the content (an .xlsx is a ZIP archive; a CSV holds no NUL bytes).
 */
export function importFormatOf(filename: string): ImportFormat | null {
  const extension = /\.([^./\\]+)$/.exec(filename.toLowerCase())?.[1];
  return extension === 'csv' || extension === 'xlsx' ? extension : null;
}

/**
 * What is wrong with a mapping for a file of `columnCount` columns, in the dialog's words, or null:
 * one entry per column, no field twice, and email and both names chosen.
 */
export function mappingProblem(mapping: ImportMapping, columnCount: number): string | null {
  const t = messages.contactImport;
  if (mapping.length !== columnCount) {
    return formatMessage(t.mappingInvalid, { count: columnCount });
  }
  const chosen = mapping.filter((field): field is ImportField => field !== null);
  const twice = chosen.find((field, index) => chosen.indexOf(field) !== index);
  if (twice) return formatMessage(t.mappingTwice, { field: messages.contacts.fields[twice] });
  const missing = REQUIRED_IMPORT_FIELDS.find((field) => !chosen.includes(field));
  return missing
    ? formatMessage(t.mappingRequired, { field: messages.contacts.fields[missing] })
    : null;
}

/** How many of an import's problems its GET answer lists; the report CSV holds them all. */
export const IMPORT_ERRORS_SHOWN = 100;
