import type { ApiCarrierRegistration } from '../../shared/responses/carrier';
import { fetchFile, httpClient } from './httpClient';

/** Issue 26's proof for carriers: the consent reports and the carrier registration facts. */

const idPath = (resource: 'contacts' | 'programs', id: string | number) =>
  `/${resource}/${encodeURIComponent(String(id))}`;

/** GET /api/contacts/{id}/consent.csv: the contact's consent log as CSV, oldest first. */
export const downloadContactConsentCsv = (contactId: string | number) =>
  fetchFile(`${idPath('contacts', contactId)}/consent.csv`, 'consent.csv');

/** GET /api/programs/{id}/consent.csv: the consent report of the program's participants. */
export const downloadProgramConsentCsv = (programId: string | number) =>
  fetchFile(`${idPath('programs', programId)}/consent.csv`, 'consent.csv');

/** GET /api/carrier-registration, with the chosen program's facts when there is one. */
export async function getCarrierRegistration(
  programId: string | null,
): Promise<ApiCarrierRegistration> {
  const query = programId ? `?${new URLSearchParams({ programId })}` : '';
  const { json } = await httpClient(`/carrier-registration${query}`);
  return json as ApiCarrierRegistration;
}
