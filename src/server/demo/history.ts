import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { DELIVERY_DEFAULTS, type MessageStatus } from '../../shared/delivery';
import { lastDayDue, sendTimeOfDay, type ProgramSchedule } from '../../shared/schedule';
import { analyzeSms } from '../../shared/sms';
import { serverTexts } from '../texts';
import type { Tx } from '../db/client';
import {
  consentEvents,
  inboundMessages,
  outboundMessageEvents,
  outboundMessages,
  products,
  programPlans,
  programs,
  users,
} from '../db/schema';
import { personalBody } from '../delivery/body';
import { parsePersonalText } from '../../shared/personal-fields';
import { dayMessage } from '../delivery/planner';
import { programRecipients } from '../delivery/recipients';
import { twilioErrorText } from '../delivery/twilio-error-texts';
import { optinConfirmation } from '../inbound/texts';

/** The seeded PRNG of the demo (see seed.ts), so every demo database has the same past. */
export interface DemoRandom {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

type OutboundRow = typeof outboundMessages.$inferInsert & { id: string };

/** What the demo itself created: its past is written for these contacts and programs only. */
export interface DemoRows {
  contacts: {
    id: string;
    role: string;
    phone: string | null;
    smsVerified: boolean;
    createdAt: Date;
  }[];
  programIds: string[];
}
type EventRow = typeof outboundMessageEvents.$inferInsert;

/** What became of a program message, and how often: roughly what a US SMS program sees. */
const OUTCOMES: { weight: number; status: MessageStatus; errorCode?: string }[] = [
  { weight: 905, status: 'delivered' },
  { weight: 40, status: 'undelivered', errorCode: '30003' },
  { weight: 20, status: 'undelivered', errorCode: '30007' },
  { weight: 15, status: 'undelivered', errorCode: '30006' },
  { weight: 10, status: 'failed', errorCode: '21614' },
  // The carrier never reported: the message stays 'sent' (handed over, fate unknown).
  { weight: 10, status: 'sent' },
];
const OUTCOME_TOTAL = OUTCOMES.reduce((sum, outcome) => sum + outcome.weight, 0);

const FREE_REPLIES = [
  'Thanks, loved today’s tip!',
  'What time do these usually arrive?',
  'Did my 10 minute walk today',
  'Can I share these with my sister?',
  'Great reminder, thank you',
  'Missed yesterday’s, can you resend?',
];
/** How many participants of the running programs opted out along the way. */
const OPT_OUTS = 3;
const MINUTE_MS = 60_000;
/** The Tidings number participants write to (the demo has no real one). */
const DEMO_NUMBER = '+15035550100';
/** Most seconds between sending a message and its delivery report. */
const DELIVERY_LAG_S = 40;

/** A Twilio-shaped message id. */
const sid = () => `SM${randomBytes(16).toString('hex')}`;
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

/**
 * The demo's past: what the delivery engine and the participants would have done by `now`, so a
 * demo database opens with weeks of history on the dashboard, Analytics, the outbox and each
 * contact's conversation. Opted-in participants replied JOIN when they were added; each past day
 * of the running and finished programs went to their recipients, mostly delivered, some refused
 * by carriers with Twilio's codes; a few participants replied with questions, and a few with STOP.
 * Each program's plan is recorded up to its last day due, so the planner carries on from today
 * instead of recording the past days as missed.
 */
export async function insertDemoHistory(tx: Tx, rand: DemoRandom, now: Date, own: DemoRows) {
  const outbound: OutboundRow[] = [];
  const events: EventRow[] = [];
  const inbound: (typeof inboundMessages.$inferInsert & { id: string })[] = [];
  const consent: (typeof consentEvents.$inferInsert)[] = [];

  /** A reply from the engine, handed over and delivered at once. */
  const confirm = (contactId: string, phone: string, body: string, at: Date) => {
    const id = randomUUID();
    outbound.push({
      id,
      kind: 'confirmation',
      contactId,
      toPhone: phone,
      body,
      segments: analyzeSms(body).segments,
      status: 'delivered',
      attempts: 1,
      sendAfter: at,
      providerMessageId: sid(),
      sentAt: plus(at, 2000),
      deliveredAt: plus(at, 6000),
      demo: true,
      createdAt: at,
      updatedAt: plus(at, 6000),
    });
    events.push(
      { messageId: id, status: 'queued', source: 'system', at },
      { messageId: id, status: 'sent', source: 'dispatcher', at: plus(at, 2000) },
      { messageId: id, status: 'delivered', source: 'provider', at: plus(at, 6000) },
    );
  };

  const receive = (contactId: string, phone: string, body: string, at: Date) => {
    const id = randomUUID();
    const intent = body === 'JOIN' ? 'optin' : body === 'STOP' ? 'optout' : null;
    inbound.push({
      id,
      providerMessageId: sid(),
      fromPhone: phone,
      toPhone: DEMO_NUMBER,
      body,
      contactId,
      intent,
      receivedAt: at,
      // As receiveMessage files them: keywords Tidings answered are handled, free text is new.
      state: intent ? 'handled' : 'new',
      handledAt: intent ? at : null,
      demo: true,
    });
    return id;
  };

  // Every demo participant opted in replied JOIN soon after staff added them, and got the
  // confirmation.
  const optedIn = own.contacts.filter((c) => c.role === 'participant' && c.smsVerified && c.phone);
  for (const contact of optedIn) {
    const at = plus(contact.createdAt, rand.int(5, 180) * MINUTE_MS);
    if (at > now) continue;
    const inboundMessageId = receive(contact.id, contact.phone!, 'JOIN', at);
    consent.push({
      contactId: contact.id,
      phone: contact.phone!,
      event: 'opted_in',
      source: 'keyword',
      keyword: 'JOIN',
      text: 'JOIN',
      inboundMessageId,
      at,
      demo: true,
    });
    confirm(contact.id, contact.phone!, optinConfirmation([]), plus(at, 1000));
  }

  const started = await tx
    .select({
      id: programs.id,
      programName: programs.programName,
      productId: programs.productId,
      startDate: programs.startDate,
      sendTime: programs.sendTime,
      timeZone: programs.timeZone,
      days: products.days,
    })
    .from(programs)
    .innerJoin(products, eq(products.id, programs.productId))
    .where(
      and(
        inArray(programs.id, own.programIds),
        lte(programs.startDate, now.toISOString().slice(0, 10)),
      ),
    );

  // Who will opt out, and when: chosen first, so that nothing is sent to them afterwards.
  const optOutAt = new Map<string, Date>();
  const recipientsOf = new Map<string, Awaited<ReturnType<typeof programRecipients>>>();
  for (const program of started) {
    recipientsOf.set(program.id, await programRecipients(tx, program.id));
  }
  const everyone = [...recipientsOf.values()].flat();
  for (let i = 0; i < OPT_OUTS && everyone.length > 0; i++) {
    const contact = rand.pick(everyone);
    const from = Math.max(
      contact.joinedAt?.getTime() ?? 0,
      now.getTime() - 20 * 24 * 60 * MINUTE_MS,
    );
    optOutAt.set(contact.contactId, new Date(rand.int(from, now.getTime() - 60 * MINUTE_MS)));
  }

  const delivered: { contactId: string; phone: string; at: Date }[] = [];
  for (const program of started) {
    const schedule: ProgramSchedule = {
      startDate: program.startDate!,
      sendTime: program.sendTime,
      timeZone: program.timeZone,
      days: program.days,
    };
    const lastDay = lastDayDue(schedule, now);
    if (lastDay < 0) continue;
    for (let day = 0; day <= lastDay; day++) {
      const { sendAt } = sendTimeOfDay(schedule, day);
      const message = await dayMessage(tx, program.productId!, day);
      const parsed = parsePersonalText(message.text);
      // Demo links go as typed: the demo has no short links to open.
      const shortLinks = message.links.map(() => null);
      const shared = { program_name: program.programName, day, days_left: program.days + 1 - day };
      for (const [index, recipient] of recipientsOf.get(program.id)!.entries()) {
        const values = {
          ...shared,
          first_name: recipient.firstName,
          last_name: recipient.lastName,
        };
        const body = personalBody(message, parsed, { values, shortLinks }, '');
        const stoppedAt = optOutAt.get(recipient.contactId);
        if (
          (recipient.joinedAt && recipient.joinedAt > sendAt) ||
          (stoppedAt && stoppedAt < sendAt)
        )
          continue;
        // Paced as the dispatcher would: a few per second from the send time.
        const sentAt = plus(sendAt, index * 1000 + rand.int(0, 900));
        const id = randomUUID();
        const outcome = pickOutcome(rand);
        const refused = outcome.status === 'failed';
        const settledAt = plus(sentAt, rand.int(3, DELIVERY_LAG_S) * 1000);
        const reportedAt = settledAt > now ? now : settledAt;
        const errorMessage = outcome.errorCode ? twilioErrorText(outcome.errorCode) : null;
        outbound.push({
          id,
          kind: 'program',
          contactId: recipient.contactId,
          toPhone: recipient.phone!,
          body: body.body,
          mediaUrl: body.mediaUrl,
          programId: program.id,
          day,
          status: outcome.status,
          segments: body.segments,
          attempts: 1,
          sendAfter: sendAt,
          expiresAt: plus(sendAt, DELIVERY_DEFAULTS.cutoffMs),
          timeZone: program.timeZone,
          // A refused message never reached the provider: it has no provider id and no sent time.
          providerMessageId: refused ? null : sid(),
          errorCode: outcome.errorCode ?? null,
          errorMessage,
          sentAt: refused ? null : sentAt,
          deliveredAt: outcome.status === 'delivered' ? reportedAt : null,
          demo: true,
          createdAt: sendAt,
          updatedAt: outcome.status === 'sent' ? sentAt : reportedAt,
        });
        events.push({ messageId: id, status: 'queued', source: 'planner', at: sendAt });
        if (refused) {
          events.push({
            messageId: id,
            status: 'failed',
            source: 'dispatcher',
            errorCode: outcome.errorCode,
            errorMessage,
            at: sentAt,
          });
          continue;
        }
        events.push({ messageId: id, status: 'sent', source: 'dispatcher', at: sentAt });
        if (outcome.status !== 'sent') {
          events.push({
            messageId: id,
            status: outcome.status,
            source: 'provider',
            errorCode: outcome.errorCode ?? null,
            errorMessage,
            at: reportedAt,
          });
        }
        if (outcome.status === 'delivered') {
          delivered.push({ contactId: recipient.contactId, phone: recipient.phone!, at: sentAt });
        }
      }
    }
    await tx
      .insert(programPlans)
      .values({ programId: program.id, plannedDay: lastDay, plannedAt: now, demo: true })
      .onConflictDoNothing();
  }

  // A few participants answered a day's message.
  for (const text of FREE_REPLIES) {
    if (delivered.length === 0) break;
    const message = rand.pick(delivered);
    const at = plus(message.at, rand.int(2, 90) * MINUTE_MS);
    if (at < now) receive(message.contactId, message.phone, text, at);
  }

  // And a few had enough: STOP, its confirmation, and the opt-out on their contact.
  for (const [contactId, at] of optOutAt) {
    const phone = everyone.find((r) => r.contactId === contactId)!.phone!;
    const inboundMessageId = receive(contactId, phone, 'STOP', at);
    consent.push({
      contactId,
      phone,
      event: 'opted_out',
      source: 'keyword',
      keyword: 'STOP',
      text: 'STOP',
      inboundMessageId,
      at,
      demo: true,
    });
    confirm(contactId, phone, serverTexts.sms.optedOut, plus(at, 1000));
    await tx.update(users).set({ smsOptedOutAt: at, updatedAt: at }).where(eq(users.id, contactId));
  }

  await insertInChunks(tx, outboundMessages, outbound);
  await insertInChunks(
    tx,
    outboundMessageEvents,
    events.map((event) => ({ ...event, demo: true })),
  );
  await insertInChunks(tx, inboundMessages, inbound);
  await insertInChunks(tx, consentEvents, consent);
  return { messages: outbound.length, replies: inbound.length };
}

function pickOutcome(rand: DemoRandom) {
  let roll = rand.int(1, OUTCOME_TOTAL);
  for (const outcome of OUTCOMES) {
    roll -= outcome.weight;
    if (roll <= 0) return outcome;
  }
  return OUTCOMES[0]!;
}

/** Many rows in statements of at most 1,000 (a statement holds at most 65,535 parameters). */
async function insertInChunks<T extends Record<string, unknown>>(
  tx: Tx,
  table: Parameters<Tx['insert']>[0],
  rows: T[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(table).values(rows.slice(i, i + 1000) as never);
  }
}
