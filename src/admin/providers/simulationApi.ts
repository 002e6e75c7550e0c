import type { ApiSimulation } from '../../shared/responses/common';
import { httpClient } from './httpClient';

/** GET /api/simulation (no sign-in): whether SMS and email are simulated on this server. */
export async function getSimulation(): Promise<ApiSimulation> {
  const { json } = await httpClient('/simulation');
  return json as ApiSimulation;
}
