import { describe, expect, it } from 'vitest';
import { dashboardDay } from '../../src/shared/dashboard';

const day = (iso: string) => {
  const { date, from, to } = dashboardDay(new Date(iso));
  return { date, from: from.toISOString(), to: to.toISOString() };
};

describe("the dashboard's today", () => {
  it('is the calendar day in Los Angeles, midnight to midnight', () => {
    // Winter (PST, UTC-8): the day turns at 08:00 UTC.
    expect(day('2027-01-14T07:59:59.999Z')).toEqual({
      date: '2027-01-13',
      from: '2027-01-13T08:00:00.000Z',
      to: '2027-01-14T08:00:00.000Z',
    });
    expect(day('2027-01-14T08:00:00Z')).toEqual({
      date: '2027-01-14',
      from: '2027-01-14T08:00:00.000Z',
      to: '2027-01-15T08:00:00.000Z',
    });
    // Summer (PDT, UTC-7): at 07:00 UTC.
    expect(day('2027-07-01T06:59:59Z').date).toBe('2027-06-30');
    expect(day('2027-07-01T07:00:00Z')).toEqual({
      date: '2027-07-01',
      from: '2027-07-01T07:00:00.000Z',
      to: '2027-07-02T07:00:00.000Z',
    });
  });

  it('is 23 hours long when the clocks go forward and 25 when they go back', () => {
    expect(day('2027-03-14T12:00:00Z')).toEqual({
      date: '2027-03-14',
      from: '2027-03-14T08:00:00.000Z',
      to: '2027-03-15T07:00:00.000Z',
    });
    expect(day('2026-11-01T12:00:00Z')).toEqual({
      date: '2026-11-01',
      from: '2026-11-01T07:00:00.000Z',
      to: '2026-11-02T08:00:00.000Z',
    });
  });
});
