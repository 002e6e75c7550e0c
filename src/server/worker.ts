/**
 * `npm run worker`: one more dispatcher sending the SMS outbox and the webhook outbox of a
 * PostgreSQL database that Tidings servers share, until SIGTERM/SIGINT. Claims skip locked rows,
 * so any number of workers and servers send each message once. The embedded database (PGlite) belongs to the one server
 * process that opened it, which runs its own dispatcher: the worker refuses to start on it.
 */
import Fastify from 'fastify';
import { openPostgres } from './db/client';
import { createDeliveryEngine, engineClock } from './delivery/engine';
import { loggerOptions } from './http/logger';
import { createWebhookWorker } from './webhooks/worker';
import { configOrExit, exitOnSignal, fail } from './process-exit';

const SHUTDOWN_GRACE_MS = 30_000;

const WORKER_NEEDS_POSTGRES =
  'npm run worker needs PostgreSQL (set DATABASE_URL): the embedded database belongs to the server process, which runs its own dispatcher.';

async function main() {
  const config = configOrExit();
  if (!config.databaseUrl) fail(WORKER_NEEDS_POSTGRES);

  // The server's logger settings (redaction, pretty lines in a terminal), without an HTTP server.
  const log = Fastify({ logger: loggerOptions(config) }).log;
  let database: Awaited<ReturnType<typeof openPostgres>>;
  try {
    database = await openPostgres(config.databaseUrl, {
      poolSize: config.dbPoolSize,
      onPoolError: (error) => process.stderr.write(`database connection error: ${error.message}\n`),
    });
    // Several processes may start at once; the migration lock lets one bring the schema up.
    await database.migrate();
  } catch (error) {
    fail(`The Tidings worker could not start: ${(error as Error).message}`);
  }

  const engine = createDeliveryEngine({ db: database.db, config, log, now: engineClock(config) });
  const webhooks = createWebhookWorker({
    db: database.db,
    log,
    allowLoopback: config.webhookAllowLoopback,
  });
  engine.start();
  webhooks.start();
  exitOnSignal(log, SHUTDOWN_GRACE_MS, [
    // The batch under way finishes and is recorded before the database closes.
    () => engine.stop(),
    () => webhooks.stop(),
    () => database.close(),
  ]);
  // Only once SIGTERM is handled (see main.ts): a signal before that would kill it outright.
  process.stdout.write(
    `Tidings dispatcher ${engine.dispatcher.id} is running (database: ${database.label}). ${engine.label}.\n`,
  );
}

await main();
