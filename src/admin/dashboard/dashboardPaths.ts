import type { DashboardToday } from '../../shared/responses/figures';
import { FAILURE_STATUSES, WAITING_MESSAGE_STATUSES } from '../../shared/delivery';
import { messagesListPath } from '../messages/messagePaths';

/**
 * Where each of today's figures leads: the outbox filtered to exactly the messages it counts (the
 * rules are in shared/dashboard.ts; the API test checks that both agree).
 */
export const dueTodayPath = (today: DashboardToday) =>
  messagesListPath({ status: [...WAITING_MESSAGE_STATUSES], dueBefore: today.to });

export const sentTodayPath = (today: DashboardToday) =>
  messagesListPath({ sentFrom: today.from, sentBefore: today.to });

export const failedTodayPath = (today: DashboardToday) =>
  messagesListPath({
    status: [...FAILURE_STATUSES],
    updatedFrom: today.from,
    updatedBefore: today.to,
  });

/** Every failed or undelivered message, whenever it failed. */
export const failedMessagesPath = () => messagesListPath({ status: [...FAILURE_STATUSES] });

/** The delivery figures over time (a screen of its own). */
export const ANALYTICS_PATH = '/analytics';
