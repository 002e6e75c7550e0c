import { createRequire } from 'node:module';
import { and, asc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { phoneNeedsAttention, PHONE_RULE_VERSION } from '../../shared/phone';
import type { Db } from '../db/client';
import { appMeta, users } from '../db/schema';

/**
 * The app_meta row listing the stored phones that need attention: `{rule, phones}`, the phones
 * the rule `rule` would not store (shared/phone.ts).
 */
const STORED_PHONES_KEY = 'phones_needing_attention';

// Read with require: the built server leaves packages to Node, whose ES import of JSON needs an
// import attribute; require reads it the same from the sources and from dist/server.
const phoneLibrary = createRequire(import.meta.url)('libphonenumber-js/package.json') as {
  version: string;
};

/** The rule the list was made with: ours and the numbering plans of libphonenumber-js. */
export const STORED_PHONES_RULE = `${PHONE_RULE_VERSION}/libphonenumber-js@${phoneLibrary.version}`;

/** Distinct phones read at a time, so a large table is never held in memory at once. */
const BATCH = 1000;

interface StoredPhones {
  rule: string;
  phones: string[];
}

/**
 * Lists the stored phones the phone rule would not store, for the contacts list's 'Phone needs
 * attention' filter. The rule is libphonenumber-js, which SQL cannot run, so the list is made here
 * and kept in app_meta, where the filter reads it (`phoneNeedsAttentionSql`). It is made at the
 * first start of a server with a new rule or new numbering plans, and holds from then on: every
 * write stores only phones the rule accepts, so only phones already stored can fail it, and a
 * phone corrected or cleared leaves the filter by itself (it matches stored phones, not contacts).
 * Those phones are never rewritten: what a number should have been, only a person can tell.
 * Several processes starting together make the same list. Returns how many phones are listed.
 */
export async function listStoredPhonesNeedingAttention(db: Db): Promise<number> {
  const [current] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, STORED_PHONES_KEY));
  const known = current?.value as StoredPhones | undefined;
  if (known?.rule === STORED_PHONES_RULE) return known.phones.length;
  const phones: string[] = [];
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .selectDistinct({ phone: users.phone })
      .from(users)
      .where(and(isNotNull(users.phone), after === undefined ? undefined : gt(users.phone, after)))
      .orderBy(asc(users.phone))
      .limit(BATCH);
    for (const { phone } of rows) if (phoneNeedsAttention(phone)) phones.push(phone!);
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.phone!;
  }
  const value: StoredPhones = { rule: STORED_PHONES_RULE, phones };
  await db
    .insert(appMeta)
    .values({ key: STORED_PHONES_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value } });
  return phones.length;
}

/** Contacts whose stored phone needs attention, as the list made at start says. */
export const phoneNeedsAttentionSql = (): SQL =>
  sql`${users.phone} in (select jsonb_array_elements_text(${appMeta.value} -> 'phones') from ${appMeta} where ${appMeta.key} = ${STORED_PHONES_KEY})`;
