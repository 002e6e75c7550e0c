/**
 * The fake Twilio of tests/helpers/fake-twilio.ts in a process of its own, for
 * `npm run bench:dispatch`: a real provider does its work elsewhere, so the figure measures the
 * dispatcher, not the fake. Speaks to its parent over IPC: sends `{ url }` once listening, answers
 * `count` with `{ count }` (messages accepted) and `{ watch: phone }` with `{ arrived: phone, at }`
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

process.on('message', (message: unknown) => {
  if (message === 'count') process.send!({ count: fake.messages.length });
  if (typeof message === 'object' && message && 'watch' in message) {
    watched.add(String(message.watch));
  }
  if (message === 'close') {
    clearInterval(looking);
    void fake.close().then(() => process.exit(0));
  }
});
