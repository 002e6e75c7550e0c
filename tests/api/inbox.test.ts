import { asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_REPLY_LIMIT } from '../../src/shared/consent';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import type {
  ApiInboundMessage,
  ApiInboxCounts,
  ApiMessage,
} from '../../src/shared/responses/messages';
import {
  consentEvents,
  inboundMessages,
  outboundMessages,
  users,
} from '../../src/server/db/schema';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { createUser, loginAs, bearer, startSignedInApp } from './helpers/app';
import { stubProvider } from './helpers/sms';

/**
 * Two-way conversations (issue 26): staff replies, the inbox (new and handled, assigned), and
 * replies that may ask to stop, held until a staff member decides them.
 */

/**
 * The engine's clock stands at 06:30 UTC, today or tomorrow: 22:30 or 23:30 in Los Angeles
 * (quiet hours, whatever the season) and 01:30 or 02:30 in New York.
 */
const NOW = (() => {
  const at = new Date();
  at.setUTCHours(6, 30, 0, 0);
  if (at.getTime() < Date.now()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
})();

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
const log = Fastify().log;

beforeAll(async () => {
  ctx = await startSignedInApp({
    SMS_HELP_CONTACT: '+15035550199',
    TIDINGS_TEST_CLOCK_OFFSET_MS: String(NOW.getTime() - Date.now()),
  });
});
afterAll(() => ctx.close());

let phones = 0;
const nextPhone = () => `+1415555${String(++phones).padStart(4, '0')}`;

const participant = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(ctx.db, {
    role: 'participant',
    firstName: 'Rosa',
    lastName: 'Parks',
    phone: nextPhone(),
    ...overrides,
  }).then(({ user }) => user);

const request = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers = ctx.auth,
) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

