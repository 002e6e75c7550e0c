import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { formatMessage } from '../../shared/format';
import { MAX_PER_PAGE } from '../../shared/validation/list';
import { serverTexts } from '../texts';
import { listInBatches, readList, type ListDefinition } from '../db/list-page';
import { pageOf, type ListParams } from '../services/list';
import { badRequest } from './errors';
import { WHOLE_LIST } from './whole-list';
import { beginHeavyRequest } from './heavy-requests';

/**
 * The answer of a list route: with `page`, that page and the total, as the route's schema
 * serializes it; without, the whole list streamed as the same JSON (`{"<key>": [...], "total":
 * n}`, see whole-list.ts), each row written as a page writes it (as it is: see validate.ts's
 * serializerCompiler; `rowSchema` documents it). A whole list is a heavy request
 * (heavy-requests.ts).
 */
export async function answerList<K extends string, Row extends { total: number }, Item>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: K,
  rowSchema: z.ZodType<Item>,
  list: ListDefinition<Row, Item>,
  query: ListParams,
): Promise<(Record<K, Item[]> & { total: number }) | undefined> {
  const window = pageOf(query);
  if (window.limit !== undefined) {
    const { items, total } = await readList(list, window);
    return { [key]: items, total } as Record<K, Item[]> & { total: number };
  }
  beginHeavyRequest(reply);
  const max = request.server.config.wholeListMax;
  const whole = await listInBatches(list, { max, batchSize: WHOLE_LIST.batchSize });
  if (!whole) {
    throw badRequest(formatMessage(serverTexts.server.listTooLong, { max, perPage: MAX_PER_PAGE }));
  }
  // Awaiting the reply (Fastify's way for an async handler that sends) ends with the stream.
  const body = wholeListJson(key, whole, (sent, total) =>
    request.log.info({ sent, total }, 'a whole list stopped: its client went away'),
  );
  await reply.type('application/json; charset=utf-8').send(body);
  return undefined;
}

/**
 * The JSON of a whole list (`{"<key>": [...], "total": n}`) as a stream that reads the next batch
 * only when the one before has been taken: one batch's text waits at a time, so a slow client holds
 * back the reading. Destroyed before its end (the client went away), it reads no more batches and
 * calls `stopped` with how many rows had been sent.
 */
export function wholeListJson<Item>(
  key: string,
  whole: { total: number; batches: AsyncGenerator<Item[]> },
  stopped: (sent: number, total: number) => void,
): Readable {
  async function* json() {
    let sent = 0;
    let ended = false;
    try {
      yield `{${JSON.stringify(key)}:[`;
      for await (const items of whole.batches) {
        if (items.length === 0) continue;
        const rows = items.map((item) => JSON.stringify(item)).join(',');
        yield `${sent > 0 ? ',' : ''}${rows}`;
        sent += items.length;
      }
      yield `],"total":${whole.total}}`;
      ended = true;
    } finally {
      if (!ended) stopped(sent, whole.total);
    }
  }
  return Readable.from(json(), { objectMode: false, highWaterMark: 64 * 1024 });
}
