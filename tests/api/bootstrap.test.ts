import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { MIGRATIONS_DIR } from '../../src/server/db/client';
import { appMeta, users } from '../../src/server/db/schema';
import {
  BOOTSTRAP_KEY,
  DEFAULT_ADMIN_EMAIL,
  ensureBootstrapAdmin,
  markBootstrapAnnounced,
} from '../../src/server/services/bootstrap';
import { recoverUnannouncedAdmin } from '../../src/server/services/bootstrap-recovery';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';

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

  it('has a first and a last name, so they can save their own record as the API gives it', async () => {
    const result = await ensureBootstrapAdmin(ctx.db, {});
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    expect(admin).toMatchObject({ firstName: 'Admin', lastName: 'Tidings' });

    const auth = bearer(await loginAs(ctx.app, DEFAULT_ADMIN_EMAIL, result!.generatedPassword!));
    const read = await ctx.app.inject({ url: `/api/contacts/${admin!.id}`, headers: auth });
    const { email, role, status, profile, emailVerified, smsVerified } = read.json().contact;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/contacts/${admin!.id}`,
      headers: auth,
      payload: { email, role, status, profile, emailVerified, smsVerified },
    });
    expect(saved.json()).toMatchObject({ contact: { fullName: 'Admin Tidings' } });
    expect(saved.statusCode).toBe(200);
  });

  it('is created once when several processes start together', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureBootstrapAdmin(ctx.db, {})));
    expect(results.filter(Boolean)).toHaveLength(1);
    const admins = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('created before it had a last name gets one from migration 0003, and nobody else does', async () => {
    await ensureBootstrapAdmin(ctx.db, {});
    // As the first admin of an older installation was created.
    await ctx.db.update(users).set({ lastName: '' }).where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    const other = await createUser(ctx.db, { role: 'admin', lastName: '' });

    const migration = await readFile(
      path.join(MIGRATIONS_DIR, '0003_bootstrap_admin_last_name.sql'),
      'utf8',
    );
    await ctx.db.execute(sql.raw(migration));

    const lastNameOf = async (email: string) =>
      (await ctx.db.select().from(users).where(eq(users.email, email)))[0]!.lastName;
    expect(await lastNameOf(DEFAULT_ADMIN_EMAIL)).toBe('Tidings');
    expect(await lastNameOf(other.user.email)).toBe('');
  });

  it('is not announced until the notice is printed, and then needs no link', async () => {
    await ensureBootstrapAdmin(ctx.db, {});
    const marker = async () =>
      (await ctx.db.select().from(appMeta).where(eq(appMeta.key, BOOTSTRAP_KEY)))[0]!.value;
    expect(await marker()).toMatchObject({ announced: false });
    await markBootstrapAnnounced(ctx.db);
    expect(await marker()).toMatchObject({ announced: true, email: DEFAULT_ADMIN_EMAIL });
    expect(await recoverUnannouncedAdmin(ctx.db)).toBeNull();
  });

  it('given by ADMIN_PASSWORD, or created before announcements were recorded, needs no link', async () => {
    await ensureBootstrapAdmin(ctx.db, { adminPassword: 'pw-123456' });
    expect(await recoverUnannouncedAdmin(ctx.db)).toBeNull();
    await ctx.db
      .update(appMeta)
      .set({ value: { email: DEFAULT_ADMIN_EMAIL, createdAt: new Date().toISOString() } })
      .where(eq(appMeta.key, BOOTSTRAP_KEY));
    expect(await recoverUnannouncedAdmin(ctx.db)).toBeNull();
  });

  it('never announced gets one link however many processes start at once, none once signed in', async () => {
    await ensureBootstrapAdmin(ctx.db, {});
    const links = await Promise.all([1, 2, 3].map(() => recoverUnannouncedAdmin(ctx.db)));
    expect(links.filter(Boolean)).toHaveLength(1);

    // A start a minute later (the one that printed it died first) issues a new one.
    const later = await recoverUnannouncedAdmin(ctx.db, new Date(Date.now() + 61_000));
    expect(later).toMatchObject({ email: DEFAULT_ADMIN_EMAIL });
    // The admin got in after all (the notice was printed, its record was not): nothing to say.
    await ctx.db
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    expect(await recoverUnannouncedAdmin(ctx.db, new Date(Date.now() + 122_000))).toBeNull();
  });
});
