/**
 * The fake Twilio of tests/helpers/fake-twilio.ts in a process of its own, for
 * `npm run bench:dispatch` and `npm run bench:scale`: a real provider does its work elsewhere, so the figure measures the
 * dispatcher, not the fake. Speaks to its parent over IPC: sends `{ url }` once listening, answers
 * `count` with `{ count }` (messages accepted), `tally` with `{ tally: { messages, phones, senders } }` (the
 * messages accepted since the last tally, the phones they went to, and by sending number how many
 * and when the first and last were accepted), and `{ watch: phone }` with `{ arrived: phone, at }`
 * once a message to that phone was accepted (`at`: when it was, epoch milliseconds), and ends on
 * `close`.
 */
import { startFakeTwilio } from '../../tests/helpers/fake-twilio';

const fake = await startFakeTwilio();
fake.latencyMs = Number(process.env.FAKE_TWILIO_LATENCY_MS ?? 0);
process.send!({ url: fake.url });

/** Phones watched for, and how far the accepted messages were looked through for them. */
const watched = new Set<string>();
let seen = 0;
// The arrival time is the fake's own record of the message, so how often it looks changes nothing
// in the figure but when the parent hears of it.
const looking = setInterval(() => {
  for (; seen < fake.messages.length; seen += 1) {
    const message = fake.messages[seen]!;
    if (!watched.delete(message.to)) continue;
    process.send!({ arrived: message.to, at: message.dateCreated.getTime() });
  }
}, 2);

/** Where the last `tally` ended. */
let tallied = 0;

process.on('message', (message: unknown) => {
  if (message === 'count') process.send!({ count: fake.messages.length });
  if (message === 'tally') {
    const since = fake.messages.slice(tallied);
    tallied = fake.messages.length;
    const phones = new Set(since.map(({ to }) => to)).size;
    const senders: Record<string, { messages: number; first: number; last: number }> = {};
    for (const { from, dateCreated } of since) {
      const at = dateCreated.getTime();
      const sender = (senders[from ?? ''] ??= { messages: 0, first: at, last: at });
      sender.messages += 1;
      sender.first = Math.min(sender.first, at);
      sender.last = Math.max(sender.last, at);
    }
    process.send!({ tally: { messages: since.length, phones, senders } });
  }
  if (typeof message === 'object' && message && 'watch' in message) {
    watched.add(String(message.watch));
  }
  if (message === 'close') {
    clearInterval(looking);
    void fake.close().then(() => process.exit(0));
  }
});
