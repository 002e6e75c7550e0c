import type {
  ApiContactEnrollment,
  ApiProgramPreview,
  Program,
} from '../../shared/responses/programs';
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

/**
 * POST /api/programs/{id}/enrollments/{contactId}/restart: the participant's days from day 0
 * again; answers their enrollment as the contact's Programs panel shows it.
 */
export async function restartEnrollment(
  programId: string,
  contactId: string | number,
): Promise<ApiContactEnrollment> {
  const { json } = await httpClient(
    `${programPath(programId)}/enrollments/${encodeURIComponent(String(contactId))}/restart`,
    { method: 'POST' },
  );
  return json as ApiContactEnrollment;
}

/** What GET /api/programs/{id}/preview is asked: a day, a page of recipients, the flagged only. */
export interface ProgramPreviewQuery {
  day: number;
  page: number;
  perPage: number;
  flagged: boolean;
}

/** GET /api/programs/{id}/preview: the exact message each recipient of a day gets, a page at a time. */
export async function getProgramPreview(
  id: string | number,
  { day, page, perPage, flagged }: ProgramPreviewQuery,
): Promise<ApiProgramPreview> {
  const query = new URLSearchParams({
    day: String(day),
    page: String(page),
    perPage: String(perPage),
    ...(flagged ? { flagged: 'true' } : {}),
  });
  const { json } = await httpClient(`${programPath(id)}/preview?${query}`);
  return json as ApiProgramPreview;
}
