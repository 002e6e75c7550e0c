import { z } from 'zod';
import { DUPLICATE_RULES, IMPORT_FIELDS, IMPORT_FORMATS, IMPORT_STATUSES } from '../contact-import';

const time = z.iso.datetime();
const count = z.number().int().min(0);

/** One of a row's problems; `row` is its number in the file as a spreadsheet shows it (header: 1). */
const importProblemSchema = z.object({
  row: z.number().int(),
  field: z.enum(IMPORT_FIELDS),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** An import as the list of imports under way shows it. */
const summarySchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Rows in the file below the header, blank rows aside. */
  total: count,
  processed: count,
  created: count,
  updated: count,
  /** Rows not imported: with problems, repeated in the file, or already contacts (see the rule). */
  skipped: count,
  createdAt: time,
});
export type ContactImportSummary = z.infer<typeof summarySchema>;

/** GET /api/contacts/imports/{id}. */
const importSchema = summarySchema.extend({
  duplicates: z.enum(DUPLICATE_RULES),
  sendOptin: z.boolean(),
  /** The first problems, in row order (at most IMPORT_ERRORS_SHOWN); the report has every one. */
  errors: z.array(importProblemSchema),
  errorCount: count,
  /** Opt-in requests queued for created participants, and those the limits held back. */
  optinsQueued: count,
  optinsWithheld: count,
  /** Why a failed import stopped. */
  error: z.string().nullable(),
  finishedAt: time.nullable(),
});
export type ContactImport = z.infer<typeof importSchema>;

/** POST /api/contacts/imports/preview: the file's columns, the proposed mapping, its first rows. */
const importPreviewSchema = z.object({
  filename: z.string(),
  format: z.enum(IMPORT_FORMATS),
  columns: z.array(z.string()),
  mapping: z.array(z.enum(IMPORT_FIELDS).nullable()),
  rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  total: count,
  /**
   * The opt-in requests the importer may still queue this hour (OPTIN_HOURLY_LIMIT): an import
   * asks the first `remaining` new participants with a phone, as the limits allow when it runs;
   * and the countries (SMS_ALLOWED_COUNTRIES, ISO codes) whose numbers may be asked.
   */
  optinAllowance: z.object({ limit: count, remaining: count, countries: z.array(z.string()) }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importPreviewResponse = z.object({ preview: importPreviewSchema });

/** POST /api/contacts/imports: 202, the import queued. */
export const importStartedResponse = z.object({
  import: z.object({ id: z.uuid(), status: z.enum(IMPORT_STATUSES) }),
});

/** GET /api/contacts/imports: the imports under way (queued or running), oldest first. */
export const importListResponse = z.object({ imports: z.array(summarySchema) });

/** GET /api/contacts/imports/{id}. */
export const importResponse = z.object({ import: importSchema });

/** GET /api/contacts/imports/{id}/report. */
export const importReportResponse = z
  .string()
  .describe(
    "The rows not imported, as CSV: the file's own columns, then the row's number in the file and the reason",
  );
