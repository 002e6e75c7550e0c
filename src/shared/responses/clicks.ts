import { z } from 'zod';

/** Clicks on tracked links, as every answer that has them carries them (rules: shared/clicks.ts). */

const count = z.number().int();

/**
 * The click figures of the program messages of days whose message carried tracked links: a day, a
 * program, a link (the day's link at a position), a range.
 */
export const clickFiguresSchema = z.object({
  /** The days' program messages. */
  messages: count,
  /**
   * Of those, the ones known to have reached the phone (delivered; every one handed over on a day
   * the provider reported none delivered; or opened): the rate is taken of these.
   */
  reached: count,
  /** Of those, the ones whose link was opened (counted clicks only): the unique clickers. */
  clicked: count,
  /** clicked / reached, from 0 to 1; null when none reached a phone. */
  rate: z.number().nullable(),
});
export type ClickFigures = z.infer<typeof clickFiguresSchema>;

/** One message's tracked links and how often the recipient opened them (counted clicks only). */
export const messageOpensSchema = z.object({
  /** Its tracked links (short links). */
  links: count,
  /** How many of them were opened at least once. */
  opened: count,
  /** Counted clicks on all of them. */
  clicks: count,
  /** The first counted click (ISO); null when none. */
  firstAt: z.iso.datetime().nullable(),
});
export type MessageOpens = z.infer<typeof messageOpensSchema>;
