import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mappingProblem, proposeMapping } from '../../shared/contact-import';
import {
  importListResponse,
  importPreviewResponse,
  importReportResponse,
  importResponse,
  importStartedResponse,
} from '../../shared/responses/contact-imports';
import {
  importForm,
  importOptionsSchema,
  importPreviewForm,
} from '../../shared/validation/contact-import';
import { serverTexts } from '../texts';
import { badRequest, notFound } from '../http/errors';
import { csvAnswer, sendCsv } from '../http/csv-answer';
import { engineClock } from '../delivery/engine';
import { readByHandler } from '../http/openapi-schemas';
import { idParams } from '../http/path-ids';
import { parseInput } from '../http/validate';
import { scanFile } from '../imports/scan';
import { optinAllowance, optinPolicy } from '../outbox/optin';
import { IMPORT_FORM_LIMITS, readImportUpload } from '../imports/upload';
import { importReportCsv } from '../services/contact-import-report';
import {
  getImport,
  importForReport,
  listImportsUnderWay,
  queueImport,
} from '../services/contact-imports';

const t = serverTexts.contactImport;
const importParams = idParams(t.notFound);
const tags = ['Contact imports'];

/**
 * Importing contacts from a CSV or XLSX file: a preview that stores nothing, the
 * import queued for the background runner, its progress, and the report of the rows it left out.
 * Any signed-in admin or host may use them. Every import is visible to every one of them, like
 * the contacts list itself: a host already reads every contact, hosts and admins among them, and
 * staff who share the list should see an import under way before starting the same file again.
 * What a host's file may create (participants only) is decided row by row by the runner.
 */
export const contactImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const optin = optinPolicy(app.config, engineClock(app.config));
  await app.register(fastifyMultipart, { limits: IMPORT_FORM_LIMITS });

  app.post(
    '/contacts/imports/preview',
    {
      schema: {
        summary:
          "A file's columns, the mapping proposed for them and its first rows (nothing is stored)",
        tags,
        consumes: ['multipart/form-data'],
        body: readByHandler(importPreviewForm),
        response: { 200: importPreviewResponse },
      },
    },
    async (request) => {
      const { filename, format, content } = await readImportUpload(request);
      const scanned = await scanFile(content, format);
      return {
        preview: {
          filename,
          format,
          columns: scanned.columns,
          mapping: proposeMapping(scanned.columns),
          rows: scanned.firstRows,
          total: scanned.total,
          optinAllowance: await optinAllowance(app.db, request.user.id, optin),
        },
      };
    },
  );

  app.post(
    '/contacts/imports',
    {
      schema: {
        summary: 'Import contacts from a file, in the background (202: queued)',
        tags,
        consumes: ['multipart/form-data'],
        body: readByHandler(importForm),
        response: { 202: importStartedResponse },
      },
    },
    async (request, reply) => {
      const { filename, format, content, fields } = await readImportUpload(request);
      const options = parseInput(importOptionsSchema, fields);
      const scanned = await scanFile(content, format);
      const problem = mappingProblem(options.mapping, scanned.columns.length);
      if (problem) throw badRequest(problem, [{ field: 'mapping', message: problem }]);
      const started = await queueImport(app.db, {
        createdBy: request.user.id,
        importerRole: request.user.role,
        filename,
        format,
        content,
        columns: scanned.columns,
        ...options,
        total: scanned.total,
        nextRow: scanned.headerRow + 1,
      });
      return reply.code(202).send({ import: started });
    },
  );

  app.get(
    '/contacts/imports',
    {
      schema: {
        summary: 'The imports under way (queued or running), oldest first',
        tags,
        response: { 200: importListResponse },
      },
    },
    async () => ({ imports: await listImportsUnderWay(app.db) }),
  );

  app.get(
    '/contacts/imports/:id',
    {
      schema: {
        summary: "An import's progress, counts and first problems",
        tags,
        params: importParams,
        response: { 200: importResponse },
      },
    },
    async (request) => {
      const found = await getImport(app.db, request.params.id);
      if (!found) throw notFound(t.notFound);
      return { import: found };
    },
  );

  app.get(
    '/contacts/imports/:id/report',
    {
      schema: {
        summary: 'The rows of an import that were not imported, with the reason, as CSV',
        tags,
        params: importParams,
        response: { 200: csvAnswer(importReportResponse) },
      },
    },
    async (request, reply) => {
      const found = await importForReport(app.db, request.params.id);
      if (!found) throw notFound(t.notFound);
      const day = found.createdAt.toISOString().slice(0, 10);
      const filename = `contacts-import-${day}-not-imported.csv`;
      return sendCsv(reply, filename, importReportCsv(app.db, found));
    },
  );
};
