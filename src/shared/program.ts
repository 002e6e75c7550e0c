/** A program's timeframe as the list shows it: '7 days' ('1 day'). */
export const timeframeOf = (days: number | null): string | null =>
  days === null ? null : `${days} ${days === 1 ? 'day' : 'days'}`;
