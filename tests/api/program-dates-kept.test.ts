import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, programs } from '../../src/server/db/schema';
import { PROGRAM_START_DATES } from '../../src/shared/constants';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { startSignedInApp } from './helpers/app';

/**
 * Programs an older version saved with start dates today's rules refuse (1999-06-15, before the
 * year 2000; 2150-01-01, more than five years ahead) can still be saved as they are, or with
 * another field changed: the start date rules apply when the start date changes.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
const t = messages.programs;
const tooEarly = formatMessage(t.startDateTooEarly, {
  year: PROGRAM_START_DATES.earliest.slice(0, 4),
});
const tooFar = formatMessage(t.startDateTooFar, { years: PROGRAM_START_DATES.maxYearsAhead });
const OLD_DATES = ['1999-06-15', '2150-01-01', '4713-01-01 BC'];
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await startSignedInApp();
  const [product] = await ctx.db
    .insert(products)
    .values({ name: 'Older', days: 7 })
    .returning({ id: products.id });
  for (const startDate of OLD_DATES) {
    const [row] = await ctx.db
      .insert(programs)
      .values({
        programName: `Saved ${startDate}`,
        productId: product!.id,
        timeZone: 'America/Chicago',
        startDate,
        sendTime: '10:00',
      })
      .returning({ id: programs.id });
    ids[startDate] = row!.id;
  }
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: ctx.auth, payload });

/** The program as the API gives it, sent back as the console's form sends it. */
async function opened(id: string) {
  const program = (await call('GET', `/api/programs/${id}`)).json();
  return {
    programName: program.programName,
    productId: program.productId,
    offering: program.offering,
    offeringType: program.offeringType,
    timeZone: program.timeZone,
    podIds: program.podIds,
    startDate: program.startDate,
    sendTime: program.sendTime,
  };
}

describe('a program saved by an older version with a start date the rules now refuse', () => {
  it.each(OLD_DATES)('saves unchanged (%s), and with another field changed', async (date) => {
    const body = await opened(ids[date]!);
    const unchanged = await call('PUT', `/api/programs/${ids[date]}`, body);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ startDate: date });
    const renamed = await call('PUT', `/api/programs/${ids[date]}`, {
      ...body,
      programName: 'Renamed',
      sendTime: '11:30',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ programName: 'Renamed', startDate: date });
  });

  it('is held to the rules when its start date changes', async () => {
    const body = await opened(ids['1999-06-15']!);
    const earlier = await call('PUT', `/api/programs/${ids['1999-06-15']}`, {
      ...body,
      startDate: '1999-06-14',
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json()).toEqual({
      error: tooEarly,
      details: [{ field: 'startDate', message: tooEarly }],
    });
    const later = await call('PUT', `/api/programs/${ids['2150-01-01']}`, {
      ...(await opened(ids['2150-01-01']!)),
      startDate: '2150-01-02',
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().error).toBe(tooFar);
    const moved = await call('PUT', `/api/programs/${ids['1999-06-15']}`, {
      ...body,
      startDate: '2000-01-01',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ startDate: '2000-01-01' });
  });

  it('gives a new program no such leeway', async () => {
    const body = await opened(ids['2150-01-01']!);
    const created = await call('POST', '/api/programs', body);
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toBe(tooFar);
  });
});
