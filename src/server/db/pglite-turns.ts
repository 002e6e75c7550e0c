import type { PGlite } from '@electric-sql/pglite';

/**
 * How long statements may run back to back before the event loop turns: long enough that a turn's
 * own cost stays small beside the statements, short enough that no request waits long to be read.
 */
export const TURN_MS = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The embedded database runs in this thread. Left to itself, a statement waiting for it starts as
 * the one before ends, without the event loop turning in between: under load the whole queue ran
 * as one block (the loop stalled for half a second at a time), and whatever arrived meanwhile waited
 * for all of it. Here statements take turns: one at a time, in the order they were asked for, and
 * the event loop turns (sockets are read, timers run) whenever they have run for TURN_MS. A
 * transaction is one turn (its statements keep going: it stays short and holds nobody's socket).
 */
export function takeTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  let turnStarted = performance.now();
  const awaitTurn = async () => {
    if (performance.now() - turnStarted < TURN_MS) return;
    await nextTurn();
    turnStarted = performance.now();
  };
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = last.then(awaitTurn).then(run);
    last = turn.catch(() => undefined);
    return turn;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) =>
    inTurn(() => query(...args))) as typeof client.query;
  client.exec = (...args: Parameters<typeof exec>) => inTurn(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    inTurn(() => transaction(...args))) as typeof client.transaction;
  return client;
}
