import type { ApiContactEnrollment, Program } from '../../shared/responses/programs';
import { httpClient } from './httpClient';

const programPath = (id: string | number) => `/programs/${encodeURIComponent(String(id))}`;

/** POST /api/programs/{id}/pause: no message goes out until the program is resumed. */
export async function pauseProgram(id: string | number): Promise<Program> {
  const { json } = await httpClient(`${programPath(id)}/pause`, { method: 'POST' });
  return json as Program;
}

/** POST /api/programs/{id}/resume. */
export async function resumeProgram(id: string | number): Promise<Program> {
  const { json } = await httpClient(`${programPath(id)}/resume`, { method: 'POST' });
  return json as Program;
}

/** GET /api/contacts/{id}/enrollments: where the contact is in each rolling program. */
export async function getContactEnrollments(
  contactId: string | number,
): Promise<ApiContactEnrollment[]> {
  const { json } = await httpClient(
    `/contacts/${encodeURIComponent(String(contactId))}/enrollments`,
  );
  return (json as { enrollments: ApiContactEnrollment[] }).enrollments;
}
