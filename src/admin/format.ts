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

/** 1536 -> '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const COUNT = new Intl.NumberFormat('en-US');
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A count as en-US writes it: 20,201. */
export const formatCount = (count: number): string => COUNT.format(count);

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
