import type {
  ApiOwnProfile,
  ApiOwnSession,
  ChangePasswordResponse,
  ProfileResponse,
  ProfileSessionsResponse,
  SignOutOthersResponse,
} from '../../shared/responses/users';
import type { ChangePasswordInput, ProfileNameInput } from '../../shared/validation/profile';
import { httpClient } from './httpClient';

/** The signed-in user's own account (issue 13): /api/profile and its sessions. */

/** GET /api/profile: name, email, role and the sign-in before this session. */
export async function getOwnProfile(): Promise<ApiOwnProfile> {
  const { json } = await httpClient('/profile');
  return (json as ProfileResponse).profile;
}

/** PUT /api/profile: the first and last name, the only things changed there. */
export async function updateOwnName(input: ProfileNameInput): Promise<ApiOwnProfile> {
  const { json } = await httpClient('/profile', {
    method: 'PUT',
    body: JSON.stringify({ firstName: input.firstName, lastName: input.lastName }),
  });
  return (json as ProfileResponse).profile;
}

/**
 * POST /api/profile/password. A wrong current password rejects with an HttpError whose body
 * carries `errors.currentPassword` for the form (see httpClient).
 */
export async function changeOwnPassword(
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  const { json } = await httpClient('/profile/password', {
    method: 'POST',
    body: JSON.stringify(input),
  });
  return json as ChangePasswordResponse;
}

/** GET /api/profile/sessions: the live sessions, newest first, this one marked `current`. */
export async function getOwnSessions(): Promise<ApiOwnSession[]> {
  const { json } = await httpClient('/profile/sessions');
  return (json as ProfileSessionsResponse).sessions;
}

/** POST /api/profile/sessions/sign-out-others: ends every session but this one. */
export async function signOutOtherSessions(): Promise<SignOutOthersResponse> {
  const { json } = await httpClient('/profile/sessions/sign-out-others', { method: 'POST' });
  return json as SignOutOthersResponse;
}

/** DELETE /api/profile/sessions/{id}: ends one other session. */
export async function endOwnSession(id: string): Promise<void> {
  await httpClient(`/profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
