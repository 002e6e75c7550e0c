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

/** Sends `csv` as a file to download under `filename`: a heavy request (heavy-requests.ts). */
export function sendCsv(reply: FastifyReply, filename: string, csv: Readable) {
  beginHeavyRequest(reply);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