/** A reply from the contact's phone, as Simulate reply hands it over. */
async function replyFrom(contactId: string, body: string): Promise<ApiInboundMessage> {
  const response = await request('POST', `/api/contacts/${contactId}/simulate-reply`, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message;
}

const sendReply = (contactId: string, payload: unknown, headers = ctx.auth) =>
  request('POST', `/api/contacts/${contactId}/messages`, payload, headers);

const inbox = async (query: string): Promise<ApiInboundMessage[]> => {
  const response = await request('GET', `/api/inbound-messages?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().messages;
};

const counts = async (): Promise<ApiInboxCounts> =>
  (await request('GET', '/api/inbound-messages/counts')).json();

const consentOf = (phone: string) =>
  ctx.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.phone, phone))
    .orderBy(asc(consentEvents.at), asc(consentEvents.id));

const outboxTo = (phone: string) =>
  ctx.db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.toPhone, phone))
    .orderBy(asc(outboundMessages.createdAt));

const staffName = () => `Hana ${ctx.user.lastName}`;

/** A time the engine's clock gave during this file: NOW, plus the seconds the tests have taken. */
const duringTests = () =>
  expect.toSatisfy(
    (iso: string) => Date.parse(iso) >= NOW.getTime() && Date.parse(iso) < NOW.getTime() + 600_000,
  );

describe('POST /api/contacts/{id}/messages (a staff reply)', () => {
  it('queues a staff reply due at once to a phone that wrote in the last 24 hours, and marks its replies handled', async () => {
    const contact = await participant({ state: 'CA' });
    const question = await replyFrom(contact.id, 'What time is the call?');
    expect(question).toMatchObject({ intent: null, state: 'new', handledAt: null });

    const response = await sendReply(contact.id, { body: '  7 pm  ' });
    expect(response.statusCode, response.body).toBe(201);
    const { message } = response.json() as { message: ApiMessage };
    expect(message).toMatchObject({
      kind: 'staff',
      status: 'queued',
      toPhone: contact.phone,
      body: '7 pm',
      contactId: contact.id,
      sentByName: staffName(),
      sendAfter: duringTests(),
    });
    // The sender is recorded with the message, and named wherever it is shown.
    const [row] = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, message.id));
    expect(row!.createdBy).toBe(ctx.user.id);
    expect(row!.timeZone).toBeNull();
    const conversation = await request('GET', `/api/contacts/${contact.id}/conversation`);
    expect(conversation.json().entries).toContainEqual(
      expect.objectContaining({ direction: 'out', id: message.id, sentByName: staffName() }),
    );
    const detail = await request('GET', `/api/messages/${message.id}`);
    expect(detail.json().message).toMatchObject({ sentByName: staffName() });

    const [answered] = await inbox(`contactId=${contact.id}`);
    expect(answered).toMatchObject({
      id: question.id,
      state: 'handled',
      handledAt: duringTests(),
      handledByName: staffName(),
    });
  });

  it('waits for 08:00 where the contact lives when they have not written in 24 hours', async () => {
    const contact = await participant({ state: 'California' });
    const response = await sendReply(contact.id, { body: 'See you Saturday!' });
    expect(response.statusCode, response.body).toBe(201);
    const { message } = response.json() as { message: ApiMessage };
    const due = new Date(message.sendAfter);
    expect(due.getTime()).toBeGreaterThan(NOW.getTime());
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Los_Angeles',
      hour: '2-digit',
      minute: '2-digit',
    }).format(due);
    expect(local).toBe('08:00');
    expect(due.getTime() - NOW.getTime()).toBeLessThan(11 * 3_600_000);
  });

  it('is refused for a phone that opted out (409), a contact without a phone (400) and an unknown contact (404)', async () => {
    const stopped = await participant();
    await replyFrom(stopped.id, 'STOP');
    const refused = await sendReply(stopped.id, { body: 'Are you sure?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^This number opted out on .+; Tidings will not text it/);

    const phoneless = await participant({ phone: null });
    const noPhone = await sendReply(phoneless.id, { body: 'Hello' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error).toBe(serverTexts.staffReplies.api.noPhone);

    const unknown = await sendReply('00000000-0000-4000-8000-000000000000', { body: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    // Nothing was queued by any of them.
    expect((await outboxTo(stopped.phone!)).filter((m) => m.kind === 'staff')).toEqual([]);
  });

  it('tells each bad field what is wrong', async () => {
    const contact = await participant();
    const empty = await sendReply(contact.id, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      { field: 'body', message: serverTexts.staffReplies.api.bodyRequired },
    ]);
    const long = await sendReply(contact.id, { body: 'x'.repeat(161) });
    expect(long.json().details).toEqual([
      {
        field: 'body',
        message: formatMessage(serverTexts.staffReplies.api.bodyTooLong, { max: 160 }),
      },
    ]);
    const media = await sendReply(contact.id, {
      body: 'Look',
      mediaUrl: 'https://elsewhere.example/cat.gif',
    });
    expect(media.statusCode).toBe(400);
    expect(media.json().details).toEqual([
      { field: 'mediaUrl', message: serverTexts.testSends.api.mediaNotFound },
    ]);
  });

  it(`allows each staff member ${STAFF_REPLY_LIMIT.max} replies an hour, then answers 429 with Retry-After`, async () => {
    const { user, password } = await createUser(ctx.db, { role: 'host', firstName: 'Ike' });
    const auth = bearer(await loginAs(ctx.app, user.email, password!));
    const contact = await participant();
    for (let i = 0; i < STAFF_REPLY_LIMIT.max; i++) {
      expect((await sendReply(contact.id, { body: `Note ${i}` }, auth)).statusCode).toBe(201);
    }
    const over = await sendReply(contact.id, { body: 'One more' }, auth);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another staff member is not held back by it.
    expect((await sendReply(contact.id, { body: 'From Hana' })).statusCode).toBe(201);
  });
});

describe('the inbox: GET /api/inbound-messages, PATCH /api/inbound-messages/{id}, GET …/counts', () => {
  it('keeps free text new until handled, and keywords Tidings answered handled from the start', async () => {
    const contact = await participant();
    const before = await counts();
    const question = await replyFrom(contact.id, 'Can I bring my dog?');
    const join = await replyFrom(contact.id, 'JOIN');
    expect(join).toMatchObject({ intent: 'optin', state: 'handled', handledByName: null });
    expect((await counts()).new).toBe(before.new + 1);
    const fresh = await inbox(`state=new&contactId=${contact.id}`);
    expect(fresh.map((m) => m.id)).toEqual([question.id]);

    const handled = await request('PATCH', `/api/inbound-messages/${question.id}`, {
      state: 'handled',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().message).toMatchObject({
      state: 'handled',
      handledAt: duringTests(),
      handledByName: staffName(),
    });
    expect((await counts()).new).toBe(before.new);
    // And back to new.
    const reopened = await request('PATCH', `/api/inbound-messages/${question.id}`, {
      state: 'new',
    });
    expect(reopened.json().message).toMatchObject({ state: 'new', handledAt: null });
  });

  it('assigns a reply to a staff member, filters mine and unassigned, and refuses a participant', async () => {
    const contact = await participant();
    const question = await replyFrom(contact.id, 'Where do we meet?');
    const mineBefore = (await counts()).mine;
    const assigned = await request('PATCH', `/api/inbound-messages/${question.id}`, {
      assigneeId: ctx.user.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().message).toMatchObject({
      assigneeId: ctx.user.id,
      assigneeName: staffName(),
      state: 'new',
    });
    expect((await counts()).mine).toBe(mineBefore + 1);
    expect((await inbox('assigneeId=me')).map((m) => m.id)).toContain(question.id);
    expect((await inbox('assigneeId=none')).map((m) => m.id)).not.toContain(question.id);

    const notStaff = await request('PATCH', `/api/inbound-messages/${question.id}`, {
      assigneeId: contact.id,
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().details).toEqual([
      { field: 'assigneeId', message: serverTexts.inboxApi.assigneeNotStaff },
    ]);
    const unassigned = await request('PATCH', `/api/inbound-messages/${question.id}`, {
      assigneeId: null,
    });
    expect(unassigned.json().message).toMatchObject({ assigneeId: null, assigneeName: null });
    expect((await inbox('assigneeId=none')).map((m) => m.id)).toContain(question.id);
  });

  it('refuses an empty change (400), an unknown reply (404) and a bad filter (400)', async () => {
    const contact = await participant();
    const question = await replyFrom(contact.id, 'Hello?');
    const empty = await request('PATCH', `/api/inbound-messages/${question.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(serverTexts.inboxApi.nothingToChange);
    const unknown = await request(
      'PATCH',
      '/api/inbound-messages/00000000-0000-4000-8000-000000000000',
      { state: 'handled' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(serverTexts.inboxApi.notFound);
    const badState = await request('GET', '/api/inbound-messages?state=done');
    expect(badState.statusCode).toBe(400);
  });
});

describe('replies that may ask to stop', () => {
  /**
   * The dispatcher's clock: 23:00 UTC, daytime in every US zone whatever the season (an opt-in
   * request to a number placed nowhere closer keeps the quiet hours of its whole country).
   */
  const DISPATCH_AT = (() => {
    const at = new Date();
    at.setUTCHours(23, 0, 0, 0);
    return at;
  })();
  const dispatcher = () =>
    createDispatcher({
      db: ctx.db,
      provider: stubProvider(),
      mps: 0,
      cutoffMs: 4 * 3_600_000,
      log,
      now: () => DISPATCH_AT,
    });

  /** An opt-in request to the phone, due at the dispatcher's time: a kind the hold keeps back. */
  async function queueOptin(contactId: string, phone: string) {
    const [row] = await ctx.db
      .insert(outboundMessages)
      .values({
        kind: 'optin',
        contactId,
        toPhone: phone,
        body: 'Reply JOIN',
        sendAfter: new Date(DISPATCH_AT.getTime() - 1000),
        expiresAt: new Date(DISPATCH_AT.getTime() + 3_600_000),
      })
      .returning();
    return row!.id;
  }
  const statusOf = async (id: string) =>
    (await ctx.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;

  it('holds the phone’s messages until a staff member decides "Not an opt-out", each step in the consent log', async () => {
    const contact = await participant();
    const reply = await replyFrom(contact.id, 'Stop by the office tomorrow?');
    expect(reply).toMatchObject({ intent: 'review', state: 'new', reviewDecision: null });
    expect((await counts()).needsReview).toBeGreaterThanOrEqual(1);
    expect((await inbox('review=pending')).map((m) => m.id)).toContain(reply.id);
    // Not opted out: nothing was sent to it, and it cannot be filed away undecided.
    expect(
      (await ctx.db.select().from(users).where(eq(users.id, contact.id)))[0]!.smsOptedOutAt,
    ).toBeNull();
    const filed = await request('PATCH', `/api/inbound-messages/${reply.id}`, { state: 'handled' });
    expect(filed.statusCode).toBe(409);
    expect(filed.json().error).toBe(serverTexts.inboxApi.decideFirst);

    const held = await queueOptin(contact.id, contact.phone!);
    await dispatcher().runOnce();
    expect(await statusOf(held)).toMatchObject({
      status: 'skipped',
      errorMessage: serverTexts.delivery.heldForReview,
    });

    const decided = await request('POST', `/api/inbound-messages/${reply.id}/review`, {
      decision: 'not_optout',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().message).toMatchObject({
      reviewDecision: 'not_optout',
      reviewedByName: staffName(),
      state: 'handled',
      handledByName: staffName(),
    });
    const log = await consentOf(contact.phone!);
    expect(log.map((e) => [e.event, e.source, e.staffUserId, e.text])).toEqual([
      ['review_held', 'simulated', ctx.user.id, 'Stop by the office tomorrow?'],
      ['review_cleared', 'review', ctx.user.id, 'Stop by the office tomorrow?'],
    ]);
    // Released: the next message goes.
    const next = await queueOptin(contact.id, contact.phone!);
    await dispatcher().runOnce();
    expect((await statusOf(next)).status).toBe('sent');

    const again = await request('POST', `/api/inbound-messages/${reply.id}/review`, {
      decision: 'optout',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^This reply was already decided by Hana /);
  });

  it('opts the phone out when a staff member decides "Opt out", and confirms it to the phone', async () => {
    const contact = await participant();
    const reply = await replyFrom(contact.id, 'stop texting me on weekends?');
    expect(reply.intent).toBe('review');
    const decided = await request('POST', `/api/inbound-messages/${reply.id}/review`, {
      decision: 'optout',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, contact.id));
    expect(stored!.smsOptedOutAt).not.toBeNull();
    const log = await consentOf(contact.phone!);
    expect(log.map((e) => [e.event, e.source, e.staffUserId])).toEqual([
      ['review_held', 'simulated', ctx.user.id],
      ['opted_out', 'review', ctx.user.id],
    ]);
    const outbox = await outboxTo(contact.phone!);
    expect(outbox.map((m) => [m.kind, m.body])).toEqual([
      ['confirmation', serverTexts.sms.optedOut],
    ]);
    // The console's consent history names who read it.
    const history = await request('GET', `/api/contacts/${contact.id}/consent`);
    expect(history.json().events[0]).toMatchObject({
      event: 'opted_out',
      source: 'review',
      staffName: staffName(),
    });
  });

  it('refuses a decision on a reply that needs none (409) and a bad decision (400)', async () => {
    const contact = await participant();
    const plain = await replyFrom(contact.id, 'Thanks!');
    const none = await request('POST', `/api/inbound-messages/${plain.id}/review`, {
      decision: 'optout',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(
      formatMessage(serverTexts.inboxApi.notForReview, { intent: messages.replies.noIntent }),
    );
    const bad = await request('POST', `/api/inbound-messages/${plain.id}/review`, {
      decision: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'decision', message: serverTexts.inboxApi.invalidDecision },
    ]);
    const [row] = await ctx.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.id, plain.id));
    expect(row!.reviewDecision).toBeNull();
  });
});

describe('answers in the language of the keyword', () => {
  it.each([
    ['ALTO', 'optout', serverTexts.smsEs.optedOut],
    ['Arrêt', 'optout', serverTexts.smsFr.optedOut],
    ['AYUDA', 'help', formatMessage(serverTexts.smsEs.help, { contact: '+15035550199' })],
    ['aide', 'help', formatMessage(serverTexts.smsFr.help, { contact: '+15035550199' })],
    ['COMENZAR', 'optin', serverTexts.smsEs.optinConfirmedNoProgram],
    ['STOP', 'optout', serverTexts.sms.optedOut],
  ])('%s is answered as the phone wrote it', async (body, intent, answer) => {
    const contact = await participant();
    const reply = await replyFrom(contact.id, body);
    expect(reply.intent).toBe(intent);
    const outbox = await outboxTo(contact.phone!);
    expect(outbox.map((m) => m.body)).toEqual([answer]);
  });
});
