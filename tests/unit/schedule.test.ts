import { describe, expect, it } from 'vitest';
import {
  addDays,
  addYears,
  isLocalDate,
  isLocalTime,
  lastDayDue,
  programSchedule,
  programStatus,
  sendTimeOfDay,
  zonedInstant,
} from '../../src/shared/schedule';

/** The wall clock in `timeZone` at `instant`, as `YYYY-MM-DD HH:MM`. */
function wallClock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

describe('calendar dates and times', () => {
  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', 365)).toBe('2028-02-29');
  });

  it('checks dates and times', () => {
    expect(isLocalDate('2027-02-29')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2027-2-1')).toBe(false);
    expect(isLocalTime('09:00')).toBe(true);
    expect(isLocalTime('24:00')).toBe(false);
    expect(isLocalTime('9:00')).toBe(false);
  });
});

describe('the instant of a local time', () => {
  it.each([
    // [zone, date, UTC instant of 09:00 local]
    ['America/New_York', '2027-03-13', '2027-03-13T14:00:00.000Z'], // EST, -5
    ['America/New_York', '2027-03-14', '2027-03-14T13:00:00.000Z'], // EDT from 2 am, -4
    ['America/New_York', '2027-11-06', '2027-11-06T13:00:00.000Z'], // EDT
    ['America/New_York', '2027-11-07', '2027-11-07T14:00:00.000Z'], // EST again from 2 am
    ['America/Los_Angeles', '2027-03-13', '2027-03-13T17:00:00.000Z'], // PST, -8
    ['America/Los_Angeles', '2027-03-14', '2027-03-14T16:00:00.000Z'], // PDT, -7
    ['America/Los_Angeles', '2027-11-07', '2027-11-07T17:00:00.000Z'], // PST again
    ['America/Phoenix', '2027-03-14', '2027-03-14T16:00:00.000Z'], // MST all year, -7
    ['America/Phoenix', '2027-11-07', '2027-11-07T16:00:00.000Z'],
    ['Pacific/Honolulu', '2027-03-14', '2027-03-14T19:00:00.000Z'], // HST all year, -10
    ['Pacific/Honolulu', '2027-11-07', '2027-11-07T19:00:00.000Z'],
  ])('%s on %s at 09:00', (zone, date, utc) => {
    expect(zonedInstant(date, '09:00', zone).toISOString()).toBe(utc);
  });
});

describe('a program’s schedule', () => {
  it('keeps the send time across the spring change: day 2 is 23 hours after day 1', () => {
    const schedule = { startDate: '2027-03-12', sendTime: '09:00', timeZone: 'America/New_York' };
    const days = programSchedule({ ...schedule, days: 3 });
    expect(days.map((d) => wallClock(d.sendAt, schedule.timeZone))).toEqual([
      '2027-03-12 09:00',
      '2027-03-13 09:00',
      '2027-03-14 09:00',
      '2027-03-15 09:00',
      '2027-03-16 09:00',
    ]);
    const hours = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 3_600_000;
    expect(hours(days[1]!.sendAt, days[2]!.sendAt)).toBe(23);
    expect(hours(days[2]!.sendAt, days[3]!.sendAt)).toBe(24);
  });

  it('keeps the send time across the autumn change: that day is 25 hours long', () => {
    const schedule = {
      startDate: '2027-11-06',
      sendTime: '20:30',
      timeZone: 'America/Los_Angeles',
    };
    const [day0, day1] = programSchedule({ ...schedule, days: 1 });
    expect(wallClock(day1!.sendAt, schedule.timeZone)).toBe('2027-11-07 20:30');
    expect((day1!.sendAt.getTime() - day0!.sendAt.getTime()) / 3_600_000).toBe(25);
  });

  it('moves by exactly 24 hours a day where there is no daylight saving', () => {
    for (const timeZone of ['America/Phoenix', 'Pacific/Honolulu']) {
      const days = programSchedule({
        startDate: '2027-03-10',
        sendTime: '08:00',
        timeZone,
        days: 7,
      });
      const gaps = days.slice(1).map((d, i) => d.sendAt.getTime() - days[i]!.sendAt.getTime());
      expect(new Set(gaps)).toEqual(new Set([24 * 3_600_000]));
      expect(days.every((d) => wallClock(d.sendAt, timeZone).endsWith(' 08:00'))).toBe(true);
    }
  });

  it('has days + 2 messages: 3 for a 1-day product, 367 for a 365-day one', () => {
    const one = programSchedule({
      startDate: '2027-06-01',
      sendTime: '09:00',
      timeZone: 'America/Chicago',
      days: 1,
    });
    expect(one.map((d) => [d.day, d.date])).toEqual([
      [0, '2027-06-01'],
      [1, '2027-06-02'],
      [2, '2027-06-03'],
    ]);
    const year = programSchedule({
      startDate: '2027-01-01',
      sendTime: '09:00',
      timeZone: 'America/New_York',
      days: 365,
    });
    expect(year).toHaveLength(367);
    expect(year.at(-1)).toMatchObject({ day: 366, date: '2028-01-02' });
    // Both daylight-saving changes of 2027 fall inside; every day still goes out at 9:00.
    expect(year.every((d) => wallClock(d.sendAt, 'America/New_York').endsWith(' 09:00'))).toBe(
      true,
    );
  });

  it('gives one day on its own', () => {
    const day = sendTimeOfDay(
      { startDate: '2027-03-13', sendTime: '09:00', timeZone: 'America/New_York', days: 5 },
      1,
    );
    expect(day).toEqual({
      day: 1,
      date: '2027-03-14',
      sendAt: new Date('2027-03-14T13:00:00.000Z'),
    });
  });
});

