import type { SuccessResponse } from '../../shared/responses/common';
import type { VerifyEmailResponse, WelcomeEmailResponse } from '../../shared/responses/users';
import type { SetPasswordRequest } from '../../shared/validation/set-password';
import { httpClient } from './httpClient';

/**
 * The account calls of issue 10. The first three need no sign-in: they are made from the links an
 * email carries, by people who have no session yet.
 */

/** GET /api/contacts/verify-email/{token}: marks the email verified, gives a set-password token. */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  const { json } = await httpClient(`/contacts/verify-email/${encodeURIComponent(token)}`);
  return json as VerifyEmailResponse;
}

/** POST /api/contacts/set-password: the single-use token from the link, never a bare user id. */
export async function setPassword(input: SetPasswordRequest): Promise<SuccessResponse> {
  const { json } = await httpClient('/contacts/set-password', {
    method: 'POST',
    body: JSON.stringify(input),
  });
  return json as SuccessResponse;
}

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export async function forgotPassword(email: string): Promise<SuccessResponse> {
  const { json } = await httpClient('/auth/forgot-password', {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
  return json as SuccessResponse;
}

/** POST /api/contacts/{id}/welcome-email: queues a new welcome email, superseding the old link. */
export async function sendWelcomeEmail(id: string | number): Promise<WelcomeEmailResponse> {
  const { json } = await httpClient(`/contacts/${encodeURIComponent(String(id))}/welcome-email`, {
    method: 'POST',
  });
  return json as WelcomeEmailResponse;
}
