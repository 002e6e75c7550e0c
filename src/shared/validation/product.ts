import { z } from 'zod';
import { LIMITS, MEDIA_TYPES, PRODUCT_STATUSES } from '../constants';
import { formatMessage } from '../format';
import { messages } from '../messages';
import { countedMessage, sampleShortLink, type MessageSettings } from '../message-settings';
import { FALLBACK_MAX, parsePersonalText } from '../personal-fields';
import { isDayCount, messageSize } from '../product';
import { requiredString } from './common';
import { listQuerySchema, oneOrMany } from './list';

/**
 * The product rules of spec section 5, used by the product form (through its resolver) and by the
 * API, so both refuse the same things with the same words.
 */

const t = messages.products;

/** At most this many links on one message; 160 characters leave room for few anyway. */
export const MAX_LINKS_PER_MESSAGE = 5;

/** The longest URL a tracked link may hold: what browsers and servers reliably take. */
export const LINK_URL_MAX = 2048;

/**
 * Link URLs must start with http:// or https://, then a host (a port may follow) and, optionally,
 * a path, query or fragment; no spaces anywhere.
 */
const HTTP_URL = /^https?:\/\/[^\s/?#:@]+(:\d{1,5})?([/?#]\S*)?$/i;

export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}

/**
 * A link: the spec's rules (http:// or https://, at most 25 characters) hold for what the message
 * carries. A tracked link carries its short link, so when that fits the 25 the typed URL may be as
 * long as a browser takes; with a longer SHORT_LINK_BASE the typed URL keeps the spec's limit.
 */
const linkSchema = (settings: MessageSettings) => {
  const shortFits = sampleShortLink(settings.shortLinkBase).length <= LIMITS.linkUrl;
  return z
    .object({
      url: z.string({ error: t.invalidUrl }).trim(),
      label: z.string().trim().max(100).default(''),
      tracked: z.boolean().default(true),
    })
    .superRefine((link, ctx) => {
      const limit = link.tracked && shortFits ? LINK_URL_MAX : LIMITS.linkUrl;
      if (!isHttpUrl(link.url)) {
        ctx.addIssue({ code: 'custom', path: ['url'], message: t.invalidUrl });
      } else if (link.url.length > limit) {
        const message =
          limit === LIMITS.linkUrl
            ? t.urlTooLong
            : formatMessage(t.trackedUrlTooLong, { max: LINK_URL_MAX });
        ctx.addIssue({ code: 'custom', path: ['url'], message });
      }
    });
};

const mediaSchema = z.object({
  type: z.enum(MEDIA_TYPES),
  filename: z.string().max(255),
  mimeType: z.string().max(100),
  size: z.number().int().nonnegative(),
  url: z.string().min(1).max(2048),
});

/** Media that has no URL (never uploaded, or the form's local file only) is dropped. */
const withoutUnuploadedMedia = (value: unknown) =>
  value && typeof value === 'object' && (value as { url?: unknown }).url ? value : null;

/**
 * A message's rules. Its text may hold personal fields (shared/personal-fields.ts), none unknown
 * or broken; its size is counted as sent (shared/message-settings.ts: names at the stated length,
 * tracked links as their short links).
 */
const messageSchema = (settings: MessageSettings) =>
  z
    .object({
      text: z.string().trim().default(''),
      links: z
        .array(linkSchema(settings))
        .max(MAX_LINKS_PER_MESSAGE, {
          error: formatMessage(t.tooManyLinks, { max: MAX_LINKS_PER_MESSAGE }),
        })
        .default([]),
      media: z.preprocess(withoutUnuploadedMedia, mediaSchema.nullable()),
      fallbackUrl: z
        .string()
        .trim()
        .nullish()
        .transform((value) => value ?? ''),
    })
    .superRefine((message, ctx) => {
      const text = (message: string) => ctx.addIssue({ code: 'custom', path: ['text'], message });
      const { unknown, broken } = parsePersonalText(message.text);
      if (unknown.length > 0) text(formatMessage(t.unknownField, { fields: unknown.join(', ') }));
      if (broken.length > 0) {
        text(formatMessage(t.brokenField, { fields: broken.join(', '), max: FALLBACK_MAX }));
      }
      const size = messageSize(countedMessage(message, settings));
      if (size.units > size.limit) {
        text(size.encoding === 'GSM-7' ? t.messageTooLong : t.unicodeMessageTooLong);
      }
      if (message.media && !message.fallbackUrl) {
        ctx.addIssue({ code: 'custom', path: ['fallbackUrl'], message: t.fallbackRecommended });
      } else if (message.fallbackUrl && !isHttpUrl(message.fallbackUrl)) {
        ctx.addIssue({ code: 'custom', path: ['fallbackUrl'], message: t.invalidUrl });
      }
    });

