import { asc, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { outboundMessages, phoneConsents, sessions, users } from '../../src/server/db/schema';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { databaseAtMigration } from './helpers/migrations';
import { stubProvider } from './helpers/sms';

/**
 * Upgrading a database that the version before these migrations left (0010): what it held is
 * brought under the new rules by the migrations themselves, at the first start of the new version.
 */

/** 21:12 in Los Angeles, the evening of the upgrade. */
const UPGRADE = new Date('2026-11-27T05:12:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;

let upgraded: Awaited<ReturnType<typeof databaseAtMigration>>;
const legacy: Record<string, string> = {};

beforeAll(async () => {
  upgraded = await databaseAtMigration('0010_contact_imports');
  const { db } = upgraded;
  const stoppedAt = new Date(UPGRADE.getTime() - 30 * DAY);
  // Rows as that version wrote them: only the columns named (the current schema has more).
  const insertRow = async (table: string, values: Record<string, unknown>) => {
    const columns = Object.keys(values).map((column) => sql.identifier(column));
    const params = Object.values(values).map((value) =>
      value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}`,
    );
    const result = (await db.execute(
      sql`insert into ${sql.identifier(table)} (${sql.join(columns, sql`, `)})
        values (${sql.join(params, sql`, `)}) returning id`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows[0]!.id;
  };
  const insertUser = (values: Record<string, unknown>) => insertRow('users', values);

  // A participant who replied STOP, and another given the same number afterwards, unmarked.
  legacy.stopped = await insertUser({
    email: 'stopped@example.org',
    role: 'participant',
    phone: '+15035550177',
    sms_verified: true,
    sms_opted_out_at: stoppedAt,
  });
  await insertRow('consent_events', {
    contact_id: legacy.stopped,
    phone: '+15035550177',
    event: 'opted_out',
    source: 'keyword',
    keyword: 'STOP',
    text: 'STOP',
    at: stoppedAt,
  });
  legacy.sameNumber = await insertUser({
    email: 'same-number@example.org',
    role: 'participant',
    phone: '+15035550177',
    sms_verified: true,
  });

  // Opt-in requests that could wait forever: two of a fortnight ago, one of an hour ago.
  for (const [name, age] of [
    ['fortnight1', 14 * DAY],
    ['fortnight2', 14 * DAY + HOUR],
    ['hour', HOUR],
  ] as const) {
    const at = new Date(UPGRADE.getTime() - age);
    legacy[name] = await insertRow('outbound_messages', {
      kind: 'optin',
      to_phone: `+1971555${String(Object.keys(legacy).length).padStart(4, '0')}`,
      body: 'Reply JOIN',
      send_after: at,
      created_at: at,
      updated_at: at,
    });
  }

  // A host with an unused password link, and a deactivated host with a session still on file.
  legacy.host = await insertUser({ email: 'host@example.org', role: 'host', email_verified: true });
  await db.execute(sql`insert into one_time_tokens (token_hash, user_id, purpose, expires_at)
    values (${hashToken('a'.repeat(43))}, ${legacy.host}, 'set_password', ${new Date(Date.now() + HOUR).toISOString()}::timestamptz)`);
  legacy.inactive = await insertUser({
    email: 'inactive@example.org',
    role: 'host',
    status: 'inactive',
    email_verified: true,
    password_hash: 'scrypt$placeholder',
  });
  await db.execute(sql`insert into sessions (token_hash, user_id, expires_at)
    values (${hashToken('b'.repeat(43))}, ${legacy.inactive}, ${new Date(Date.now() + DAY).toISOString()}::timestamptz)`);

  await upgraded.database.migrate();
}, 120_000);
afterAll(() => upgraded?.dispose());

describe('upgrading a database of the previous version', () => {
  it("records each number's last word, and opts out the contacts given a number that had opted out", async () => {
    const { db } = upgraded;
    expect(await db.select().from(phoneConsents)).toEqual([
      expect.objectContaining({ phone: '+15035550177', word: 'opted_out' }),
    ]);
    const [sameNumber] = await db.select().from(users).where(eq(users.id, legacy.sameNumber!));
    expect(sameNumber!.smsOptedOutAt).toEqual(new Date(UPGRADE.getTime() - 30 * DAY));
  });

  it('gives every waiting opt-in request an end, and sends none of them in the evening after', async () => {
    const { db } = upgraded;
    const provider = stubProvider();
    await createDispatcher({
      db,
      provider,
      mps: 0,
      cutoffMs: 4 * HOUR,
      log: Fastify().log,
      now: () => UPGRADE,
    }).runOnce();
    expect(provider.sent).toEqual([]);
    const requests = await db
      .select({ id: outboundMessages.id, status: outboundMessages.status })
      .from(outboundMessages)
      .where(eq(outboundMessages.kind, 'optin'))
      .orderBy(asc(outboundMessages.createdAt));
    expect(requests).toEqual([
      { id: legacy.fortnight2, status: 'expired' },
      { id: legacy.fortnight1, status: 'expired' },
      { id: legacy.hour, status: 'expired' },
    ]);
  });

  it('ends the links it cannot tie to an address, and the sessions of who may not sign in', async () => {
    const { db } = upgraded;
    const tokens = await db.execute(
      sql`select email, used_at from one_time_tokens where user_id = ${legacy.host}`,
    );
    const [token] = (tokens as unknown as { rows: { email: string; used_at: unknown }[] }).rows;
    expect(token!.email).toBe('host@example.org');
    expect(token!.used_at).not.toBeNull();
    const [session] = await db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.userId, legacy.inactive!));
    expect(session!.revokedAt).not.toBeNull();
  });
});
