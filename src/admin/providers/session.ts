import type { ApiUser } from '../../shared/responses/users';

/**
 * The signed-in session as the browser keeps it (spec section 4): the bearer token, the user the
 * server returned, and when the token was last confirmed by the server.
 */
const TOKEN_KEY = 'tidings.token';
const USER_KEY = 'tidings.user';
const CHECKED_AT_KEY = 'tidings.sessionCheckedAt';

export const session = {
  getToken(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },

  getUser(): ApiUser | null {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as ApiUser;
    } catch {
      return null;
    }
  },

  /** Milliseconds since the epoch of the last server confirmation; 0 when never. */
  getCheckedAt(): number {
    return Number(localStorage.getItem(CHECKED_AT_KEY)) || 0;
  },

  save(token: string, user: ApiUser, checkedAt: number) {
    localStorage.setItem(TOKEN_KEY, token);
    session.confirm(user, checkedAt);
  },

  confirm(user: ApiUser, checkedAt: number) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.setItem(CHECKED_AT_KEY, String(checkedAt));
  },

  /**
   * Changes the stored user (the user renamed themselves on Profile), keeping when the session was
   * last confirmed: the identity react-admin shows is read from here.
   */
  updateUser(update: (user: ApiUser) => ApiUser) {
    const user = session.getUser();
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(update(user)));
  },

  /**
   * Sign-out on this device: browser storage (including react-admin's saved list settings, which may
   * name contacts) and every cookie of this site that scripts can see. Requests stop carrying the
   * token at once, since the HTTP client reads it from storage for each call. The server's device
   * cookie is HttpOnly, so it stays, as it should: it opens no session, and it keeps this browser
   * known to sign-in, so that others' failed attempts on the account do not lock its owner out.
   */
  clear() {
    localStorage.clear();
    sessionStorage.clear();
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  },
};
