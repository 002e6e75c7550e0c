import type { DashboardResponse } from '../../shared/responses/figures';
import { httpClient } from './httpClient';

/** GET /api/dashboard: today's figures, the running programs and the latest failures. */
export async function getDashboard(): Promise<DashboardResponse> {
  const { json } = await httpClient('/dashboard');
  return json as DashboardResponse;
}