describe('the last day due at an instant', () => {
  const schedule = {
    startDate: '2027-03-12',
    sendTime: '09:00',
    timeZone: 'America/New_York',
    days: 2,
  };
  const due = (iso: string) => lastDayDue(schedule, new Date(iso));

  it('is -1 before the pre-message, then each day from its send time on', () => {
    expect(due('2027-03-12T13:59:59Z')).toBe(-1); // 8:59:59 EST
    expect(due('2027-03-12T14:00:00Z')).toBe(0);
    expect(due('2027-03-13T13:59:59Z')).toBe(0);
    expect(due('2027-03-13T14:00:00Z')).toBe(1);
  });

  it('follows the local send time across the spring change (9:00 EDT is 13:00 UTC)', () => {
    expect(due('2027-03-14T12:59:59Z')).toBe(1);
    expect(due('2027-03-14T13:00:00Z')).toBe(2);
  });

  it('stops at the conclusion', () => {
    expect(due('2027-03-15T13:00:00Z')).toBe(3);
    expect(due('2028-01-01T00:00:00Z')).toBe(3);
  });

  it('works in a zone ahead of UTC, whose local date is UTC’s tomorrow', () => {
    const tokyo = { ...schedule, timeZone: 'Asia/Tokyo', sendTime: '08:00' };
    // 08:00 in Tokyo on 2027-03-12 is 23:00 UTC on 2027-03-11.
    expect(lastDayDue(tokyo, new Date('2027-03-11T22:59:59Z'))).toBe(-1);
    expect(lastDayDue(tokyo, new Date('2027-03-11T23:00:00Z'))).toBe(0);
  });
});

describe('a program’s status', () => {
  const schedule = {
    startDate: '2027-03-12',
    sendTime: '09:00',
    timeZone: 'America/New_York',
    days: 2,
  };
  const at = (iso: string) => new Date(iso);
  const status = (now: string, extra: Partial<Parameters<typeof programStatus>[0]> = {}) =>
    programStatus({ hasProduct: true, schedule, paused: false, ...extra }, at(now));

  it('is Draft without a product or a start date', () => {
    expect(status('2027-01-01T00:00:00Z', { hasProduct: false })).toBe('draft');
    expect(status('2027-01-01T00:00:00Z', { schedule: null })).toBe('draft');
    expect(status('2027-01-01T00:00:00Z', { schedule: null, paused: true })).toBe('draft');
  });

  it('is Scheduled before the pre-message, Running until the conclusion, then Completed', () => {
    expect(status('2027-03-12T13:59:59Z')).toBe('scheduled'); // 8:59:59 EST
    expect(status('2027-03-12T14:00:00Z')).toBe('running');
    expect(status('2027-03-15T12:59:59Z')).toBe('running'); // conclusion at 9:00 EDT
    expect(status('2027-03-15T13:00:00Z')).toBe('completed');
  });

  it('is Paused while paused, whatever the clock says', () => {
    expect(status('2027-03-13T00:00:00Z', { paused: true })).toBe('paused');
    expect(status('2027-01-01T00:00:00Z', { paused: true })).toBe('paused');
  });
});

