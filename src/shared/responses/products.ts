import { z } from 'zod';
import { MEDIA_TYPES, PRODUCT_STATUSES } from '../constants';
import { listOf } from './common';

/** A product and its messages as the API answers them; their rules are in shared/product.ts. */

/**
 * `tracked`: each recipient gets their own short link to `url` (shared/message-settings.ts), and
 * opening it is counted. Links saved before tracking existed answer false: they go as typed.
 */
const messageLinkSchema = z.object({ url: z.string(), label: z.string(), tracked: z.boolean() });
export type MessageLink = z.infer<typeof messageLinkSchema>;

export const messageMediaSchema = z.object({
  type: z.enum(MEDIA_TYPES),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type MessageMedia = z.infer<typeof messageMediaSchema>;

const productMessageSchema = z.object({
  day: z.number().int(),
  text: z.string(),
  links: z.array(messageLinkSchema),
  media: messageMediaSchema.nullable(),
  fallbackUrl: z.string(),
});
export type ProductMessage = z.infer<typeof productMessageSchema>;

const productSummarySchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  name: z.string(),
  days: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

const productSchema = productSummarySchema.extend({
  preMessage: productMessageSchema,
  messages: z.array(productMessageSchema),
  conclusionMessage: productMessageSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productListResponse = listOf('data', productSummarySchema);
export const productResponse = z.object({ data: productSchema });
