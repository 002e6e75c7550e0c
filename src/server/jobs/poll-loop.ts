import type { FastifyBaseLogger } from 'fastify';

export interface PollLoopOptions {
  /**
   * One look for work. Resolves true when it stopped with work left (a full batch), so the loop
   * runs it again at once instead of after `pollMs`; anything else waits for the next poll.
   */
  tick: () => Promise<boolean | void>;
  /** How long the loop waits after a tick that found no more work, when nothing wakes it. */
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** What the log says when a tick throws (the work it was doing, in the owner's words). */
  failure: string;
}

export interface PollLoop {
  /** Ticks now, then polls until stopped. A stopped loop does not start again. */
  start(): void;
  /**
   * Ticks now rather than at the next poll (after a write that may have queued work). During a
   * tick, any number of wakes make one more tick right after it. Nothing before `start`.
   */
  wake(): void;
  /**
   * Ticks now, started or not, and resolves once the loop is idle again: no more work reported,
   * and no wake left to answer (tests, benchmarks). Sets no poll of its own.
   */
  drain(): Promise<void>;
  /** Set by `stop`: a tick that works long looks at it to end early. */
  readonly stopping: boolean;
  /**
   * Starts no tick any more, and resolves once the tick under way has ended. It stops at once,
   * before it resolves: whoever owns the tick may cut it short meanwhile.
   */
  stop(): Promise<void>;
}

/**
 * Runs a background worker's `tick` (the mail worker's, the delivery engine's, the import
 * runner's): one tick at a time, at once while a tick reports more work, otherwise `pollMs` after
 * the last one ended. The next poll is counted from the end of a tick, not the start: a tick as
 * long as the interval is followed by a pause rather than another at once, and a tick a wake ran
 * resets the wait. A tick that throws is logged and the loop goes on at the next poll, so a
 * failing database is not asked again in a tight loop.
 */
export function createPollLoop(options: PollLoopOptions): PollLoop {
  const { tick, pollMs, log, failure } = options;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** Tick again once the one under way ends: it reported more work, or something woke the loop. */
  let again = false;

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    if (stopping) return Promise.resolve();
    clearTimeout(timer);
    running = (async () => {
      try {
        do {
          again = false;
          try {
            if ((await tick()) === true) again = true;
          } catch (error) {
            log.error({ err: error }, failure);
          }
        } while (again && !stopping);
      } finally {
        // In the same step as the last look at `again`: a wake can't fall between the two.
        running = undefined;
        if (started && !stopping) {
          timer = setTimeout(() => void run(), pollMs);
          timer.unref();
        }
      }
    })();
    return running;
  }

  return {
    start() {
      if (started || stopping) return;
      started = true;
      void run();
    },
    wake() {
      if (started) void run();
    },
    drain: run,
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
