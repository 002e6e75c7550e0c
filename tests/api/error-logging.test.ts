import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTexts } from '../../src/server/texts';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';
import { captureLog } from './helpers/log';

/** What reaches the log when a query fails: enough to find the fault, none of the values sent. */
let ctx: TestContext;
let auth: Record<string, string>;
const log = captureLog();

beforeAll(async () => {
  ctx = await startTestApp({}, { logger: log.logger });
  const admin = await createUser(ctx.db, { role: 'admin' });
  auth = bearer(await loginAs(ctx.app, admin.user.email, admin.password!));
  // A rule only this test's database has: PostgreSQL refuses the row with every value bound, and
  // its error names the whole failing row (password hash included) in its detail.
  await ctx.db.execute(
    sql`alter table users add constraint refused_city check (city <> 'Refusedville')`,
  );
});
afterAll(() => ctx.close());

describe('a query the database refuses', () => {
  it('is logged with the request id, its SQL and the PostgreSQL error, but no bound value', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: auth,
      payload: {
        email: 'hidden.person@example.org',
        role: 'host',
        status: 'active',
        password: 'Hidden-pass-4821',
        profile: {
          firstName: 'Hidden',
          lastName: 'Person',
          phone: '(503) 555-0177',
          address: {
            street: '77 Hidden Lane',
            city: 'Refusedville',
            state: 'OR',
            zipCode: '97205',
          },
        },
      },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: serverTexts.server.internal });

    const text = JSON.stringify(log.lines);
    for (const secret of [
      'hidden.person',
      '77 Hidden Lane',
      '5035550177',
      'Refusedville',
      'scrypt$',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const logged = log.lines.find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({
      reqId: response.headers['x-request-id'],
      err: {
        query: expect.stringMatching(/^insert into "users"/),
        cause: {
          code: '23514',
          constraint: 'refused_city',
          message: expect.stringContaining('violates check constraint "refused_city"'),
        },
      },
    });
  });
});
