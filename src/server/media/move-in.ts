import { existsSync } from 'node:fs';
import { readFile, readdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { media, mediaContents } from '../db/schema';
import { STORED_NAME_PATTERN } from './store';

/**
 * Once, at the first start after migration 0025: files that uploads left in `mediaDir`
 * (DATA_DIR/media) move into the database, where every server serves them. Each file goes in its
 * own transaction and is deleted only after that commits, so a start killed half-way moves the rest
 * at the next; the folder goes once it is empty. A file with no row (an upload that failed before
 * its row was written) or of another size than its row says is left where it is, and said so in
 * the log; so is a row with neither bytes nor file, which then answers 404. Returns how many files
 * moved.
 */
export async function moveDiskMediaIn(
  db: Db,
  mediaDir: string,
  log: FastifyBaseLogger,
): Promise<number> {
  if (!existsSync(mediaDir)) return 0;
  let moved = 0;
  const left: string[] = [];
  for (const name of await readdir(mediaDir)) {
    const file = path.join(mediaDir, name);
    const [row] = STORED_NAME_PATTERN.test(name)
      ? await db
          .select({ id: media.id, size: media.size, stored: mediaContents.mediaId })
          .from(media)
          .leftJoin(mediaContents, eq(mediaContents.mediaId, media.id))
          .where(eq(media.storageName, name))
      : [];
    if (!row) {
      left.push(name);
      continue;
    }
    if (row.stored === null) {
      const content = await readFile(file);
      if (content.length !== row.size) {
        left.push(name);
        continue;
      }
      await db
        .insert(mediaContents)
        .values({ mediaId: row.id, content })
        .onConflictDoNothing({ target: mediaContents.mediaId });
      moved += 1;
    }
    await rm(file);
  }
  if (left.length === 0) {
    await rmdir(mediaDir);
  } else {
    log.warn({ mediaDir, files: left }, 'files in the media folder that no upload names were left');
  }
  const missing = await db
    .select({ name: media.storageName })
    .from(media)
    .leftJoin(mediaContents, eq(mediaContents.mediaId, media.id))
    .where(isNull(mediaContents.mediaId));
  if (missing.length > 0) {
    log.warn(
      { files: missing.map((row) => row.name) },
      'uploads whose files were neither in the database nor in the media folder answer 404',
    );
  }
  if (moved > 0)
    log.info({ moved }, 'uploaded files moved from the media folder into the database');
  return moved;
}
