/** Importing contacts from a CSV or XLSX file: the dialog, and the rules of a row and options. */
export const contactImport = {
  open: 'Import contacts',
  title: 'Import contacts',
  chooseFile: 'Choose a file',
  fileHint:
    'A .csv or .xlsx file of up to %{mb} MB and %{rows} rows. Its first row must name the columns.',
  reading: 'Reading the file...',
  rowsInFile: '%{count} rows in %{file}',
  mappingTitle: 'Columns',
  mappingHint: 'Choose the field each column fills. Email, first name and last name are needed.',
  column: 'Column',
  field: 'Field',
  skipColumn: 'Do not import',
  previewTitle: 'Preview: the first %{count} rows as they will be saved',
  row: 'Row',
  problems: 'Problems',
  /** One of a previewed row's problems, after the field's label. */
  fieldProblem: '%{field}: %{message}',
  ready: 'Ready',
  duplicatesTitle: 'When a contact with the same email already exists',
  duplicateRules: {
    skip: 'Skip the row',
    update: "Fill in the contact's empty fields",
  },
  sendOptin: 'Send the opt-in message to imported participants with a phone',
  sendOptinHelp: 'Each one is asked to reply JOIN; messages go out at the delivery pace.',
  /** Under the opt-in box: how many requests may go (OPTIN_HOURLY_LIMIT), before it starts. */
  optinAllowance:
    'You can send %{remaining} more opt-in requests this hour (%{limit} an hour): up to %{remaining} new participants with a phone are asked. Numbers that opted out, were asked in the last %{days} days or are outside %{countries} are not.',
  optinAllowanceNone:
    'You have sent %{limit} opt-in requests in the last hour, the most allowed: this import sends none.',
  /** After an import that asked for opt-in requests. */
  optinCounts:
    '%{queued} opt-in requests queued; %{withheld} not sent (the number opted out, was asked in the last %{days} days or is abroad, or the hourly limit was reached).',
  start: 'Import %{count} rows',
  starting: 'Starting...',
  chooseAnother: 'Choose another file',
  cancel: 'Cancel',
  close: 'Close',
  closeHint: 'You may close this window: the import goes on, and the contacts list shows it.',
  statuses: {
    queued: 'Waiting to start',
    running: 'Importing',
    done: 'Import finished',
    failed: 'Import stopped',
  },
  progress: '%{processed} of %{total} rows',
  counts: '%{created} created, %{updated} updated, %{skipped} not imported',
  /** While the dialog polls an import and a poll fails; the next one may answer. */
  progressUnavailable: 'The progress could not be read just now; trying again.',
  /** One of the first problems listed when an import ends. */
  problemLine: 'Row %{row}, %{field}: %{message}',
  moreProblems: 'And %{count} more: the report lists every row not imported.',
  downloadReport: 'Download the rows not imported (CSV)',
  reportFailed: 'The report could not be downloaded. Please try again.',
  inProgress: 'Importing %{file}: %{processed} of %{total} rows',
  show: 'Show',
  fileType: 'Only .csv and .xlsx files can be imported.',
  fileTooLarge: 'This file is larger than %{mb} MB. Split it into smaller files and import each.',
  /** The file did not reach the server (no answer at all). */
  sendFailed: 'The file could not be sent. Please check your connection and try again.',
  /** The choices sent with the file. */
  mappingInvalid: 'The mapping must give a field, or none, for each of the %{count} columns.',
  mappingUnreadable: 'mapping must be a JSON list of field names (or null), one for each column',
  mappingTwice: '%{field} is chosen for more than one column.',
  mappingRequired: 'Choose the column that holds %{field}.',
  duplicatesInvalid: 'duplicates must be skip or update',
  sendOptinInvalid: 'sendOptin must be true or false',
  /** A row's problems (besides the contact form's own texts). */
  roleInvalid: 'Role must be Participant, Host or Admin',
  statusInvalid: 'Status must be Active, Inactive, Suspended or Deleted',
  hostsImportParticipants: 'Hosts can import participants only',
  duplicateInFile: 'The same email is on row %{row} of this file',
} as const;
