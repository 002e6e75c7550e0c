import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app';
import { isSigningInAdmin } from '../../src/server/auth/eligibility';
import { users } from '../../src/server/db/schema';
import type { UserRow } from '../../src/server/services/users';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import {
  bearer,
  createUser,
  loginAs,
  startSecondApp,
  startTestApp,
  type TestContext,
} from './helpers/app';

/**
 * Two admins, the only two who can sign in, each taking the other's right to sign in at the same
 * moment, through two server processes: one must win and the other be refused, never both, never
 * a 500. On PGlite the requests run one after the other anyway; on PostgreSQL they race.
 *
 * The loser's refusal depends on when its request was authenticated. Before the winner's change
 * committed, it still acts as an admin and meets the last-admin rule (403). After, it acts as
 * what the change made it: a host may not change an admin (403), and an account that may no
 * longer sign in lost its session with the change (401).
 */

let ctx: TestContext;
let second: Awaited<ReturnType<typeof startSecondApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
  second = await startSecondApp(ctx);
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

const LAST_ADMIN = { status: 403, error: serverTexts.contacts.permissions.lastAdmin };
const NOW_A_HOST = { status: 403, error: messages.contacts.permissions.staffByAdminsOnly };
const SIGNED_OUT = { status: 401, error: messages.auth.sessionInvalid };

/** Each change, and the refusal its loser may get besides the last-admin one. */
const CHANGES = [
  { changes: { role: 'host' }, changedLoser: NOW_A_HOST },
  { changes: { status: 'inactive' }, changedLoser: SIGNED_OUT },
  { changes: { emailVerified: false }, changedLoser: SIGNED_OUT },
  { changes: { role: 'participant' }, changedLoser: SIGNED_OUT },
] as const;

/** The edit payload of `target` as an admin who can sign in, with `changes` applied. */
function editOf(target: UserRow, changes: Record<string, unknown>) {
  return {
    email: target.email,
    role: 'admin',
    status: 'active',
    profile: { firstName: target.firstName, lastName: target.lastName },
    emailVerified: true,
    smsVerified: false,
    ...changes,
  };
}

async function signedInAdmin(app: App) {
  const { user, password } = await createUser(ctx.db, { role: 'admin' });
  return { user, auth: bearer(await loginAs(app, user.email, password!)) };
}

async function signingInAdmins() {
  const admins = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
  return admins.filter(isSigningInAdmin);
}

describe('two admins taking each other’s sign-in at once', () => {
  it('one succeeds and the other is refused, every time', async () => {
    for (let round = 0; round < 20; round++) {
      const { changes, changedLoser } = CHANGES[round % CHANGES.length]!;
      const a = await signedInAdmin(ctx.app);
      const b = await signedInAdmin(second.app);
      expect(await signingInAdmins()).toHaveLength(2);

      const [byA, byB] = await Promise.all([
        ctx.app.inject({
          method: 'PUT',
          url: `/api/contacts/${b.user.id}`,
          headers: a.auth,
          payload: editOf(b.user, changes),
        }),
        second.app.inject({
          method: 'PUT',
          url: `/api/contacts/${a.user.id}`,
          headers: b.auth,
          payload: editOf(a.user, changes),
        }),
      ]);

      const answer = (r: typeof byA) => `${r.statusCode} ${r.json().error ?? 'saved'}`;
      const outcome = `round ${round} ${JSON.stringify(changes)}: ${answer(byA)}, ${answer(byB)}`;
      expect(
        [byA, byB].filter((r) => r.statusCode === 200),
        outcome,
      ).toHaveLength(1);
      const refused = byA.statusCode === 200 ? byB : byA;
      expect([LAST_ADMIN, changedLoser], outcome).toContainEqual({
        status: refused.statusCode,
        error: refused.json().error,
      });
      const remaining = await signingInAdmins();
      expect(remaining.map((admin) => admin.id)).toEqual([
        byA.statusCode === 200 ? a.user.id : b.user.id,
      ]);

      // The survivor steps aside (outside the API), so the next pair are the only two again.
      await ctx.db
        .update(users)
        .set({ status: 'inactive' })
        .where(
          inArray(
            users.id,
            remaining.map((admin) => admin.id),
          ),
        );
    }
  });
});
