import { and, asc, eq, gt, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mediaNameFromUrl } from '../../shared/media';
import { isTracked } from '../../shared/message-settings';
import { conclusionDay, emptyMessage } from '../../shared/product';
import type { Product, ProductMessage, ProductSummary } from '../../shared/responses/products';
import type { ValidationDetail } from '../../shared/responses/common';
import type {
  MessageInput,
  ProductInput,
  productListQuerySchema,
} from '../../shared/validation/product';
import { serverTexts } from '../texts';
import type { Db, Tx } from '../db/client';
import { defineList } from '../db/list-page';
import { media, productMessages, products } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { toMessageMedia, type MediaRow } from '../media/store';
import { containsPattern, sortOf } from './list';

type ProductRow = typeof products.$inferSelect;
type MessageRow = typeof productMessages.$inferSelect;

export function toProductSummary(row: ProductRow): ProductSummary {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    days: row.days,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: MessageRow, mediaRow: MediaRow | null): ProductMessage {
  return {
    day: row.day,
    text: row.text,
    links: row.links.map((link) => ({ ...link, tracked: isTracked(link) })),
    media: mediaRow ? toMessageMedia(mediaRow) : null,
    fallbackUrl: row.fallbackUrl ?? '',
  };
}

const SORT_COLUMNS = {
  name: sql`lower(${products.name})`,
  days: products.days,
  status: products.status,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export const productList = (db: Db, query: z.output<typeof productListQuerySchema>) =>
  defineList({
    source: {
      from: (fields) => db.select(fields).from(products).$dynamic(),
      where: and(
        query.q ? ilike(products.name, containsPattern(query.q)) : undefined,
        query.status?.length ? inArray(products.status, query.status) : undefined,
      ),
      id: products.id,
      order: sortOf(SORT_COLUMNS, query, products.id),
    },
    rows: ({ page, total, order }) =>
      db
        .select({ product: products, total })
        .from(page)
        .innerJoin(products, eq(products.id, page.id))
        .orderBy(...order),
    toApi: (rows) => rows.map((row) => toProductSummary(row.product)),
  });

/** A product with its messages, or null. */
export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const rows = await db
    .select({ message: productMessages, media })
    .from(productMessages)
    .leftJoin(media, eq(media.id, productMessages.mediaId))
    .where(eq(productMessages.productId, id))
    .orderBy(asc(productMessages.day));
  const byDay = new Map(rows.map((row) => [row.message.day, toMessage(row.message, row.media)]));
  const dayMessage = (day: number) => byDay.get(day) ?? emptyMessage(day);
  return {
    ...toProductSummary(product),
    preMessage: dayMessage(0),
    messages: Array.from({ length: product.days }, (_, i) => dayMessage(i + 1)),
    conclusionMessage: dayMessage(conclusionDay(product.days)),
  };
}

/** The messages of a product payload in day order, each with the field path it came from. */
function messagesByDay(
  input: ProductInput,
): { day: number; field: string; message: MessageInput }[] {
  return [
    { day: 0, field: 'preMessage', message: input.preMessage },
    ...input.messages.map((message, i) => ({ day: i + 1, field: `messages.${i}`, message })),
    {
      day: conclusionDay(input.days),
      field: 'conclusionMessage',
      message: input.conclusionMessage,
    },
  ];
}

/**
 * The uploaded media the payload refers to, by stored name. Media must have been uploaded through
 * POST /api/media; a URL naming anything else is refused, field by field.
 */
async function resolveMedia(tx: Tx, input: ProductInput): Promise<Map<string, MediaRow>> {
  const wanted = messagesByDay(input).filter((entry) => entry.message.media);
  const names = wanted.map((entry) => mediaNameFromUrl(entry.message.media!.url));
  const known = names.some(Boolean)
    ? await tx
        .select()
        .from(media)
        .where(inArray(media.storageName, names.filter(Boolean) as string[]))
    : [];
  const byName = new Map(known.map((row) => [row.storageName, row]));
  const missing: ValidationDetail[] = wanted
    .filter((_, i) => !byName.has(names[i] ?? ''))
    .map((entry) => ({
      field: `${entry.field}.media`,
      message: serverTexts.products.mediaNotFound,
      day: entry.day,
    }));
  if (missing.length > 0) throw badRequest(missing[0]!.message, missing);
  return byName;
}

/** Writes the product's day messages: one row per day 0..days+1, nothing beyond. */
async function writeMessages(tx: Tx, productId: string, input: ProductInput) {
  const mediaByName = await resolveMedia(tx, input);
  await tx
    .delete(productMessages)
    .where(
      and(
        eq(productMessages.productId, productId),
        gt(productMessages.day, conclusionDay(input.days)),
      ),
    );
  const rows = messagesByDay(input).map(({ day, message }) => ({
    productId,
    day,
    text: message.text,
    links: message.links,
    mediaId: message.media ? mediaByName.get(mediaNameFromUrl(message.media.url)!)!.id : null,
    fallbackUrl: message.fallbackUrl || null,
  }));
  await tx
    .insert(productMessages)
    .values(rows)
    .onConflictDoUpdate({
      target: [productMessages.productId, productMessages.day],
      set: {
        text: sql`excluded.text`,
        links: sql`excluded.links`,
        mediaId: sql`excluded.media_id`,
        fallbackUrl: sql`excluded.fallback_url`,
      },
    });
}

/** Creates a product and its messages in one transaction: all of it, or nothing. */
export async function createProduct(
  db: Db,
  input: ProductInput,
  createdBy: string,
): Promise<Product> {
  const id = await db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({ name: input.name, days: input.days, status: input.status ?? 'active', createdBy })
      .returning({ id: products.id });
    await writeMessages(tx, product!.id, input);
    return product!.id;
  });
  return (await getProduct(db, id))!;
}

/**
 * Replaces a product's name, days, status and messages in one transaction. Programs that send the
 * product read its messages when each day goes out, so they send the edited words from then on.
 */
export async function updateProduct(db: Db, id: string, input: ProductInput): Promise<Product> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(products)
      .set({
        name: input.name,
        days: input.days,
        ...(input.status ? { status: input.status } : {}),
      })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (!updated) throw notFound(serverTexts.products.notFound);
    await writeMessages(tx, id, input);
  });
  return (await getProduct(db, id))!;
}
