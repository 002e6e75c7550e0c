import { z } from 'zod';
import { MEDIA_TYPES, PRODUCT_STATUSES } from '../constants';
import type { MessageMedia, Product, ProductSummary } from '../product';
import { listOf } from './common';

export const messageMediaSchema = z.object({
  type: z.enum(MEDIA_TYPES),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
}) satisfies z.ZodType<MessageMedia>;

const productMessageSchema = z.object({
  day: z.number().int(),
  text: z.string(),
  links: z.array(z.object({ url: z.string(), label: z.string() })),
  media: messageMediaSchema.nullable(),
  fallbackUrl: z.string(),
});

const productSummarySchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  name: z.string(),
  days: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}) satisfies z.ZodType<ProductSummary>;

const productSchema = productSummarySchema.extend({
  preMessage: productMessageSchema,
  messages: z.array(productMessageSchema),
  conclusionMessage: productMessageSchema,
}) satisfies z.ZodType<Product>;

export const productListResponse = listOf('data', productSummarySchema);
export const productResponse = z.object({ data: productSchema });
