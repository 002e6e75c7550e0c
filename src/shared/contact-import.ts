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
