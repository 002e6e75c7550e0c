/**
 * The fake Twilio of tests/helpers/fake-twilio.ts in a process of its own, for
 * `npm run bench:dispatch`: a real provider does its work elsewhere, so the figure measures the
 * dispatcher, not the fake. Speaks to its parent over IPC: sends `{ url }` once listening, answers
 * `count` with `{ count }` (messages accepted), and ends on `close`.
 */
import { startFakeTwilio } from '../../tests/helpers/fake-twilio';

const fake = await startFakeTwilio();
fake.latencyMs = Number(process.env.FAKE_TWILIO_LATENCY_MS ?? 0);
process.send!({ url: fake.url });
process.on('message', (message) => {
  if (message === 'count') process.send!({ count: fake.messages.length });
  if (message === 'close') void fake.close().then(() => process.exit(0));
});
