import { rate } from './analytics';

/**
 * How clicks on tracked links are counted, wherever the console shows them (a program's
 * Deliveries, Analytics, a message, a contact's conversation). docs/links.md says it for staff.
 *
 * - A click is a `counted` request for a short link (links/clicks.ts on the server): a GET from a
 *   person's browser. HEADs, link previews, scanners and command-line clients are not clicks.
 * - Only a program day whose message carried a tracked link has click figures: a day without one
 *   has none at all, rather than a rate of 0.
 * - **messages**: the day's program messages (in Analytics, those handed over in the range, each
 *   on the day it was, as `sent` counts them).
 * - **reached**: of those, the ones known to have reached a phone: reported delivered, or, on a
 *   day of which the provider reported none delivered (an account that sends no delivery
 *   reports), every one it was handed (sent or delivered); and any one opened besides, since an
 *   open proves it arrived though the report has not come.
 * - **clicked**: of those, the ones with at least one click on one of their links. A participant
 *   gets a program's day once, so these are the people who opened a link of it: its unique
 *   clickers. For one link (the day's link at a position), those who opened that link. Only
 *   messages handed to the provider count, in Deliveries as in Analytics: a click on one whose
 *   hand-over is `unknown` (the process stopped during it) is in no day's figures.
 * - **rate**: clicked / reached, so never above 1; null (shown '—') when none reached a phone.
 */
export interface ClickCounts {
  messages: number;
  reached: number;
  clicked: number;
}

/** The counts with their rate. */
export const withClickRate = (counts: ClickCounts) => ({
  messages: counts.messages,
  reached: counts.reached,
  clicked: counts.clicked,
  rate: rate(counts.clicked, counts.reached),
});

/** Counts added up: each message is counted in one group only, so sums are exact. */
export const addClickCounts = (a: ClickCounts, b: ClickCounts): ClickCounts => ({
  messages: a.messages + b.messages,
  reached: a.reached + b.reached,
  clicked: a.clicked + b.clicked,
});

export const NO_CLICKS: ClickCounts = { messages: 0, reached: 0, clicked: 0 };
