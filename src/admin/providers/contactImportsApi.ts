import type { DuplicateRule, ImportMapping, ImportStatus } from '../../shared/contact-import';
import type {
  ContactImport,
  ContactImportSummary,
  ImportPreview,
} from '../../shared/responses/contact-imports';
import { fetchFile, httpClient } from './httpClient';

/**
 * The contact import's calls. The console's pages do not reach them through the data
 * provider: only the import dialog and the contacts list use them, so they load with those chunks
 * rather than with the first page.
 */

const IMPORTS = '/contacts/imports';
const importPath = (id: string) => `${IMPORTS}/${encodeURIComponent(id)}`;

/** POST /api/contacts/imports/preview: the file's columns, the proposed mapping, its first rows. */
export async function previewContactImport(file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { json } = await httpClient(`${IMPORTS}/preview`, { method: 'POST', body: form });
  return (json as { preview: ImportPreview }).preview;
}

export interface ImportChoices {
  mapping: ImportMapping;
  duplicates: DuplicateRule;
  sendOptin: boolean;
}

/** POST /api/contacts/imports: the same file again, with the choices made on its preview. */
export async function startContactImport(
  file: File,
  { mapping, duplicates, sendOptin }: ImportChoices,
): Promise<{ id: string; status: ImportStatus }> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('mapping', JSON.stringify(mapping));
  form.append('duplicates', duplicates);
  form.append('sendOptin', String(sendOptin));
  const { json } = await httpClient(IMPORTS, { method: 'POST', body: form });
  return (json as { import: { id: string; status: ImportStatus } }).import;
}

/** GET /api/contacts/imports: the imports under way (queued or running). */
export async function listContactImports(): Promise<ContactImportSummary[]> {
  const { json } = await httpClient(IMPORTS);
  return (json as { imports: ContactImportSummary[] }).imports;
}

/** GET /api/contacts/imports/{id}: its progress, counts and first problems. */
export async function getContactImport(id: string): Promise<ContactImport> {
  const { json } = await httpClient(importPath(id));
  return (json as { import: ContactImport }).import;
}

/** GET /api/contacts/imports/{id}/report: the rows not imported, as CSV. */
export function downloadContactImportReport(id: string): Promise<{ blob: Blob; filename: string }> {
  return fetchFile(`${importPath(id)}/report`, 'contacts-not-imported.csv');
}
