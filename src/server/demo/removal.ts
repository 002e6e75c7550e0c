import { eq, getTableName, inArray, is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import {
  appMeta,
  consentEvents,
  inboundMessages,
  linkClicks,
  outboundMessageEvents,
  outboundMessages,
  phoneConsents,
  podMembers,
  pods,
  productMessages,
  products,
  programPlans,
  programPods,
  programDayLinks,
  programRecipientMonths,
  programRecipients,
  linkOpenCounts,
  programs,
  shortLinks,
  users,
} from '../db/schema';
import { DEMO_KEY } from './seed';

/**
 * The tables `npm run seed:demo` writes to, and those of what the delivery engine does for the
 * demo since (its messages' short links and their clicks), children before their parents (the
 * delete order).
 */
const DEMO_TABLES: PgTable[] = [
  linkClicks,
  shortLinks,
  consentEvents,
  inboundMessages,
  outboundMessageEvents,
  outboundMessages,
  programPlans,
  programPods,
  podMembers,
  programs,
  pods,
  productMessages,
  products,
  users,
];

const demoUsers = sql`(select ${users.id} from ${users} where ${users.demo})`;
const demoPrograms = sql`(select ${programs.id} from ${programs} where ${programs.demo})`;
/**
 * The messages that go with the demo: its own, and those Tidings queued since to its contacts or
 * for its programs (the delivery engine carries the demo's programs on), which exist only because
 * of it and go to its fictional numbers.
 */
const goingMessages = sql`(${outboundMessages.demo} or ${outboundMessages.contactId} in ${demoUsers}
  or ${outboundMessages.programId} in ${demoPrograms})`;

/** The short links of those messages, contacts and programs, and every request for them. */
const goingLinks = sql`(${shortLinks.demo} or ${shortLinks.messageId} in
  (select ${outboundMessages.id} from ${outboundMessages} where ${goingMessages})
  or ${shortLinks.programId} in ${demoPrograms})`;

/** Which rows of `table` the removal deletes, as a condition on the table's own columns. */
function going(table: PgTable): SQL {
  if (table === outboundMessages) return goingMessages;
  if (table === shortLinks) return goingLinks;
  if (table === linkClicks) {
    return sql`(${linkClicks.demo} or ${linkClicks.code} in
      (select ${shortLinks.code} from ${shortLinks} where ${goingLinks}))`;
  }
  if (table === outboundMessageEvents) {
    return sql`(${outboundMessageEvents.demo} or ${outboundMessageEvents.messageId} in
      (select ${outboundMessages.id} from ${outboundMessages} where ${goingMessages}))`;
  }
  // Replies filed under a demo contact since (Simulate reply on one).
  if (table === inboundMessages) {
    return sql`(${inboundMessages.demo} or ${inboundMessages.contactId} in ${demoUsers})`;
  }
  return sql`${sql.identifier(getTableName(table))}.demo`;
}

const ALL_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value) =>
  is(value, PgTable),
) as PgTable[];

/**
 * Tables the database keeps from others (the outbox's counts, docs/rollups.md): their rows about
 * the demo's contacts and programs are the demo's own, and go with them (ON DELETE CASCADE).
 */
const DERIVED_TABLES: PgTable[] = [
  programRecipientMonths,
  programRecipients,
  programDayLinks,
  linkOpenCounts,
];

/**
 * Rows that stay but refer to a row that goes (a real program on a demo product, a consent row
 * staff wrote about a demo contact, a real member of a demo pod): by every foreign key of the
 * schema, so a table added later is checked too. Deleting under them would change or lose them.
 */
async function rowsReferringToDemo(tx: Tx): Promise<string[]> {
  const found: string[] = [];
  for (const table of ALL_TABLES) {
    if (DERIVED_TABLES.includes(table)) continue;
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const { columns, foreignColumns, foreignTable } = foreignKey.reference();
      if (!DEMO_TABLES.includes(foreignTable)) continue;
      const stays = DEMO_TABLES.includes(table) ? sql`not ${going(table)}` : sql`true`;
      const result = await tx.execute(sql`select count(*)::int as n from ${table}
        where ${columns[0]} in (select ${foreignColumns[0]} from ${foreignTable}
          where ${going(foreignTable)}) and ${stays}`);
      const n = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      if (n > 0) found.push(`${n} in ${getTableName(table)}.${columns[0]!.name}`);
    }
  }
  return found;
}

export class DemoRemovalRefused extends Error {}

/**
 * `npm run seed:demo -- --remove`: deletes every row the demo data wrote (marked `demo`), the
 * messages that go with them (see goingMessages) and the demo's marker, in one transaction, and
 * nothing else. Each number the demo's consent rows spoke for gets back its last word from the
 * log that remains (usually none: the demo uses numbers Tidings did not know). When rows that
 * stay refer to demo rows, nothing is removed and the error names them. Returns the rows deleted.
 */
export async function removeDemo(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const blocking = await rowsReferringToDemo(tx);
    if (blocking.length > 0) {
      throw new DemoRemovalRefused(
        `rows added since refer to the demo data (${blocking.join(', ')}); nothing was removed.`,
      );
    }
    const phones = (
      await tx
        .selectDistinct({ phone: consentEvents.phone })
        .from(consentEvents)
        .where(eq(consentEvents.demo, true))
    ).map(({ phone }) => phone);
    let removed = 0;
    for (const table of DEMO_TABLES) {
      const result = await tx.execute(sql`delete from ${table} where ${going(table)} returning 1`);
      removed += (result as unknown as { rows: unknown[] }).rows.length;
    }
    if (phones.length > 0) await restoreLastWords(tx, phones);
    await tx.delete(appMeta).where(eq(appMeta.key, DEMO_KEY));
    return removed;
  });
}

/** `phone_consents` for these numbers as migration 0011's trigger keeps it, from the log left. */
async function restoreLastWords(tx: Tx, phones: string[]) {
  await tx.delete(phoneConsents).where(inArray(phoneConsents.phone, phones));
  await tx.execute(sql`insert into ${phoneConsents} (phone, word, at, event_id)
    select distinct on (${consentEvents.phone}) ${consentEvents.phone}, ${consentEvents.event},
      ${consentEvents.at}, ${consentEvents.id}
    from ${consentEvents}
    where ${inArray(consentEvents.phone, phones)} and ${consentEvents.event} in ('opted_in', 'opted_out')
      and ${consentEvents.source} <> 'staff'
    order by ${consentEvents.phone}, ${consentEvents.at} desc, ${consentEvents.id} desc`);
}