describe('dates at the ends of the calendar', () => {
  it('add days past the year 9999 and before the year 1, written as PostgreSQL writes them', () => {
    expect(addDays('9999-12-31', 1)).toBe('10000-01-01');
    expect(addDays('9999-12-25', 366)).toBe('10000-12-25'); // 10000 is a leap year
    expect(addDays('0001-01-01', -1)).toBe('0001-12-31 BC');
    expect(addDays('4713-01-01 BC', 1)).toBe('4713-01-02 BC');
    expect(addDays('5874897-12-31', 0)).toBe('5874897-12-31');
    expect(addDays('0050-03-01', -1)).toBe('0050-02-28'); // not 1950
  });

  it('add years, 29 February giving 1 March in a common year', () => {
    expect(addYears('2026-11-22', 5)).toBe('2031-11-22');
    expect(addYears('2028-02-29', 5)).toBe('2033-03-01');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
  });

  it('take only API dates as valid input: years 1 to 9999, real days', () => {
    expect(isLocalDate('0001-01-01')).toBe(true);
    expect(isLocalDate('9999-12-31')).toBe(true);
    expect(isLocalDate('0000-01-01')).toBe(false);
    expect(isLocalDate('10000-01-01')).toBe(false);
    expect(isLocalDate('2027-01-01 BC')).toBe(false);
    expect(isLocalDate('2100-02-29')).toBe(false);
    expect(isLocalDate('2000-02-29')).toBe(true);
  });

  it('give the instant of a time in the years 1 to 99 (not 1901 to 1999) and past 9999', () => {
    expect(zonedInstant('0050-06-01', '09:00', 'UTC').toISOString()).toBe(
      '0050-06-01T09:00:00.000Z',
    );
    expect(zonedInstant('10000-01-01', '21:00', 'Pacific/Honolulu').toISOString()).toBe(
      '+010000-01-02T07:00:00.000Z',
    );
  });

  it('give an Invalid Date, not an error, beyond what Date holds', () => {
    expect(zonedInstant('5874897-12-31', '09:00', 'America/New_York').getTime()).toBeNaN();
    expect(zonedInstant('not a date', '09:00', 'America/New_York').getTime()).toBeNaN();
  });

  it('schedule a 365-day program starting on the last day of 9999', () => {
    const year = programSchedule({
      startDate: '9999-12-31',
      sendTime: '21:00',
      timeZone: 'Pacific/Honolulu',
      days: 365,
    });
    expect(year).toHaveLength(367);
    expect(year.at(-1)).toMatchObject({ day: 366, date: '10000-12-31' }); // 10000 is a leap year
    expect(year.every((d) => wallClock(d.sendAt, 'Pacific/Honolulu').endsWith(' 21:00'))).toBe(
      true,
    );
  });

  it.each([
    ['9999-12-31', 'scheduled'],
    ['5874897-12-31', 'scheduled'],
    ['4713-01-01 BC', 'completed'],
    ['0001-01-01', 'completed'],
    ['nonsense', 'draft'],
  ])('give a program starting %s the status %s', (startDate, status) => {
    const schedule = { startDate, sendTime: '09:00', timeZone: 'America/New_York', days: 365 };
    expect(programStatus({ hasProduct: true, schedule, paused: false })).toBe(status);
  });

  it('decide the status by the date alone only where every zone agrees', () => {
    // Around now, in the zones furthest from UTC, the short cut must give what the instants give.
    const now = new Date('2027-06-15T23:30:00Z');
    for (const timeZone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Pacific/Honolulu', 'UTC']) {
      for (const sendTime of ['00:00', '08:00', '21:00', '23:59']) {
        for (let offset = -12; offset <= 6; offset++) {
          const schedule = {
            startDate: addDays('2027-06-15', offset),
            sendTime,
            timeZone,
            days: 3,
          };
          const first = sendTimeOfDay(schedule, 0).sendAt;
          const last = sendTimeOfDay(schedule, 4).sendAt;
          const expected = now < first ? 'scheduled' : now < last ? 'running' : 'completed';
          expect(programStatus({ hasProduct: true, schedule, paused: false }, now)).toBe(expected);
        }
      }
    }
  });
});
