import { z } from 'zod';
import {
  DUPLICATE_RULES,
  headerKey,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '../contact-import';
import type { ImportProblem } from '../responses/contact-imports';
import { rolesManagedBy } from '../contact';
import { CONTACT_STATUSES, DEFAULT_COUNTRY, LIMITS, ROLES, type Role } from '../constants';
import { messages } from '../messages';
import { hasNonText } from '../text';
import { importedContactSchema, type ImportedContact } from './contact';

const t = messages.contactImport;

/**
 * A role or status as a spreadsheet holds it: the value or the console's label, in any case
 * ('Participant', 'HOST'); blank is the default, anything else null.
 */
function choiceOf<T extends string>(
  cell: string,
  values: readonly T[],
  labels: Record<T, string>,
  fallback: T,
): T | null {
  if (cell === '') return fallback;
  const key = headerKey(cell);
  return (
    values.find((value) => headerKey(value) === key || headerKey(labels[value]) === key) ?? null
  );
}

export interface ImportRowResult {
  /** The contact as it will be saved, or null when the row has problems. */
  contact: ImportedContact | null;
  problems: Omit<ImportProblem, 'row'>[];
}

/**
 * One row of a file as it will be saved, by the contact form's own rules: the cells of its mapped
 * columns, trimmed; role and status by value or label (participant and active when blank); the
 * default country when none is given; the phone in E.164. A host's file may hold participants
 * only. The dialog's preview and the server's import both read rows through this one function.
 */
export function importRow(
  cells: readonly string[],
  mapping: ImportMapping,
  importerRole: Role,
): ImportRowResult {
  const cell = (field: ImportField) => {
    const column = mapping.indexOf(field);
    return column < 0 ? '' : (cells[column] ?? '').trim();
  };
  const problems: ImportRowResult['problems'] = [];
  /** A field's first problem is the one shown, as in the form. */
  const problem = (field: ImportField, message: string) => {
    if (!problems.some((known) => known.field === field)) problems.push({ field, message });
  };
  // What the API refuses in any text (control characters, half surrogate pairs), a file may not
  // bring in either.
  for (const field of IMPORT_FIELDS) {
    if (hasNonText(cell(field))) problem(field, messages.server.invalidCharacters);
  }
  const role = choiceOf(cell('role'), ROLES, messages.contacts.roles, 'participant');
  if (!role) problem('role', t.roleInvalid);
  else if (!rolesManagedBy(importerRole).includes(role)) problem('role', t.hostsImportParticipants);
  const status = choiceOf(cell('status'), CONTACT_STATUSES, messages.contacts.statuses, 'active');
  if (!status) problem('status', t.statusInvalid);

  const parsed = importedContactSchema.safeParse({
    email: cell('email'),
    firstName: cell('firstName'),
    lastName: cell('lastName'),
    phone: cell('phone'),
    role: role ?? 'participant',
    status: status ?? 'active',
    address: {
      street: cell('street'),
      city: cell('city'),
      state: cell('state'),
      zipCode: cell('zipCode'),
      country: cell('country') || DEFAULT_COUNTRY,
    },
    bio: cell('bio'),
  });
  // Address fields are nested in the contact; in a file each is a column of its own.
  for (const issue of parsed.error?.issues ?? []) {
    problem(String(issue.path.at(-1)) as ImportField, issue.message);
  }
  problems.sort((a, b) => IMPORT_FIELDS.indexOf(a.field) - IMPORT_FIELDS.indexOf(b.field));
  return { contact: parsed.success && problems.length === 0 ? parsed.data : null, problems };
}

const mappingEntry = z.enum(IMPORT_FIELDS).nullable();

/** The mapping as the form sends it: a JSON list, one field name (or null) per column; required. */
const mappingField = z.string({ error: t.mappingUnreadable }).transform((text, ctx) => {
  try {
    const parsed = z
      .array(mappingEntry)
      .max(LIMITS.importColumns)
      .safeParse(JSON.parse(text) as unknown);
    if (parsed.success) return parsed.data satisfies ImportMapping;
  } catch {
    // Not JSON: the same answer as JSON of the wrong shape.
  }
  ctx.addIssue({ code: 'custom', message: t.mappingUnreadable });
  return z.NEVER;
});

/**
 * POST /api/contacts/imports: the choices sent beside the file, as multipart text fields. The
 * mapping's fit to the file's columns is checked once the file is read (mappingProblem).
 */
export const importOptionsSchema = z.object({
  mapping: mappingField,
  duplicates: z.enum(DUPLICATE_RULES, { error: t.duplicatesInvalid }).default('skip'),
  sendOptin: z
    .enum(['true', 'false'], { error: t.sendOptinInvalid })
    .default('false')
    .transform((value) => value === 'true'),
});

export type ImportOptions = z.output<typeof importOptionsSchema>;

/** The two multipart forms, as the API's reference describes them (the server reads them itself). */
export const importPreviewForm = z.object({
  file: z.file().describe('A .csv or .xlsx file; its first row names the columns'),
});

export const importForm = z.object({
  file: z.file().describe('The same file as previewed'),
  mapping: z
    .string()
    .describe(
      `A JSON list with one entry per column: a field (${IMPORT_FIELDS.join(', ')}) or null`,
    ),
  duplicates: z.enum(DUPLICATE_RULES).optional().describe('skip (the default) or update'),
  sendOptin: z
    .enum(['true', 'false'])
    .optional()
    .describe('true queues the opt-in message to imported participants with a phone'),
});
