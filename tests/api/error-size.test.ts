import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_BODY_LIMITS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { startSignedInApp } from './helpers/app';

/**
 * Bad input must never make an error answer grow with it: a request that asks for ten million
 * days once ran the server out of memory building ten million "Day N message is required" details.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let productId: string;

beforeAll(async () => {
  ctx = await startSignedInApp();
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: ctx.auth,
    payload: product(1),
  });
  expect(created.statusCode).toBe(201);
  productId = created.json().data.id;
});
afterAll(() => ctx.close());

/** The probe's payload: one day message whatever `days` says. */
function product(days: unknown) {
  return {
    name: 'x',
    days,
    preMessage: { text: 'p' },
    messages: [{ text: 'd' }],
    conclusionMessage: { text: 'c' },
  };
}

/** Generous for `{error, details}` at the cap: every detail at its longest. */
const MAX_ERROR_BODY_BYTES =
  (ERROR_BODY_LIMITS.details + 2) * (2 * ERROR_BODY_LIMITS.text + 64) + ERROR_BODY_LIMITS.text;

describe('a product with far too many days', () => {
  it.each([
    ['POST', 10_000_000],
    ['POST', 1e308],
    ['POST', 100_000],
    ['PUT', 10_000_000],
    ['PUT', 1e308],
  ] as const)('%s with days %d answers 400 at once with a small body', async (method, days) => {
    const started = Date.now();
    const response = await ctx.app.inject({
      method,
      url: method === 'POST' ? '/api/products' : `/api/products/${productId}`,
      headers: ctx.auth,
      payload: product(days),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(MAX_ERROR_BODY_BYTES);
    expect(Date.now() - started).toBeLessThan(2_000);
    const body = response.json();
    expect(body.error).toBe(messages.products.daysMax);
    expect(body.details).toEqual([{ field: 'days', message: messages.products.daysMax }]);
  });
});

describe('every error answer is bounded', () => {
  it('keeps at most the first details, and says how many were left out', async () => {
    // 365 days, every day message empty: one detail per day, well over the cap.
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: ctx.auth,
      payload: { ...product(365), messages: Array.from({ length: 365 }, () => ({})) },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details).toHaveLength(ERROR_BODY_LIMITS.details);
    expect(body.details[0]).toEqual({
      field: 'messages.0.text',
      message: 'Day 1 message is required',
      day: 1,
    });
    expect(body.moreDetails).toBe(365 - ERROR_BODY_LIMITS.details);
  });

  it('never parses more day messages than a product can have', async () => {
    // A 1 MiB body holds some 300,000 empty messages; each would be a detail.
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: ctx.auth,
      payload: { ...product(7), messages: Array.from({ length: 300_000 }, () => ({})) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(MAX_ERROR_BODY_BYTES);
    const body = response.json();
    expect(body.details).toContainEqual({ field: 'messages', message: messages.products.daysMax });
    expect(body.moreDetails ?? 0).toBe(0);
  });

  it('cuts texts and field names that come from the client', async () => {
    const podIds = Array.from(
      { length: 900 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/programs',
      headers: ctx.auth,
      payload: { programName: 'Long list', podIds },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    // 'These pods do not exist: …' names them, but not 900 of them.
    expect(body.error.length).toBeLessThanOrEqual(ERROR_BODY_LIMITS.text);
    expect(body.error.endsWith('…')).toBe(true);
    expect(response.body.length).toBeLessThan(MAX_ERROR_BODY_BYTES);
  });
});
