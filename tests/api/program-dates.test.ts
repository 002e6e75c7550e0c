import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs, products } from '../../src/server/db/schema';
import { PROGRAM_START_DATES } from '../../src/shared/constants';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { addDays } from '../../src/shared/schedule';
import { startSignedInApp } from './helpers/app';

/**
 * Start dates are bounded (2000 to five years ahead), and a program stored with any date the
 * database can hold, before those bounds existed or written around the API, still lists, opens,
 * filters and sorts: one such row once made the programs list answer 500 for everyone.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let longProduct: string; // 365 days
let shortProduct: string; // 7 days

const t = messages.programs;
const today = () => new Date().toISOString().slice(0, 10);
const fiveYearsAhead = () => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + PROGRAM_START_DATES.maxYearsAhead, m - 1, d))
    .toISOString()
    .slice(0, 10);
};

/** Dates the API refused or never offered, as the database keeps them. */
const EXTREME_DATES = ['9999-12-31', '9999-12-25', '5874897-12-31', '4713-01-01 BC', '0001-01-01'];
const extremeIds: string[] = [];

beforeAll(async () => {
  ctx = await startSignedInApp();
  const made = await ctx.db
    .insert(products)
    .values([
      { name: 'Year Long', days: 365 },
      { name: 'One Week', days: 7 },
    ])
    .returning({ id: products.id });
  [longProduct, shortProduct] = made.map((row) => row.id) as [string, string];
  for (const [i, startDate] of EXTREME_DATES.entries()) {
    const [row] = await ctx.db
      .insert(programs)
      .values({
        programName: `Extreme ${i}`,
        productId: i % 2 ? shortProduct : longProduct,
        timeZone: 'Pacific/Honolulu',
        startDate,
        sendTime: '21:00',
      })
      .returning({ id: programs.id });
    extremeIds.push(row!.id);
  }
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: ctx.auth, payload: payload as object });

const body = (startDate: string) => ({
  programName: 'Bounded',
  productId: shortProduct,
  timeZone: 'America/New_York',
  startDate,
  sendTime: '09:00',
});

describe('the start date a client may choose', () => {
  const tooFar = formatMessage(t.startDateTooFar, { years: PROGRAM_START_DATES.maxYearsAhead });
  const tooEarly = formatMessage(t.startDateTooEarly, {
    year: PROGRAM_START_DATES.earliest.slice(0, 4),
  });

  it.each([
    ['9999-12-31', tooFar],
    ['9999-12-25', tooFar],
    ['1999-12-31', tooEarly],
    ['0001-01-01', tooEarly],
  ])('refuses %s on create and on update', async (startDate, message) => {
    const created = await call('POST', '/api/programs', body(startDate));
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([{ field: 'startDate', message }]);
    // A program whose stored date is none of these: the rules apply to a date being set.
    const updated = await call('PUT', `/api/programs/${extremeIds[2]}`, body(startDate));
    expect(updated.statusCode).toBe(400);
    expect(updated.json().error).toBe(message);
  });

  it('accepts the first day of 2000 and the day five years ahead, and not the day after', async () => {
    expect(
      (await call('POST', '/api/programs', body(PROGRAM_START_DATES.earliest))).statusCode,
    ).toBe(201);
    expect((await call('POST', '/api/programs', body(fiveYearsAhead()))).statusCode).toBe(201);
    const after = await call('POST', '/api/programs', body(addDays(fiveYearsAhead(), 1)));
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toBe(tooFar);
  });
});

describe('a program stored with an extreme start date', () => {
  const expected: Record<string, string> = {
    '9999-12-31': 'scheduled',
    '9999-12-25': 'scheduled',
    '5874897-12-31': 'scheduled',
    '4713-01-01 BC': 'completed',
    '0001-01-01': 'completed',
  };

  it('is listed, with its date and a status', async () => {
    const response = await call('GET', '/api/programs');
    expect(response.statusCode).toBe(200);
    const listed = new Map<string, { startDate: string; status: string }>(
      response.json().programs.map((p: { id: string }) => [p.id, p]),
    );
    for (const [i, date] of EXTREME_DATES.entries()) {
      expect(listed.get(extremeIds[i]!)).toMatchObject({ startDate: date, status: expected[date] });
    }
  });

  it('opens', async () => {
    for (const [i, date] of EXTREME_DATES.entries()) {
      const response = await call('GET', `/api/programs/${extremeIds[i]}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ startDate: date, status: expected[date] });
    }
  });

  it.each(['scheduled', 'running', 'completed', 'draft', 'paused'])(
    'is filtered by status %s as its own status says',
    async (status) => {
      const response = await call('GET', `/api/programs?status=${status}`);
      expect(response.statusCode).toBe(200);
      const ids = response.json().programs.map((p: { id: string }) => p.id);
      for (const [i, date] of EXTREME_DATES.entries()) {
        expect(ids.includes(extremeIds[i])).toBe(expected[date] === status);
      }
    },
  );

  it.each(['status', 'startDate', 'productDays'])('sorts by %s both ways', async (sort) => {
    for (const order of ['asc', 'desc']) {
      const response = await call('GET', `/api/programs?sort=${sort}&order=${order}&page=1`);
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBeGreaterThanOrEqual(EXTREME_DATES.length);
    }
  });

  it('can be paused and resumed when scheduled', async () => {
    const paused = await call('POST', `/api/programs/${extremeIds[0]}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().status).toBe('paused');
    const listed = await call('GET', '/api/programs?status=paused');
    expect(listed.json().programs.map((p: { id: string }) => p.id)).toContain(extremeIds[0]);
    const resumed = await call('POST', `/api/programs/${extremeIds[0]}/resume`);
    expect(resumed.json().status).toBe('scheduled');
  });
});
