import type { AnalyticsQuery } from '../../shared/analytics';
import type { AnalyticsResponse } from '../../shared/responses/figures';
import { httpClient } from './httpClient';

/**
 * GET /api/analytics: every figure of the Analytics screen for a range of Los Angeles days (both
 * included) and, when given, one program. A 400 carries the range's error as its text.
 */
export async function getAnalytics({
  from,
  to,
  programId,
}: AnalyticsQuery): Promise<AnalyticsResponse> {
  const query = new URLSearchParams({ from, to });
  if (programId) query.set('programId', programId);
  const { json } = await httpClient(`/analytics?${query}`);
  return json as AnalyticsResponse;
}
