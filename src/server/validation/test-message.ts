import { z } from 'zod';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { phoneProblem, toE164 } from '../../shared/phone';
import { messageSize } from '../../shared/product';
import { LAST_PROGRAM_DAY } from './message';
import type { TestMessageRequest } from '../../shared/validation/test-message';
import { serverTexts } from '../texts';

/**
 * The rules of POST /api/messages/test's body (TestMessageRequest, in
 * shared/validation/test-message.ts). The dashboard's dialog checks its own fields in its own
 * words; whether the contact, the product, the day and the media exist is checked once these hold
 * (server/services/test-messages.ts).
 */

const t = serverTexts.testSends.api;

/**
 * A staff member's own text (a test, a reply) holds what a product's message may: one segment
 * (`messageSize`, spec section 5, the product editor's counter), so what the counter shows is what
 * goes. `tooLong` says so, with the limit as %{max}.
 */
export const oneSegment = (tooLong: string) => (body: string, ctx: z.RefinementCtx) => {
  const size = messageSize({ text: body, links: [] });
  if (size.units > size.limit) {
    ctx.addIssue({ code: 'custom', message: formatMessage(tooLong, { max: size.limit }) });
  }
};

/** A phone typed with more than this is no phone, however few of its characters are digits. */
const PHONE_TEXT_MAX = 40;

/**
 * The dialog clears the fields it does not use to null or '': they count as not given, so a
 * client need not leave them out.
 */
const absent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const given = <T extends z.ZodType>(schema: T) => z.preprocess(absent, schema.optional());

const dayError = formatMessage(t.invalidDay, { max: LAST_PROGRAM_DAY });

const fields = z.object({
  to: given(
    z
      .string({ error: t.invalidPhone })
      .trim()
      .superRefine((phone, ctx) => {
        const problem =
          phone.length > PHONE_TEXT_MAX ? messages.contacts.phoneTooLong : phoneProblem(phone);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  ),
  contactId: given(z.uuid({ error: t.invalidContactId })),
  body: given(z.string({ error: t.invalidBody }).trim().superRefine(oneSegment(t.bodyTooLong))),
  mediaUrl: given(
    z.string({ error: t.invalidMediaUrl }).trim().max(2048, { error: t.mediaNotFound }),
  ),
  productId: given(z.uuid({ error: t.invalidProductId })),
  // Whole is checked as Number.isInteger, so 1e308 is told the range rather than a safe-integer rule.
  day: given(
    z
      .number({ error: dayError })
      .min(0, { error: dayError })
      .max(LAST_PROGRAM_DAY, { error: dayError })
      .refine(Number.isInteger, { error: dayError }),
  ),
});

type TestMessageFields = z.output<typeof fields>;

/**
 * The body a client sends is each field as the schema reads it, or null where it leaves a field
 * blank (`absent`): the console's request type must say the same (the preprocessing makes the
 * fields' input type `unknown`, so this is checked from their output).
 */
type FieldsAsRequest = { [K in keyof TestMessageFields]?: TestMessageFields[K] | null };
const _requestTypeMatches: [FieldsAsRequest, TestMessageRequest] extends [
  TestMessageRequest,
  FieldsAsRequest,
]
  ? true
  : never = true;

export type TestMessageInput = {
  recipient: { phone: string } | { contactId: string };
  content: { body: string; mediaUrl: string | null } | { productId: string; day: number };
};

/** POST /api/messages/test: the request as the server acts on it. */
export const testMessageSchema = fields
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    // "Neither" is told at the first field of the pair, "both" at the second one.
    if (input.to === undefined && input.contactId === undefined) issue('to', t.recipientRequired);
    if (input.to !== undefined && input.contactId !== undefined) issue('contactId', t.oneRecipient);
    const product = input.productId !== undefined || input.day !== undefined;
    if (input.body !== undefined && product) {
      issue(input.productId !== undefined ? 'productId' : 'day', t.oneContent);
    } else if (input.body === undefined && !product) {
      issue('body', t.contentRequired);
    } else if (product) {
      if (input.productId === undefined) issue('productId', t.productRequired);
      if (input.day === undefined) issue('day', t.dayRequired);
      if (input.mediaUrl !== undefined) issue('mediaUrl', t.mediaWithProduct);
    }
  })
  .transform((input): TestMessageInput => ({
    recipient:
      input.to !== undefined ? { phone: toE164(input.to) } : { contactId: input.contactId! },
    content:
      input.body !== undefined
        ? { body: input.body, mediaUrl: input.mediaUrl ?? null }
        : { productId: input.productId!, day: input.day! },
  }));
