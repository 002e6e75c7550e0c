import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { createPollLoop } from '../jobs/poll-loop';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { createLogProvider } from './log-provider';
import { createPlanner } from './planner';
import type { SmsProvider } from './provider';
import { applyStatusReport } from './status';
import { createTwilioProvider } from './twilio-provider';

/** How often the engine looks for due messages when nothing wakes it. */
export const DELIVERY_POLL_MS = 1_000;
/**
 * How often the planner looks at running programs when nothing wakes the engine. Days are planned
 * PLANNER_LIMITS.leadMs (2 minutes) ahead, so this is well in time; a write (new member, resume)
 * wakes it at once.
 */
export const PLAN_INTERVAL_MS = 10_000;

/** What plans programs' messages into the outbox; run before each dispatch. */
export interface Planner {
  planOnce(): Promise<unknown>;
}

export interface DeliveryEngineOptions {
  db: Db;
  config: Pick<
    Config,
    'smsProvider' | 'twilio' | 'publicUrl' | 'smsMps' | 'deliveryCutoffMs' | 'smsAllowedCountries'
  > &
    // Absent: short links under PUBLIC_URL (the planner's default).
    Partial<Pick<Config, 'messageSettings'>>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** The planner to run before dispatching; by default the program planner; false: none. */
  planner?: Planner | false;
  pollMs?: number;
  /** The provider to use instead of the configured one (tests). */
  provider?: SmsProvider;
}

export interface DeliveryEngine {
  /** Where messages go, as the server prints it at start. */
  readonly label: string;
  readonly provider: SmsProvider;
  readonly dispatcher: Dispatcher;
  /** Plans and dispatches now, then `pollMs` after each pass, until stopped. */
  start(): void;
  /** Plans and dispatches now rather than at the next poll (after a write that may queue). */
  wake(): void;
  /** Stops polling, waits for the pass under way, and closes the provider. */
  stop(): Promise<void>;
}

/** The engine's clock: the real one, moved by `engineClockOffsetMs` in tests. */
export function engineClock(config: Pick<Config, 'engineClockOffsetMs'>): () => Date {
  const offset = config.engineClockOffsetMs;
  return () => new Date(Date.now() + offset);
}

/** The configured provider. The log provider reports deliveries through the callbacks' path. */
export function createProvider(
  db: Db,
  config: DeliveryEngineOptions['config'],
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): SmsProvider {
  if (config.smsProvider === 'twilio')
    return createTwilioProvider(config.twilio!, config.publicUrl);
  return createLogProvider({
    log,
    report: (messageId, report) => applyStatusReport(db, messageId, report, now()),
  });
}

/** The delivery engine of one process: its provider, its dispatcher and the loop driving both. */
export function createDeliveryEngine(options: DeliveryEngineOptions): DeliveryEngine {
  const { db, config, log } = options;
  const pollMs = options.pollMs ?? DELIVERY_POLL_MS;
  const clock = options.now ?? (() => new Date());
  const planner =
    options.planner === false
      ? undefined
      : (options.planner ??
        createPlanner({
          db,
          publicUrl: config.publicUrl,
          shortLinkBase: config.messageSettings?.shortLinkBase,
          cutoffMs: config.deliveryCutoffMs,
          now: options.now,
          onError: (error, programId) =>
            log.error({ err: error, programId }, 'planning a program failed'),
        }));
  const provider = options.provider ?? createProvider(db, config, log, options.now);
  const dispatcher = createDispatcher({
    db,
    provider,
    mps: config.smsMps,
    cutoffMs: config.deliveryCutoffMs,
    allowedCountries: config.smsAllowedCountries,
    log,
    now: options.now,
  });

  /** Whether the planner should run on the next tick: woken by a write, or its interval passed. */
  let planDue = true;
  let lastPlan = 0;

  /** Plans (when due), then dispatches; a planning failure does not keep due messages back. */
  async function tick() {
    if (planner && (planDue || clock().getTime() - lastPlan >= PLAN_INTERVAL_MS)) {
      planDue = false;
      lastPlan = clock().getTime();
      try {
        await planner.planOnce();
      } catch (error) {
        log.error({ err: error }, 'planning program messages failed');
      }
    }
    // A pass claims batch after batch until none is left: no more work to report.
    await dispatcher.runOnce();
  }

  const loop = createPollLoop({
    tick,
    pollMs,
    log,
    failure: 'the dispatcher could not read the outbox',
  });

  return {
    label: provider.label,
    provider,
    dispatcher,
    start: () => loop.start(),
    wake() {
      planDue = true;
      loop.wake();
    },
    async stop() {
      const idle = loop.stop();
      // Cut short the pass under way (a wait for pacing slots) rather than wait for its end.
      await dispatcher.stop();
      await idle;
      provider.close?.();
    },
  };
}
