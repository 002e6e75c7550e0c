import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { users } from '../../src/server/db/schema';
import { DEFAULT_ADMIN_EMAIL, ensureBootstrapAdmin } from '../../src/server/services/bootstrap';
import { loginAs, startTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await startTestApp();
});
afterEach(() => ctx.close());

describe('the first admin', () => {
  it('is created with a generated password that signs in, and only once', async () => {
    const result = await ensureBootstrapAdmin(ctx.db, {});
    expect(result).toEqual({
      email: DEFAULT_ADMIN_EMAIL,
      generatedPassword: expect.stringMatching(/^[\w-]{24}$/),
    });
    const token = await loginAs(ctx.app, DEFAULT_ADMIN_EMAIL, result!.generatedPassword!);
    expect(token).toBeTruthy();

    expect(await ensureBootstrapAdmin(ctx.db, {})).toBeNull();
    expect(
      await ensureBootstrapAdmin(ctx.db, {
        adminEmail: 'other@example.org',
        adminPassword: 'pw-123456',
      }),
    ).toBeNull();
    const admins = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when given, and prints no password', async () => {
    const result = await ensureBootstrapAdmin(ctx.db, {
      adminEmail: 'ada@example.org',
      adminPassword: 'pw-123456',
    });
    expect(result).toEqual({ email: 'ada@example.org', generatedPassword: undefined });
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'ada@example.org'));
    expect(admin).toMatchObject({ role: 'admin', status: 'active', emailVerified: true });
    expect(await verifyPassword('pw-123456', admin!.passwordHash!)).toBe(true);
  });

  it('is created once when several processes start together', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureBootstrapAdmin(ctx.db, {})));
    expect(results.filter(Boolean)).toHaveLength(1);
    const admins = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });
});
