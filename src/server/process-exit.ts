import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './env';

/** Ends a command (the server, the worker) with one line on stderr and exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The configuration from the environment; a bad value ends the process with its one line. */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * Stops the process cleanly on SIGTERM or SIGINT: runs `steps` in order (each after the previous
 * one finished: what queues work stops before what does it, the database last), then exits 0.
 * A step that fails, or a shutdown that outlasts `graceMs`, exits 1 with one line on stderr.
 */
export function exitOnSignal(
  log: FastifyBaseLogger,
  graceMs: number,
  steps: (() => unknown)[],
): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting.\n');
      process.exit(1);
    }, graceMs).unref();
    try {
      for (const step of steps) await step();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Error during shutdown: ${(error as Error).message}\n`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}
