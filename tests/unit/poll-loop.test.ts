import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPollLoop } from '../../src/server/jobs/poll-loop';

const POLL_MS = 1_000;
const FAILURE = 'the worker could not read its queue';

/**
 * A loop whose ticks the test ends by hand: each tick waits until `finish` says what it found
 * (true: more work; an Error: it threw). Counts the ticks, and the most ever under way at once.
 */
function handLoop() {
  const pending: ((result: boolean | Error) => void)[] = [];
  let ticks = 0;
  let active = 0;
  let most = 0;
  const log = { error: vi.fn() };
  const loop = createPollLoop({
    tick: () =>
      new Promise<boolean>((resolve, reject) => {
        ticks += 1;
        active += 1;
        most = Math.max(most, active);
        pending.push((result) => {
          active -= 1;
          if (result instanceof Error) reject(result);
          else resolve(result);
        });
      }),
    pollMs: POLL_MS,
    log,
    failure: FAILURE,
  });
  return {
    loop,
    log,
    ticks: () => ticks,
    most: () => most,
    /** Ends the tick under way, and lets the loop act on it. */
    async finish(result: boolean | Error = false) {
      const end = pending.shift();
      if (!end) throw new Error('no tick is under way');
      end(result);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('the poll loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks at start, then pollMs after each tick ends, never during one', async () => {
    const hand = handLoop();
    hand.loop.start();
    expect(hand.ticks()).toBe(1);
    // A tick longer than several polls: no other starts meanwhile.
    await wait(5 * POLL_MS);
    expect(hand.ticks()).toBe(1);
    await hand.finish();
    await wait(POLL_MS - 1);
    expect(hand.ticks()).toBe(1);
    await wait(1);
    expect(hand.ticks()).toBe(2);
    hand.loop.start();
    expect(hand.ticks()).toBe(2);
    expect(hand.most()).toBe(1);
    await hand.finish();
    await hand.loop.stop();
  });

  it('ticks again at once while a tick reports more work, then waits for the poll', async () => {
    const hand = handLoop();
    hand.loop.start();
    await hand.finish(true);
    expect(hand.ticks()).toBe(2);
    await hand.finish(true);
    expect(hand.ticks()).toBe(3);
    await hand.finish(false);
    expect(hand.ticks()).toBe(3);
    await wait(POLL_MS);
    expect(hand.ticks()).toBe(4);
    await hand.finish();
    await hand.loop.stop();
  });

  it('answers any number of wakes during a tick with one more tick right after it', async () => {
    const hand = handLoop();
    hand.loop.start();
    hand.loop.wake();
    hand.loop.wake();
    hand.loop.wake();
    expect(hand.ticks()).toBe(1);
    await hand.finish();
    expect(hand.ticks()).toBe(2);
    await hand.finish();
    expect(hand.ticks()).toBe(2);
    expect(hand.most()).toBe(1);
    await hand.loop.stop();
  });

  it('ticks at once when woken idle, and counts the next poll from that tick', async () => {
    const hand = handLoop();
    hand.loop.start();
    await hand.finish();
    await wait(POLL_MS / 2);
    hand.loop.wake();
    expect(hand.ticks()).toBe(2);
    await hand.finish();
    await wait(POLL_MS - 1);
    expect(hand.ticks()).toBe(2);
    await wait(1);
    expect(hand.ticks()).toBe(3);
    await hand.finish();
    await hand.loop.stop();
  });

  it('does nothing woken before it starts', async () => {
    const hand = handLoop();
    hand.loop.wake();
    await wait(10 * POLL_MS);
    expect(hand.ticks()).toBe(0);
  });

  it('logs a tick that throws, and goes on at the next poll rather than at once', async () => {
    const hand = handLoop();
    hand.loop.start();
    const error = new Error('the database is down');
    await hand.finish(error);
    expect(hand.log.error).toHaveBeenCalledWith({ err: error }, FAILURE);
    expect(hand.ticks()).toBe(1);
    await wait(POLL_MS);
    expect(hand.ticks()).toBe(2);
    await hand.finish();
    expect(hand.log.error).toHaveBeenCalledTimes(1);
    await hand.loop.stop();
  });

  it('answers a wake that came during a tick that threw', async () => {
    const hand = handLoop();
    hand.loop.start();
    hand.loop.wake();
    await hand.finish(new Error('the database is down'));
    expect(hand.ticks()).toBe(2);
    await hand.finish();
    await hand.loop.stop();
  });

  it('stops at once, resolves when the tick under way ends, and ticks no more', async () => {
    const hand = handLoop();
    hand.loop.start();
    let stopped = false;
    const stopping = hand.loop.stop().then(() => {
      stopped = true;
    });
    expect(hand.loop.stopping).toBe(true);
    hand.loop.wake();
    await wait(0);
    expect(stopped).toBe(false);
    // Even a tick that reports more work is the last.
    await hand.finish(true);
    await stopping;
    expect(stopped).toBe(true);
    hand.loop.wake();
    hand.loop.start();
    await hand.loop.drain();
    await wait(10 * POLL_MS);
    expect(hand.ticks()).toBe(1);
  });

  it('drains without being started: ticks until no more work, and sets no poll', async () => {
    const hand = handLoop();
    let drained = false;
    const draining = hand.loop.drain().then(() => {
      drained = true;
    });
    expect(hand.ticks()).toBe(1);
    await hand.finish(true);
    expect(drained).toBe(false);
    await hand.finish(false);
    await draining;
    expect(drained).toBe(true);
    expect(hand.ticks()).toBe(2);
    await wait(10 * POLL_MS);
    expect(hand.ticks()).toBe(2);
  });

  it('drains while a tick is under way: resolves after one more tick', async () => {
    const hand = handLoop();
    hand.loop.start();
    let drained = false;
    const draining = hand.loop.drain().then(() => {
      drained = true;
    });
    await hand.finish();
    expect(drained).toBe(false);
    expect(hand.ticks()).toBe(2);
    await hand.finish();
    await draining;
    expect(drained).toBe(true);
    await hand.loop.stop();
  });
});
