/**
 * Fills `%{name}` placeholders, the syntax react-admin's polyglot i18n uses, so the server and the
 * console format the same message templates the same way.
 */
export function formatMessage(
  template: string,
  params: Record<string, string | number> = {},
): string {
  return template.replace(/%\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

const DURATION_UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
] as const;

/**
 * A duration in the largest unit that states it exactly: '4 hours', '90 minutes', '1 day'. Used
 * for settings such as DELIVERY_CUTOFF in the texts staff read.
 */
export function formatDuration(ms: number): string {
  const [unit, size] = DURATION_UNITS.find(([, size]) => ms % size === 0) ?? ['millisecond', 1];
  const count = ms / size;
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** 'Los Angeles', 'New York and Chicago', 'A, B and C': names as a sentence lists them. */
export const listInWords = (names: readonly string[]): string =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** 'Los Angeles' for 'America/Los_Angeles': how reasons and the console name a time zone. */
export const zonePlace = (zone: string): string =>
  (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
