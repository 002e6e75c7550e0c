/**
 * Contacts, imports and pods: the API's refusals, the import's own file errors and report, the
 * CSV exports' columns and file names.
 */

export const contacts = {
  /**
   * The export's columns of instants, which it writes as the console shows them, in Los
   * Angeles time, with the offset from UTC that makes each one exact.
   */
  exportColumns: {
    createdAt: 'Created (Los Angeles time)',
    lastLogin: 'Last login (Los Angeles time)',
  },
  /** Why an opt-in request cannot go (src/server/outbox/optin.ts). */
  optinRefused: {
    optedOut:
      'This number opted out on %{date}: only its own reply of START or JOIN opts it back in, so Tidings does not ask it.',
    recent:
      'Tidings asked this number to opt in on %{date}; a number is asked at most once every %{days} days, so the next request can go on %{next}.',
    limit:
      'You have sent %{max} opt-in requests in the last hour, the most allowed (OPTIN_HOURLY_LIMIT). Please try again in %{minutes} minute(s).',
  },
  duplicateEmail: 'A contact with this email address already exists.',
  notFound: 'Contact not found',
  permissions: {
    lastAdmin:
      'Tidings needs at least one active admin who can sign in. Make another contact an admin first.',
  },
} as const;

/** Importing contacts: why a whole file is refused, a row's refusals and the report's columns. */
export const contactImport = {
  /** Columns the report adds after the file's own: the row's number in the file, and why. */
  reportRow: 'Row',
  reportReason: 'Reason',
  /** Why a whole file is refused. */
  fileRequired: 'Choose a .csv or .xlsx file to import.',
  tooManyRows: 'This file has more than %{max} rows. Split it into smaller files and import each.',
  tooManyColumns: 'This file has more than %{max} columns.',
  unreadableCsv: 'This file could not be read as CSV: %{reason}',
  unreadableXlsx: 'This file could not be read as an Excel workbook (.xlsx).',
  unpackedTooLarge:
    'This workbook unpacks to more than %{mb} MB, more than a list of contacts holds. Save it as CSV, or split it into smaller files.',
  noHeader: 'The file is empty: its first row must name the columns.',
  noRows: 'The file has no rows below its header row.',
  oneFileOnly: 'Send one file at a time.',
  malformed: 'The upload could not be read. Please choose the file again.',
  alreadyExists: 'A contact with this email address already exists',
  nothingToFill: 'A contact with this email address already exists and has no empty field to fill',
  staffByAdminsOnly:
    'The contact with this email address is a host or an admin: only admins can change them',
  notFound: 'Import not found',
  /** An import that could not go on (the rows before it are saved). */
  stoppedAt: 'The import stopped at row %{row}: %{reason}',
  gaveUp: 'the server could not write it in %{attempts} attempts (see its log)',
} as const;

export const pods = {
  alreadyActiveMember: 'This contact is already an active member of this pod.',
  notAMember: 'This contact is not an active member of this pod.',
  duplicatePodId: 'A pod with the ID "%{podId}" already exists.',
  unknownContacts: 'These contacts do not exist: %{ids}',
  participantsOnly: 'Only participants can be pod members: %{names}',
} as const;

/**
 * The consent report (issue 26): a contact's consent log, or that of a program's participants,
 * as CSV (GET /api/contacts/{id}/consent.csv, GET /api/programs/{id}/consent.csv).
 */
export const consentReport = {
  /** The file's name when the record's own name gives no letter or digit to name it by. */
  contactFile: 'contact',
  programFile: 'program',
  tooLong:
    'This consent report has more than %{max} rows, too many to download at once (WHOLE_LIST_MAX).',
} as const;
