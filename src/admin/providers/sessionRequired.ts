import { session } from './session';

/**
 * A save refused in the browser because no session token is stored (spec section 8 gives each
 * screen its own words for it). It is not an HTTP error: nothing was sent, and the user is not
 * signed out by it, so what they typed stays on the form.
 */
export class NoSessionError extends Error {}

/** A lifecycle callback that lets the call through only while a session token is stored. */
export const requireSession =
  (message: string) =>
  async <T>(params: T): Promise<T> => {
    if (!session.getToken()) throw new NoSessionError(message);
    return params;
  };
