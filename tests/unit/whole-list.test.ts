import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/errors';
import { beginHeavyRequest, HEAVY_REQUESTS } from '../../src/server/http/heavy-requests';
import { wholeListJson } from '../../src/server/http/list-answer';

/** A whole list's stream, and the count of heavy requests, on their own. */

/** `count` batches of `size` rows (of `text` each), counting how many were read. */
function batches(count: number, size: number, text?: string) {
  const read = { batches: 0 };
  async function* generate() {
    for (let b = 0; b < count; b++) {
      read.batches += 1;
      yield Array.from({ length: size }, (_, i) => ({ id: b * size + i, text }));
    }
  }
  return { read, whole: { total: count * size, batches: generate() } };
}

describe("a whole list's stream", () => {
  it('is the JSON of every row, written as a page writes it, with the total', async () => {
    const { whole } = batches(3, 2);
    const stopped: number[] = [];
    let text = '';
    for await (const chunk of wholeListJson('items', whole, (sent) => stopped.push(sent))) {
      text += String(chunk);
    }
    expect(JSON.parse(text)).toEqual({
      items: [0, 1, 2, 3, 4, 5].map((id) => ({ id })),
      total: 6,
    });
    expect(stopped).toEqual([]);
  });

  it('reads no more batches once it is destroyed, and says how far it got', async () => {
    // Rows of a contact's size: a batch is more than the stream's buffer holds.
    const { read, whole } = batches(1_000, 500, 'x'.repeat(600));
    const stopped: [number, number][] = [];
    const stream = wholeListJson('items', whole, (sent, total) => stopped.push([sent, total]));
    for await (const _chunk of stream) {
      // The client reads the start, then goes away.
      if (read.batches >= 2) break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(read.batches).toBeLessThanOrEqual(3);
    expect(stopped).toHaveLength(1);
    expect(stopped[0]![0]).toBeLessThan(stopped[0]![1]);
    expect(stopped[0]![1]).toBe(500_000);
  });
});

/** A reply of `userId`, whose answer ends when `raw` emits 'close'. */
const replyOf = (userId: string) =>
  ({ request: { user: { id: userId } }, raw: new EventEmitter() }) as unknown as FastifyReply & {
    raw: EventEmitter;
  };

describe('heavy requests', () => {
  it('are HEAVY_REQUESTS.perUser at once per user; one more is a 429 until one ends', () => {
    const held = Array.from({ length: HEAVY_REQUESTS.perUser }, () => replyOf('ada'));
    for (const reply of held) beginHeavyRequest(reply);
    let refusal: unknown;
    try {
      beginHeavyRequest(replyOf('ada'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': String(HEAVY_REQUESTS.retryAfterSeconds) },
    });
    // Another user is not held back.
    beginHeavyRequest(replyOf('grace'));
    // An answer that ends (sent, or its client gone) frees its place, once.
    held[0]!.raw.emit('finish');
    held[0]!.raw.emit('close');
    beginHeavyRequest(replyOf('ada'));
    expect(() => beginHeavyRequest(replyOf('ada'))).toThrow(ApiError);
  });
});
