import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRAM_START_DATES } from '../../src/shared/constants';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { programSchema } from '../../src/shared/validation/program';

const t = messages.programs;
const tooFar = formatMessage(t.startDateTooFar, { years: PROGRAM_START_DATES.maxYearsAhead });
const tooEarly = formatMessage(t.startDateTooEarly, { year: '2000' });

const issues = (startDate: unknown) => {
  const result = programSchema.safeParse({ programName: 'P', startDate });
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the start date', () => {
  beforeEach(() => {
    // Late on 22 November 2026 in UTC (the afternoon in the US): today is the 22nd.
    vi.useFakeTimers({ now: new Date('2026-11-22T23:30:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the bounds in words', () => {
    expect(tooFar).toBe('Start date must be within 5 years from today');
    expect(tooEarly).toBe('Start date cannot be before the year 2000');
  });

  it.each([
    ['2000-01-01', []],
    ['2026-11-22', []],
    ['2031-11-22', []],
    ['2031-11-23', [['startDate', tooFar]]],
    ['9999-12-31', [['startDate', tooFar]]],
    ['1999-12-31', [['startDate', tooEarly]]],
    ['0001-01-01', [['startDate', tooEarly]]],
    ['2027-02-30', [['startDate', t.startDateInvalid]]],
    ['10000-01-01', [['startDate', t.startDateInvalid]]],
    ['', []],
    [null, []],
  ])('%j gives %j', (startDate, expected) => {
    expect(issues(startDate)).toEqual(expected);
  });
});
