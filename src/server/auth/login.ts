import { eq, sql } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { LoginInput } from '../../shared/validation/auth';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { forbidden, tooManyRequests, unauthorized } from '../http/errors';
import { toApiUser } from '../services/users';
import { deviceCookieHeader, readDeviceCookie } from './device-cookie';
import { signInRefusal } from './eligibility';
import {
  beginLoginAttempt,
  forgetLoginAttempt,
  loginAttemptSucceeded,
  throttleKeys,
} from './login-throttle';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { createSession, type ClientInfo } from './sessions';

export interface SignInClient extends ClientInfo {
  /** The request's Cookie header, which may hold this browser's device cookie. */
  cookieHeader: string | undefined;
  /** Whether the device cookie must be Secure (Tidings is reached over https). */
  secureCookie: boolean;
}

/**
 * Signs a staff member in and opens a session. A wrong email and a wrong password get the same
 * 401 and take the same time; only someone who knows the password learns why an account is barred.
 * The attempt is counted before the password is checked (see beginLoginAttempt), so simultaneous
 * attempts cannot get more passwords checked than the limits allow; a wrong password leaves it
 * counted. A browser whose device cookie names the account is counted on its own, and every
 * successful sign-in answers with a renewed device cookie (`setCookie`).
 */
export async function login(db: Db, input: LoginInput, client: SignInClient) {
  // The account is looked up before the count, as a device cookie counts apart only for the
  // account it names; an unknown email costs the same lookup, so it still takes as long.
  const user = await db.query.users.findFirst({ where: eq(users.email, input.email) });
  const device = await readDeviceCookie(db, client.cookieHeader);
  const knownDevice = user && device?.userId === user.id ? device : null;

  const begun = await beginLoginAttempt(db, throttleKeys(input.email, client.ip, knownDevice));
  if ('retryAfter' in begun) {
    const minutes = Math.ceil(begun.retryAfter / 60);
    throw tooManyRequests(
      formatMessage(serverTexts.auth.tooManyAttempts, { minutes }),
      begun.retryAfter,
    );
  }
  const { attempt } = begun;

  const passwordOk = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await decoyPasswordHash()),
  );
  if (!user || !user.passwordHash || !passwordOk) {
    throw unauthorized(messages.auth.invalidCredentials);
  }
  const refusal = signInRefusal(user);
  if (refusal === messages.auth.invalidCredentials) throw unauthorized(refusal);
  if (refusal) {
    await forgetLoginAttempt(db, attempt);
    throw forbidden(refusal);
  }

  await loginAttemptSucceeded(db, attempt);
  // In one UPDATE every SET reads the row as it was: the sign-in that was last until now becomes
  // the previous one, which Profile shows as 'Last sign-in' during this session.
  const [signedIn] = await db
    .update(users)
    .set({
      previousLoginAt: sql`${users.lastLoginAt}`,
      lastLoginAt: new Date(),
      loginCount: sql`${users.loginCount} + 1`,
      // A sign-in is no edit of the contact: its updatedAt stays.
      updatedAt: sql`${users.updatedAt}`,
    })
    .where(eq(users.id, user.id))
    .returning();
  const { token } = await createSession(db, user.id, client);
  const setCookie = await deviceCookieHeader(db, user.id, {
    deviceId: knownDevice?.deviceId,
    secure: client.secureCookie,
  });
  return { user: toApiUser(signedIn!), token, setCookie };
}
