import type { FastifyRequest } from 'fastify';
import { importFormatOf, type ImportFormat } from '../../shared/contact-import';
import { LIMITS } from '../../shared/constants';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { serverTexts } from '../texts';
import { badRequest, payloadTooLarge } from '../http/errors';
import { displayName } from '../media/store';

const t = messages.contactImport;
/** The file's own refusals, which only the server makes (the dialog checks the type and size). */
const refusals = serverTexts.contactImport;

/**
 * The multipart plugin's limits for an import form (registered by the route plugin): one file of
 * at most the size accepted, read into memory, and a few short text fields beside it. The mapping
 * of 200 columns is under 3 KB; a longer field is cut, and what is left of it refused as the
 * field's own value.
 */
export const IMPORT_FORM_LIMITS = {
  files: 1,
  fileSize: LIMITS.importBytes,
  fields: 10,
  fieldSize: 64 * 1024,
};

/** An import form as read: its file (the name cleaned to a label) and its text fields. */
export interface ImportUpload {
  filename: string;
  format: ImportFormat;
  content: Buffer;
  /** By name; a field sent twice keeps its last value. */
  fields: Record<string, string>;
}

/** A fault reading the form: a second file, or a form that is no form (400, never a 500). */
function unreadableForm(error: unknown) {
  const code = (error as { code?: string }).code;
  return badRequest(code === 'FST_FILES_LIMIT' ? refusals.oneFileOnly : refusals.malformed);
}

/**
 * POST /api/contacts/imports and its preview: the form's one file and its text fields, in any
 * order. A file that is not .csv or .xlsx is refused by its name, one over the size limit with 413;
 * what the content holds is read later (scan.ts).
 */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw badRequest(refusals.fileRequired);
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | undefined;
  // The name of the file being read, to tell a large import from a large file of another type.
  let reading = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // A field sent as application/json arrives parsed: its text is what the form meant.
        fields[part.fieldname] =
          typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      // A part of type application/octet-stream is a file even without a name.
      const sentName = (part.filename as string | undefined) ?? '';
      reading = displayName(sentName);
      const content = await part.toBuffer();
      // A file input left empty is sent as a part without a name or content: no file chosen.
      if (sentName !== '' || content.length > 0) file = { filename: reading, content };
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw unreadableForm(error);
    if (!importFormatOf(reading)) throw badRequest(t.fileType);
    throw payloadTooLarge(formatMessage(t.fileTooLarge, { mb: LIMITS.importBytes / 1024 / 1024 }));
  }
  if (!file) throw badRequest(refusals.fileRequired);
  const format = importFormatOf(file.filename);
  if (!format) throw badRequest(t.fileType);
  return { ...file, format, fields };
}
