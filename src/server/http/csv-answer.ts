import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { beginHeavyRequest } from './heavy-requests';
import { describedAs } from './openapi-schemas';

/** A route's answer that is a CSV file streamed, documented in the reference as `described`. */
export const csvAnswer = (described: z.ZodString) => ({
  description: described.description,
  content: { 'text/csv': { schema: describedAs(z.custom<Readable>(), described) } },
});

const asCsvFile = (reply: FastifyReply, filename: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`);

/** Sends `csv` as a file to download under `filename`: a heavy request (heavy-requests.ts). */
export function sendCsv(reply: FastifyReply, filename: string, csv: Readable) {
  beginHeavyRequest(reply);
  return asCsvFile(reply, filename).send(csv);
}

/**
 * Sends the CSV file `make` answers, for files that are checked before they start (the record
 * exists, the rows are not too many): the request counts as heavy before `make` reads anything,
 * and a refusal from `make` is answered as any error.
 */
export async function sendCsvOf(
  reply: FastifyReply,
  make: () => Promise<{ filename: string; csv: Readable }>,
) {
  beginHeavyRequest(reply);
  const { filename, csv } = await make();
  return asCsvFile(reply, filename).send(csv);
}
