import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../../src/server/app';
import { hashPassword } from '../../../src/server/auth/passwords';
import { openPostgres, type Db } from '../../../src/server/db/client';
import { users } from '../../../src/server/db/schema';
import { loadConfig, type Config } from '../../../src/server/env';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestContext {
  app: App;
  db: Db;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh database of its own. `env` adds configuration (as the server reads it). */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { logger?: Parameters<typeof buildApp>[0]['logger']; config?: Partial<Config> } = {},
): Promise<TestContext> {
  const testDb = await createTestDatabase();
  const config = {
    ...loadConfig({
      DATA_DIR: testDb.dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      TIDINGS_TEST_PASSWORD_COST: process.env.TIDINGS_TEST_PASSWORD_COST,
      ...env,
    }),
    ...options.config,
  };
  const app = await buildApp({
    config,
    database: testDb.database,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    db: testDb.database.db,
    testDb,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}

/**
 * A second Tidings server on the database of `ctx`, as another process would be: on PostgreSQL
 * with a connection pool of its own, so nothing in memory is shared with the first; the embedded
 * database belongs to one process, so on PGlite it shares the first app's database.
 */
export async function startSecondApp(ctx: TestContext) {
  const database = ctx.testDb.url
    ? await openPostgres(ctx.testDb.url, { poolSize: 5 })
    : ctx.testDb.database;
  const app = await buildApp({ config: ctx.app.config, database, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== ctx.testDb.database) await database.close();
    },
  };
}

let counter = 0;

export type NewUser = Partial<typeof users.$inferInsert> & { password?: string | null };

/**
 * Inserts a contact. Staff (host/admin) default to active, verified and with a password, so they
 * can sign in; pass overrides to make them otherwise.
 */
export async function createUser(db: Db, overrides: NewUser = {}) {
  counter += 1;
  const { password = overrides.role === 'participant' ? null : 'secret-pass-1', ...rest } =
    overrides;
  const role = rest.role ?? 'host';
  const [user] = await db
    .insert(users)
    .values({
      email: `user${counter}-${Date.now()}@example.org`,
      firstName: 'Test',
      lastName: `User${counter}`,
      role,
      status: 'active',
      emailVerified: role !== 'participant',
      passwordHash: password ? await hashPassword(password) : null,
      ...rest,
    })
    .returning();
  return { user: user!, password };
}

export function loginRequest(
  app: App,
  email: string,
  password: string,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
}

/** Signs in and returns the bearer token. */
export async function loginAs(app: App, email: string, password: string): Promise<string> {
  const response = await loginRequest(app, email, password);
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return response.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function json(response: LightMyRequestResponse) {
  return response.json() as Record<string, unknown>;
}

/** A fresh app with a signed-in host: `auth` goes into each request's headers. */
export async function startSignedInApp(env: Record<string, string> = {}) {
  const ctx = await startTestApp(env);
  const { user, password } = await createUser(ctx.db, { role: 'host', firstName: 'Hana' });
  const token = await loginAs(ctx.app, user.email, password!);
  return { ...ctx, user, token, auth: bearer(token) };
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartFile(filename: string, content: Buffer, field = 'file') {
  return multipartForm([{ field, filename, content }]);
}

/** A file or a text field of a form, in the order they are sent. */
export type FormPart =
  { field: string; filename: string; content: Buffer } | { field: string; value: string };

/** A multipart/form-data body of files and text fields, as a browser's FormData sends it. */
export async function multipartForm(parts: readonly FormPart[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.field, part.value);
    else form.append(part.field, new Blob([new Uint8Array(part.content)]), part.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