export type MessageInput = z.output<ReturnType<typeof messageSchema>>;

const requiredText = (settings: MessageSettings, message: string) =>
  messageSchema(settings).superRefine((value, ctx) => {
    if (!value.text) ctx.addIssue({ code: 'custom', path: ['text'], message });
  });

// Whole is checked as Number.isInteger, not zod's int() (safe integers only), so 1e308 days is
// told 'Cannot exceed 365 days' alone rather than also that it is not a whole number.
const daysSchema = z.coerce
  .number({ error: t.daysMin })
  .min(LIMITS.daysMin, { error: t.daysMin })
  .max(LIMITS.daysMax, { error: t.daysMax })
  .refine(Number.isInteger, { error: t.daysWhole });

/**
 * The day messages. The count is checked before any message is: a body can hold some 300,000
 * empty messages, and each would otherwise be parsed and reported.
 */
const dayMessages = (settings: MessageSettings) =>
  z
    .array(z.unknown())
    .max(LIMITS.daysMax, { error: t.daysMax })
    .pipe(
      z.array(messageSchema(settings)).superRefine((list, ctx) => {
        list.forEach((message, i) => {
          if (!message.text) {
            const text = formatMessage(t.dayMessageRequired, { n: i + 1 });
            ctx.addIssue({ code: 'custom', path: [i, 'text'], message: text });
          }
        });
      }),
    );

const productFields = (settings: MessageSettings) => ({
  name: requiredString(t.nameRequired).max(200),
  days: daysSchema,
  preMessage: requiredText(settings, t.preMessageRequired),
  messages: dayMessages(settings),
  conclusionMessage: requiredText(settings, t.conclusionRequired),
});

/**
 * One message per day: a missing day is reported as that day's message being required. Only for
 * a valid day count: `days` has its own message otherwise, and ten million missing days would be
 * ten million issues.
 */
function oneMessagePerDay(product: { days: number; messages: unknown[] }, ctx: z.RefinementCtx) {
  const { days, messages: list } = product;
  if (!isDayCount(days) || !Array.isArray(list)) return;
  for (let i = list.length; i < days; i++) {
    const text = formatMessage(t.dayMessageRequired, { n: i + 1 });
    ctx.addIssue({ code: 'custom', path: ['messages', i, 'text'], message: text });
  }
  if (list.length > days) {
    const text = formatMessage(t.tooManyMessages, { actual: list.length, expected: days });
    ctx.addIssue({ code: 'custom', path: ['messages'], message: text });
  }
}

/**
 * POST /api/products and the create form (`create`); PUT /api/products/{id} and the edit form
 * (`update`: as create, plus the status). Both measure messages with the server's settings.
 */
export function productSchemas(settings: MessageSettings) {
  const fields = productFields(settings);
  return {
    create: z.object(fields).superRefine(oneMessagePerDay),
    update: z
      .object({ ...fields, status: z.enum(PRODUCT_STATUSES).optional() })
      .superRefine(oneMessagePerDay),
  };
}

export type ProductInput = z.output<ReturnType<typeof productSchemas>['update']>;

export const PRODUCT_SORT_FIELDS = ['name', 'days', 'status', 'createdAt', 'updatedAt'] as const;

/** GET /api/products: paging, sorting, name search and a status filter (`?status=active`). */
export const productListQuerySchema = listQuerySchema(PRODUCT_SORT_FIELDS).extend({
  status: oneOrMany(PRODUCT_STATUSES, 'status'),
});
