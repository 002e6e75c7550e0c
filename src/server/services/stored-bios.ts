import { and, asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta, users } from '../db/schema';
import { textAsHtml } from '../../shared/rich-text';
import { sanitizeRichText } from './rich-text';

/** The app_meta key that says this database's bios were all made safe. */
const SAFE_BIOS_KEY = 'bios_made_safe';

/** Bios read and rewritten at a time, so a large table is never held in memory at once. */
const BATCH = 500;

/**
 * Once in the life of a database: makes every stored bio safe for any reader, keeping what it
 * says. A bio that sanitizeRichText leaves unchanged is safe already: the editor's HTML (every bio
 * it wrote went through that sanitiser) or text that reads as no markup. Any other was written as
 * text, into the plain-text field of the versions before the editor or through the API, which kept
 * text as it came (`Likes <b>bold</b> & a < b`, `x<y`, `<svg/onload=…>`): it is stored as the HTML
 * that reads as it was written, escaped (`textAsHtml`), as a new write of such text is. Taking it
 * for HTML would change its meaning (bold where the person typed `<b>`). Done at start rather than
 * in a migration because the rule is the sanitiser itself, which SQL cannot run; a second rule
 * written in SQL could drift from it. Only bios holding a `<` that reads as markup can change, so
 * only those are read, a batch at a time, and each batch's changes are one UPDATE. Every row's
 * updated_at is left as it is (making a bio safe is no edit). The
 * marker row, written in the same transaction, makes several processes starting together do it
 * once. Returns how many changed.
 */
export async function makeStoredBiosSafe(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SAFE_BIOS_KEY, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 0;
    let changed = 0;
    let after: string | undefined;
    for (;;) {
      const rows = await tx
        .select({ id: users.id, bio: users.bio })
        .from(users)
        .where(and(after ? gt(users.id, after) : undefined, sql`${users.bio} ~ '<[A-Za-z!/?]'`))
        .orderBy(asc(users.id))
        .limit(BATCH);
      const safe = rows
        .filter((row) => sanitizeRichText(row.bio) !== row.bio)
        .map((row) => ({ id: row.id, bio: sanitizeRichText(textAsHtml(row.bio.trim())) }));
      if (safe.length > 0) {
        // One statement for the batch: the new bios as one JSON parameter.
        await tx.execute(sql`
          update ${users} set bio = safe.bio
          from jsonb_to_recordset(${JSON.stringify(safe)}::jsonb) as safe(id uuid, bio text)
          where ${users.id} = safe.id`);
        changed += safe.length;
      }
      if (rows.length < BATCH) return changed;
      after = rows.at(-1)!.id;
    }
  });
}
