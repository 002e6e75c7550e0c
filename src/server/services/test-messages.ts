import { eq } from 'drizzle-orm';
import { TEST_SEND_LIMIT } from '../../shared/consent';
import { formatMessage } from '../../shared/format';
import { parsePersonalText } from '../../shared/personal-fields';
import { conclusionDay } from '../../shared/product';
import type { ValidationDetail } from '../../shared/responses/common';
import type { ApiMessageDetail } from '../../shared/responses/messages';
import type { TestMessageInput } from '../validation/test-message';
import { serverTexts } from '../texts';
import { countStaffSend, forgetAttempt } from '../auth/rate-limit';
import { optedOutSince, optOutDate } from '../consent/opted-out-since';
import type { Db } from '../db/client';
import { outboundMessages, products, shortLinks, users } from '../db/schema';
import {
  drawShortLinks,
  literalBody,
  personalBody,
  type DrawnLink,
  type OutboundBody,
} from '../delivery/body';
import { destinationRefusal } from '../delivery/destination';
import { dayMessage } from '../delivery/planner';
import { recordEvent } from '../delivery/status';
import { badRequest, conflict } from '../http/errors';
import { uploadedMediaName } from '../media/uploaded';
import { getMessage } from './messages';

/** What the request names must exist and may be texted (its fields' rules: validation/). */
const refusals = serverTexts.testSends.api;

export interface TestSendOptions {
  /** The staff user sending: the message is theirs (created_by), and so is the rate limit. */
  userId: string;
  /** PUBLIC_URL: media goes as an absolute URL under it, as the planner sends it. */
  publicUrl: string;
  /** SHORT_LINK_BASE: a tracked link goes as the recipient's short link, as the planner sends it. */
  shortLinkBase: string;
  /** DELIVERY_CUTOFF: a test not handed over within this long is expired, like any message. */
  cutoffMs: number;
  /** SMS_ALLOWED_COUNTRIES: a test goes to a number in these countries only. */
  allowedCountries: readonly string[];
  /** The delivery engine's clock: the message is due at once by it. */
  now: Date;
}

/** Either what was asked for, or why it cannot be had (a field error). */
type Resolved<T> = { value: T } | { problem: ValidationDetail };

const problem = (field: string, message: string) => ({ problem: { field, message } });

interface Recipient {
  phone: string;
  contactId: string | null;
  /** The contact's names, for a product day's personal fields; null for a phone nobody owns. */
  names: Names;
}

/**
 * Whom the test goes to. A typed phone that belongs to exactly one contact is theirs, so the
 * message shows in that contact's messages; a phone shared by several contacts is nobody's.
 */
async function recipientOf(
  db: Db,
  recipient: TestMessageInput['recipient'],
  allowedCountries: readonly string[],
): Promise<Resolved<Recipient>> {
  const found = await recipientPhone(db, recipient);
  if ('problem' in found) return found;
  const abroad = destinationRefusal(found.value.phone, allowedCountries);
  return abroad ? problem('phone' in recipient ? 'to' : 'contactId', abroad) : found;
}

const contactColumns = {
  id: users.id,
  phone: users.phone,
  firstName: users.firstName,
  lastName: users.lastName,
};

async function recipientPhone(db: Db, recipient: TestMessageInput['recipient']) {
  if ('phone' in recipient) {
    const owners = await db
      .select(contactColumns)
      .from(users)
      .where(eq(users.phone, recipient.phone))
      .limit(2);
    const owner = owners.length === 1 ? owners[0]! : null;
    return {
      value: { phone: recipient.phone, contactId: owner?.id ?? null, names: owner },
    } satisfies Resolved<Recipient>;
  }
  const [contact] = await db
    .select(contactColumns)
    .from(users)
    .where(eq(users.id, recipient.contactId));
  if (!contact) return problem('contactId', refusals.contactNotFound);
  if (!contact.phone) return problem('contactId', refusals.contactNoPhone);
  return {
    value: { phone: contact.phone, contactId: contact.id, names: contact },
  } satisfies Resolved<Recipient>;
}

interface Content {
  day: number | null;
  /** The message for the recipient (named, or not), and the short links to store with it. */
  forRecipient(names: Names): { sent: OutboundBody; drawn: DrawnLink[] };
}

type Names = { firstName: string; lastName: string } | null;

