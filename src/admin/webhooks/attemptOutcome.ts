import type { WebhookAttempt } from '../../shared/responses/webhooks';
import { formatDateTime } from '../format';
import type { useMessages } from '../i18n';

type Translate = ReturnType<typeof useMessages>;

/**
 * The ids of the attempts that are their delivery's latest on this page. Where a delivery stands
 * now (its next try, or given up) is its latest attempt's outcome; an earlier failure of the same
 * delivery just failed.
 */
export function latestAttempts(attempts: readonly WebhookAttempt[]): Set<string> {
  const latest = new Map<string, WebhookAttempt>();
  for (const attempt of attempts) {
    const seen = latest.get(attempt.deliveryId);
    if (!seen || attempt.at > seen.at) latest.set(attempt.deliveryId, attempt);
  }
  return new Set([...latest.values()].map((attempt) => attempt.id));
}

/** 'Delivered', 'Failed, next try …', 'Failed, given up' or 'Failed'. */
export function attemptOutcome(t: Translate, attempt: WebhookAttempt, latest: boolean): string {
  if (attempt.succeeded) return t('webhooks.log.succeeded');
  if (latest && attempt.deliveryStatus === 'failed') return t('webhooks.log.failedFinal');
  if (latest && attempt.deliveryStatus === 'queued' && attempt.nextAttemptAt) {
    return t('webhooks.log.failedRetry', { at: formatDateTime(attempt.nextAttemptAt) });
  }
  return t('webhooks.log.failed');
}
