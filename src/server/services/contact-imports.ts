import { asc, eq, sql } from 'drizzle-orm';
import {
  IMPORT_ERRORS_SHOWN,
  type DuplicateRule,
  type ImportFormat,
  type ImportMapping,
} from '../../shared/contact-import';
import type { ContactImport, ContactImportSummary } from '../../shared/responses/contact-imports';
import type { Role } from '../../shared/constants';
import type { Db } from '../db/client';
import { contactImportRejects, contactImports } from '../db/schema';

/** An import to queue: the file as uploaded and read, and the choices sent with it. */
export interface NewImport {
  createdBy: string;
  importerRole: Role;
  filename: string;
  format: ImportFormat;
  content: Buffer;
  columns: string[];
  mapping: ImportMapping;
  duplicates: DuplicateRule;
  sendOptin: boolean;
  total: number;
  /** The first row below the header. */
  nextRow: number;
}

/** Stores an import for the background runner to take up (status 'queued'). */
export async function queueImport(db: Db, values: NewImport) {
  const [row] = await db
    .insert(contactImports)
    .values({ ...values, status: 'queued' })
    .returning({ id: contactImports.id, status: contactImports.status });
  return row!;
}

/** The columns an import's answers show; never the file, which may be 10 MB. */
const summaryColumns = {
  id: contactImports.id,
  filename: contactImports.filename,
  status: contactImports.status,
  total: contactImports.total,
  processed: contactImports.processed,
  created: contactImports.created,
  updated: contactImports.updated,
  skipped: contactImports.skipped,
  createdAt: contactImports.createdAt,
};

/** GET /api/contacts/imports: the imports queued or running, oldest first. */
export async function listImportsUnderWay(db: Db): Promise<ContactImportSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(contactImports)
    // The very terms of contact_imports_unfinished_idx (literals, not parameters), so the planner
    // can use that partial index.
    .where(sql`${contactImports.status} in ('queued', 'running')`)
    .orderBy(asc(contactImports.createdAt), asc(contactImports.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * GET /api/contacts/imports/{id}: the counts, and the first IMPORT_ERRORS_SHOWN problems in row
 * order (each rejected row has one at least, so as many rows hold enough of them).
 */
export async function getImport(db: Db, id: string): Promise<ContactImport | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      duplicates: contactImports.duplicates,
      sendOptin: contactImports.sendOptin,
      errorCount: contactImports.errorCount,
      optinsQueued: contactImports.optinsQueued,
      optinsWithheld: contactImports.optinsWithheld,
      error: contactImports.error,
      finishedAt: contactImports.finishedAt,
    })
    .from(contactImports)
    .where(eq(contactImports.id, id));
  if (!row) return null;
  const rejects = await db
    .select({ row: contactImportRejects.row, problems: contactImportRejects.problems })
    .from(contactImportRejects)
    .where(eq(contactImportRejects.importId, id))
    .orderBy(asc(contactImportRejects.row))
    .limit(IMPORT_ERRORS_SHOWN);
  const errors = rejects
    .flatMap((reject) => reject.problems.map((problem) => ({ row: reject.row, ...problem })))
    .slice(0, IMPORT_ERRORS_SHOWN);
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    errors,
  };
}

/** What an import's report is made from besides its rejected rows, or null for no import. */
export async function importForReport(db: Db, id: string) {
  const [row] = await db
    .select({
      id: contactImports.id,
      columns: contactImports.columns,
      createdAt: contactImports.createdAt,
    })
    .from(contactImports)
    .where(eq(contactImports.id, id));
  return row ?? null;
}
