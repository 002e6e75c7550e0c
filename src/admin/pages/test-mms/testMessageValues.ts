import { messages } from '../../../shared/messages';
import { phoneProblem, toE164 } from '../../../shared/phone';
import type { MessageMedia } from '../../../shared/responses/products';
import type { TestMessageRequest } from '../../../shared/validation/test-message';

const t = messages.testMms;

/** Who the test goes to: a phone number typed in, or a contact found by search. */
export type RecipientChoice = 'phone' | 'contact';
/** What it says: text written here (with optional media), or a product's day. */
export type ContentChoice = 'text' | 'product';

/**
 * The dialog's form. Field names are those of POST /api/messages/test, so the server's `details`
 * land beside their fields; the media sits where MediaField keeps it (`attachment.media`), and its
 * URL is sent as `mediaUrl`.
 */
export interface TestMessageFormValues {
  recipient: RecipientChoice;
  to: string;
  contactId: string | null;
  content: ContentChoice;
  body: string;
  attachment: { media: (MessageMedia & { file?: File }) | null };
  productId: string | null;
  day: number | string | null;
}

export const TEST_MESSAGE_DEFAULTS: TestMessageFormValues = {
  recipient: 'phone',
  to: '',
  contactId: null,
  content: 'text',
  body: '',
  attachment: { media: null },
  productId: null,
  day: null,
};

const blank = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === '';

/**
 * What is missing or wrong before sending, by field; only the fields of the chosen recipient and
 * content count. The server checks again (and decides the text length: the counter warns).
 */
export function testMessageProblems(values: TestMessageFormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.recipient === 'phone') {
    const problem = blank(values.to) ? t.toRequired : phoneProblem(values.to);
    if (problem) problems.to = problem;
  } else if (blank(values.contactId)) {
    problems.contactId = t.contactRequired;
  }
  if (values.content === 'text') {
    if (blank(values.body)) problems.body = t.bodyRequired;
  } else {
    if (blank(values.productId)) problems.productId = t.productRequired;
    else if (blank(values.day)) problems.day = t.dayRequired;
  }
  return problems;
}

/** The request for the form's values: exactly one recipient and one kind of content. */
export function toTestMessageRequest(values: TestMessageFormValues): TestMessageRequest {
  const recipient =
    values.recipient === 'phone' ? { to: toE164(values.to) } : { contactId: values.contactId! };
  if (values.content === 'product') {
    return { ...recipient, productId: values.productId!, day: Number(values.day) };
  }
  const mediaUrl = values.attachment?.media?.url;
  return { ...recipient, body: values.body.trim(), ...(mediaUrl ? { mediaUrl } : {}) };
}