/**
 * What the test says. A product's day is built by the code that builds it for participants
 * (delivery/body.ts): the same text with the recipient's names filled in, each tracked link as a
 * short link of their own, the absolute media URL and the fallback link. A test belongs to no
 * program, so `{program_name}` takes its fallback.
 */
async function contentOf(
  db: Db,
  content: TestMessageInput['content'],
  settings: Pick<TestSendOptions, 'publicUrl' | 'shortLinkBase'>,
): Promise<Resolved<Content>> {
  const { publicUrl } = settings;
  if ('body' in content) {
    let mediaStorageName: string | null = null;
    if (content.mediaUrl !== null) {
      mediaStorageName = await uploadedMediaName(db, content.mediaUrl, publicUrl);
      if (!mediaStorageName) return problem('mediaUrl', refusals.mediaNotFound);
    }
    const sent = literalBody(content.body, mediaStorageName, publicUrl);
    return { value: { day: null, forRecipient: () => ({ sent, drawn: [] }) } };
  }
  const [product] = await db
    .select({ name: products.name, days: products.days })
    .from(products)
    .where(eq(products.id, content.productId));
  if (!product) return problem('productId', refusals.productNotFound);
  const last = conclusionDay(product.days);
  if (content.day > last) {
    const text = formatMessage(refusals.dayOutOfRange, {
      product: product.name,
      max: last,
      days: product.days,
    });
    return problem('day', text);
  }
  const { day } = content;
  const message = await dayMessage(db, content.productId, day);
  const parsed = parsePersonalText(message.text);
  const forRecipient = (names: Names) => {
    const { shortLinks, drawn } = drawShortLinks(message, settings.shortLinkBase);
    const values = {
      first_name: names?.firstName ?? null,
      last_name: names?.lastName ?? null,
      program_name: null,
      day,
      days_left: last - day,
    };
    return { sent: personalBody(message, parsed, { values, shortLinks }, publicUrl), drawn };
  };
  return { value: { day, forRecipient } };
}

/**
 * POST /api/messages/test: queues a `test` message from a staff user to a phone, due now by the
 * engine's clock. It keeps no time zone, so quiet hours do not hold it (staff test on their own
 * phone, at any hour); the cutoff still expires it if it cannot go out. Only a request that names
 * a real recipient and content and a phone that did not opt out counts against the user's limit.
 * Answers the message as GET /api/messages/{id} does.
 */
export async function sendTestMessage(
  db: Db,
  input: TestMessageInput,
  options: TestSendOptions,
): Promise<ApiMessageDetail> {
  const { now } = options;
  const recipient = await recipientOf(db, input.recipient, options.allowedCountries);
  const content = await contentOf(db, input.content, options);
  const problems = [recipient, content].flatMap((r) => ('problem' in r ? [r.problem] : []));
  if ('problem' in recipient || 'problem' in content) {
    throw badRequest(problems[0]!.message, problems);
  }
  const { phone, contactId, names } = recipient.value;
  const { day } = content.value;
  const { sent, drawn } = content.value.forRecipient(names);
  const { body, mediaUrl, segments } = sent;

  const attempt = await countStaffSend(
    db,
    `test-send:user:${options.userId}`,
    TEST_SEND_LIMIT,
    refusals.tooMany,
  );
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const since = await optedOutSince(tx, phone);
      if (since)
        throw conflict(formatMessage(refusals.optedOut, { date: optOutDate.format(since) }));
      const [row] = await tx
        .insert(outboundMessages)
        .values({
          kind: 'test',
          contactId,
          toPhone: phone,
          body,
          mediaUrl,
          day,
          segments,
          sendAfter: now,
          expiresAt: new Date(now.getTime() + options.cutoffMs),
          timeZone: null,
          createdBy: options.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: outboundMessages.id });
      await recordEvent(tx, row!.id, 'queued', 'staff', now);
      if (drawn.length > 0) {
        await tx
          .insert(shortLinks)
          .values(drawn.map((link) => ({ ...link, messageId: row!.id, day, createdAt: now })));
      }
      return row!.id;
    });
  } catch (error) {
    // Refused (opted out) or not written: it was no send, so it does not count.
    await forgetAttempt(db, attempt);
    throw error;
  }
  return getMessage(db, id);
}
