import { DISPLAY_TIME_ZONE } from '../shared/constants';
import { messages } from '../shared/messages';

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
