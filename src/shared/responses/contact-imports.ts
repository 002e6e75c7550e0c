import { z } from 'zod';
import {
  DUPLICATE_RULES,
  IMPORT_FIELDS,
  IMPORT_FORMATS,
  IMPORT_STATUSES,
  type ContactImport,
  type ContactImportSummary,
  type ImportPreview,
} from '../contact-import';

const time = z.iso.datetime();
const count = z.number().int().min(0);

const summarySchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: count,
  processed: count,
  created: count,
  updated: count,
  skipped: count,
  createdAt: time,
}) satisfies z.ZodType<ContactImportSummary>;

const importSchema = summarySchema.extend({
  duplicates: z.enum(DUPLICATE_RULES),
  sendOptin: z.boolean(),
  errors: z.array(
    z.object({ row: z.number().int(), field: z.enum(IMPORT_FIELDS), message: z.string() }),
  ),
  errorCount: count,
  optinsQueued: count,
  optinsWithheld: count,
  error: z.string().nullable(),
  finishedAt: time.nullable(),
}) satisfies z.ZodType<ContactImport>;

/** POST /api/contacts/imports/preview. */
export const importPreviewResponse = z.object({
  preview: z.object({
    filename: z.string(),
    format: z.enum(IMPORT_FORMATS),
    columns: z.array(z.string()),
    mapping: z.array(z.enum(IMPORT_FIELDS).nullable()),
    rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
    total: count,
    optinAllowance: z.object({ limit: count, remaining: count, countries: z.array(z.string()) }),
  }) satisfies z.ZodType<ImportPreview>,
});

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
