import { DISPLAY_TIME_ZONE } from '../shared/constants';
import { messages } from '../shared/messages';
import type { LocalDate } from '../shared/schedule';

const SHORT = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: DISPLAY_TIME_ZONE,
});

/** A date as the console shows it: en-US short, Los Angeles time; 'Never' when absent. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return messages.app.never;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? messages.app.never : SHORT.format(date);
}

const COUNT = new Intl.NumberFormat('en-US');

/** A count as en-US writes it: 20,201. */
export const formatCount = (count: number): string => COUNT.format(count);

/** A count that may not exist (clicks where nothing carried a tracked link): '—' then. */
export const formatCountOrNone = (count: number | null): string =>
  count === null ? messages.delivery.none : formatCount(count);

const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date ('2027-01-14') as 'Thursday, January 14'. It names a day, not an instant, so it
 * is read at noon UTC and shown in UTC: no zone can move it to another day.
 */
export function formatLongDay(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(noon.getTime()) ? date : LONG_DAY.format(noon);
}

/** 1536 -> '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A share from 0 to 1 as a percent with at most one decimal (0.9754 -> '97.5%'); '—' for none. */
export const formatPercent = (share: number | null): string =>
  share === null ? messages.delivery.none : PERCENT.format(share);

// A calendar date is no instant: read and written in UTC, its day never shifts with the zone.
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeZone: 'UTC' });
const DAY_OF_MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const utcDay = (date: LocalDate) => new Date(`${date}T00:00:00Z`);

/** A calendar date ('2026-11-24') as the console shows dates: '11/24/26'. */
export const formatDay = (date: LocalDate): string => DAY.format(utcDay(date));

/** A calendar date in a few characters, for a chart's axis: 'Nov 24'. */
export const formatDayOfMonth = (date: LocalDate): string => DAY_OF_MONTH.format(utcDay(date));
