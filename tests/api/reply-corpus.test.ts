import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents, inboundMessages } from '../../src/server/db/schema';
import { FAKE_TWILIO_ENV } from '../helpers/fake-twilio';
import { REPLIES_CORPUS } from '../helpers/replies-corpus';
import { startTestApp, type TestContext } from './helpers/app';
import { signedReply } from './helpers/sms';

/**
 * Every reply of the labelled corpus, sent as Twilio sends it (a signed inbound webhook, each from
 * a number of its own): what the server stores and does holds the label. A clear request to stop
 * opts the number out at once; one that needs review holds its messages and waits for staff; the
 * rest opt nothing out.
 */

const PUBLIC_URL = 'https://tidings.example.org';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp({ ...FAKE_TWILIO_ENV, PUBLIC_URL });
});
afterAll(() => ctx.close());

/** What the inbox stores for each reading ('none': free text, no intent). */
const INTENT = { optout: 'optout', optin: 'optin', help: 'help', review: 'review', none: null };
/** The consent log's row each reading writes for a number Tidings does not know. */
const LOGGED = { optout: ['opted_out'], optin: [], help: [], review: ['review_held'], none: [] };

describe('the corpus of labelled replies through the inbound webhook', () => {
  // In parts of a hundred: on PGlite each reply is a dozen statements in turn, and the whole
  // corpus in one test would run against a single test's time limit on a loaded machine.
  const PART = 100;
  const parts = Array.from({ length: Math.ceil(REPLIES_CORPUS.length / PART) }, (_, i) => ({
    first: i * PART,
    from: i * PART + 1,
    to: Math.min((i + 1) * PART, REPLIES_CORPUS.length),
  }));
  it.each(parts)(
    `reads replies $from to $to of the ${REPLIES_CORPUS.length} as labelled, and acts on them`,
    async ({ first }) => {
      const wrong: string[] = [];
      const check = async (row: (typeof REPLIES_CORPUS)[number], index: number) => {
        const from = `+1971700${String(index).padStart(4, '0')}`;
        const response = await signedReply(ctx.app, PUBLIC_URL, from, row.reply);
        expect(response.statusCode, row.reply).toBe(200);
        const [stored] = await ctx.db
          .select({ intent: inboundMessages.intent, state: inboundMessages.state })
          .from(inboundMessages)
          .where(eq(inboundMessages.fromPhone, from));
        const logged = await ctx.db
          .select({ event: consentEvents.event })
          .from(consentEvents)
          .where(eq(consentEvents.phone, from));
        const seen = {
          intent: stored?.intent ?? null,
          logged: logged.map((e) => e.event),
          state: stored?.state,
        };
        const expected = {
          intent: INTENT[row.label],
          logged: LOGGED[row.label],
          // Keywords Tidings answered are handled; free text and replies in review wait for staff.
          state: row.label === 'none' || row.label === 'review' ? 'new' : 'handled',
        };
        if (JSON.stringify(seen) !== JSON.stringify(expected)) {
          wrong.push(`${row.label}\t${row.reply}\t${JSON.stringify(seen)}`);
        }
      };
      // Twenty webhooks at a time, as Twilio posts replies from many phones at once.
      for (let start = first; start < Math.min(first + PART, REPLIES_CORPUS.length); start += 20) {
        const rows = REPLIES_CORPUS.slice(start, Math.min(start + 20, first + PART));
        await Promise.all(rows.map((row, offset) => check(row, start + offset)));
      }
      expect(wrong).toEqual([]);
    },
  );
});
