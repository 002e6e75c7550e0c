import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * The first half of PostgreSQL's two-key advisory locks on a phone's consent (the attempt counts
 * use 727_146_002, the migration lock the one-key form), so the key spaces never meet.
 */
const PHONE_LOCK_CLASS = 727_146_003;

const lockIdOf = (phone: string) => createHash('sha256').update(phone).digest().readInt32BE(0);

/**
 * Holds the consent locks of `phones` until the transaction ends. Everything that changes a
 * phone's consent (a reply, the provider's 21610) or gives a contact a phone (a save, an import)
 * takes them first, so two at once (a STOP and a START, a STOP and a new contact with the number)
 * run one after the other: each sees what the other did. One statement takes them all, in one
 * order (by id), so two writers sharing phones cannot deadlock. Held for a few small statements,
 * never across the network.
 */
export async function lockPhones(tx: Tx, phones: readonly string[]): Promise<void> {
  const ids = [...new Set(phones.map(lockIdOf))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  // An array literal of our own integers: one parameter, however many phones.
  const list = `{${ids.join(',')}}`;
  await tx.execute(
    sql`select pg_advisory_xact_lock(${PHONE_LOCK_CLASS}, id) from unnest(${list}::int[]) as id order by id`,
  );
}

/** lockPhones for one phone. */
export const lockPhone = (tx: Tx, phone: string) => lockPhones(tx, [phone]);
