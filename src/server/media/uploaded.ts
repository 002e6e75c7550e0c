import { eq } from 'drizzle-orm';
import { MEDIA_URL_PREFIX } from '../../shared/media';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { STORED_NAME_PATTERN } from './store';

/**
 * The stored name of media uploaded to Tidings, from its URL as POST /api/media answers it
 * (`/media/<name>`) or as it is sent (the same under PUBLIC_URL); null for anything else, a
 * file on another host included, even under the same name.
 */
function storedNameOf(url: string, publicUrl: string): string | null {
  const path = url.startsWith(`${publicUrl}${MEDIA_URL_PREFIX}`)
    ? url.slice(publicUrl.length)
    : url;
  if (!path.startsWith(MEDIA_URL_PREFIX)) return null;
  const name = path.slice(MEDIA_URL_PREFIX.length);
  return STORED_NAME_PATTERN.test(name) ? name : null;
}

/**
 * The storage name of the uploaded file a staff member's own message attaches (a test send, a
 * reply), or null when the URL names no file uploaded to Tidings: only those are ever sent.
 */
export async function uploadedMediaName(
  db: Db,
  url: string,
  publicUrl: string,
): Promise<string | null> {
  const name = storedNameOf(url, publicUrl);
  if (!name) return null;
  const [stored] = await db
    .select({ storageName: media.storageName })
    .from(media)
    .where(eq(media.storageName, name));
  return stored?.storageName ?? null;
}
