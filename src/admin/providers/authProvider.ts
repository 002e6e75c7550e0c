import { HttpError, type AuthProvider } from 'react-admin';
import { TIMINGS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import type { LoginResponse, VerifyResponse } from '../../shared/responses/users';
import { httpClient, serverMessage } from './httpClient';
import { session } from './session';

export const LOGIN_PATH = '/login';

/** A rejection that sends the user to /login without an extra notification. */
const signedOut = () => ({ redirectTo: LOGIN_PATH, message: false as const });

/**
 * Sign-in and the session rules of spec section 4:
 * - a stored token is verified with the server once per page load, and again whenever the last
 *   confirmation is older than 30 minutes;
 * - the server saying the token is invalid, or answering 401 or 403, clears the session;
 * - a network failure (or any other answer) keeps the user signed in.
 */
export function createAuthProvider({ now = Date.now } = {}): AuthProvider {
  let verifiedThisPageLoad = false;
  let verifying: Promise<void> | null = null;

  async function verify(): Promise<void> {
    let response: VerifyResponse;
    try {
      ({ json: response } = await httpClient('/auth/verify'));
    } catch (error) {
      if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
        session.clear();
        throw signedOut();
      }
      return; // offline or server trouble: keep the user in, and try again on the next check
    }
    if (!response.valid || !response.user) {
      session.clear();
      throw signedOut();
    }
    session.confirm(response.user, now());
    verifiedThisPageLoad = true;
  }

  return {
    async login({ email, password }: { email: string; password: string }) {
      try {
        const { json } = await httpClient('/auth/login', {
          method: 'POST',
          body: JSON.stringify({ email, password }),
        });
        const { token, user } = json as LoginResponse;
        session.save(token, user, now());
        verifiedThisPageLoad = true;
      } catch (error) {
        throw new Error(serverMessage(error, messages.login.error));
      }
    },

    async checkAuth() {
      if (!session.getToken()) throw signedOut();
      const stale = now() - session.getCheckedAt() >= TIMINGS.sessionRecheckMs;
      if (verifiedThisPageLoad && !stale) return;
      verifying ??= verify().finally(() => {
        verifying = null;
      });
      await verifying;
    },

    /**
     * Only a 401 ends the session here. A 403 from a data call means "not allowed for your role"
     * (the server says why), and signing the user out for it would lose their work.
     */
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        session.clear();
        throw signedOut();
      }
    },

    async logout() {
      if (session.getToken()) {
        // Revoke the session on the server; sign out locally even when that fails.
        await httpClient('/auth/logout', { method: 'POST' }).catch(() => undefined);
      }
      session.clear();
      verifiedThisPageLoad = false;
      return LOGIN_PATH;
    },

    async getIdentity() {
      const user = session.getUser();
      if (!user) throw new Error(messages.auth.sessionInvalid);
      return {
        id: user.id,
        fullName: user.fullName || user.email,
        firstName: user.profile.firstName,
        lastName: user.profile.lastName,
        email: user.email,
        role: user.role,
        lastLogin: user.lastLogin,
      };
    },

    async getPermissions() {
      return session.getUser()?.role;
    },
  };
}

export const authProvider = createAuthProvider();
