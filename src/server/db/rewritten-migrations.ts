import { sql } from 'drizzle-orm';
import type { Db } from './client';
import type { AppliedMigration } from './migrate';
import type { MigrationFile } from './migration-files';

/**
 * Migrations whose text changed after they had landed, and the journal times their earlier texts
 * had. Drizzle applies every migration later than the last one a database records, so a database
 * that ran an earlier text met the new one as a migration still to run and stopped on what the
 * earlier text had already made ('relation "consent_events_at_idx" already exists'). Before the
 * migrator runs, a recorded earlier text is brought to what the landed one makes, and its record
 * becomes the landed one's, as if the database had run that.
 *
 * An earlier text is known by the journal time Drizzle recorded for it: no other migration ever
 * had that time, and unlike the hash it does not depend on the line endings of a checkout.
 */
interface RewrittenMigration {
  /** The migration whose landed text replaced this one. */
  tag: string;
  /** The earlier text's journal time, recorded as `created_at`. */
  when: number;
  /** The earlier text's SHA-256, for reference. */
  hash: string;
  /** Statements that turn what the earlier text made into what the landed one makes. */
  repair: string[];
}

const UPDATED_AT_INDEX =
  'CREATE INDEX IF NOT EXISTS "outbound_messages_updated_at_idx" ON "outbound_messages" USING btree ("updated_at")';

export const REWRITTEN_MIGRATIONS: RewrittenMigration[] = [
  {
    // Left by 0e3235a, 1a2b98b and 8d1c199: the same indexes, but not yet the dashboard's.
    tag: '0009_analytics_indexes',
    when: 1795551224091,
    hash: '62541585338a7f0fd04eee60056c1fe3e18267352b9494ea36f125efcb0526a9',
    repair: [UPDATED_AT_INDEX],
  },
  {
    // Left by cb7dd21, ab3593a and 8df401f: one partial index of every failure, handed over or not,
    // in place of the index of failures never handed over, and not yet the dashboard's.
    tag: '0009_analytics_indexes',
    when: 1795552236821,
    hash: '85556348d8f97a2bd5efe70c520d2e5f80b5eaeef48098faebaf7b4cd2b1a810',
    repair: [
      'DROP INDEX IF EXISTS "outbound_messages_ended_undelivered_idx"',
      `CREATE INDEX IF NOT EXISTS "outbound_messages_ended_unsent_idx" ON "outbound_messages" USING btree ("updated_at") WHERE "outbound_messages"."sent_at" is null and "outbound_messages"."status" in ('failed', 'undelivered', 'expired')`,
      UPDATED_AT_INDEX,
    ],
  },
  {
    // Left by b09a9b9, 6bb6f42, 6f2d88d, 248ea4a, c6edae4, 313dbc1 and 8845c71: contact imports
    // without the count of claims failed in a row (a new column's default, 0, is where it starts).
    tag: '0010_contact_imports',
    when: 1795570284564,
    hash: 'f994af0ce1075f1254779b859e42c97920999a4db1ea649c08fe2b8f4832f005',
    repair: [
      'ALTER TABLE "contact_imports" ADD COLUMN IF NOT EXISTS "attempts" integer DEFAULT 0 NOT NULL',
    ],
  },
];

/**
 * Repairs each earlier text the database records, in one transaction: its schema changes, and its
 * row in Drizzle's table given the landed text's hash and journal time. Runs before the migrator,
 * under the same lock on PostgreSQL; a database that needs nothing is left as it is.
 */
export async function repairRewrittenMigrations(
  db: Db,
  applied: AppliedMigration[],
  migrations: MigrationFile[],
): Promise<void> {
  const repairs = applied.flatMap((row) => {
    const rewritten = REWRITTEN_MIGRATIONS.find(({ when }) => when === row.createdAt);
    const landed = rewritten && migrations.find(({ tag }) => tag === rewritten.tag);
    return rewritten && landed ? [{ row, rewritten, landed }] : [];
  });
  if (repairs.length === 0) return;
  await db.transaction(async (tx) => {
    for (const { row, rewritten, landed } of repairs) {
      for (const statement of rewritten.repair) await tx.execute(sql.raw(statement));
      await tx.execute(sql`update drizzle.__drizzle_migrations
        set hash = ${landed.hash}, created_at = ${landed.when} where id = ${row.id}`);
    }
  });
}
