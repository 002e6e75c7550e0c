import { SEND_WINDOW } from '../../shared/constants';
import { formatDuration, formatMessage, listInWords, zonePlace } from '../../shared/format';
import { serverTexts } from '../texts';

/**
 * The cutoff: a message not handed to the provider by its `expires_at` (its time plus
 * DELIVERY_CUTOFF, set when it is queued) is expired, never sent late. A message without one
 * (an opt-in request, a reply) is never too late.
 */
export const isPastCutoff = (expiresAt: Date | null, at: Date): boolean =>
  expiresAt !== null && expiresAt.getTime() < at.getTime();

/** Why an expired message was not sent, as its history and the console show it. */
export const tooLateText = (cutoffMs: number): string =>
  formatMessage(serverTexts.delivery.tooLate, { cutoff: formatDuration(cutoffMs) });

/** Why a message expired that quiet hours held from its time to its cutoff (quiet-hours.ts). */
export const neverOpenedText = (
  cutoffMs: number,
  zones: readonly string[],
  latest: string = SEND_WINDOW.latest,
): string =>
  formatMessage(serverTexts.delivery.windowNeverOpened, {
    earliest: SEND_WINDOW.earliest,
    latest,
    places: listInWords([...new Set(zones.map(zonePlace))]),
    cutoff: formatDuration(cutoffMs),
  });
