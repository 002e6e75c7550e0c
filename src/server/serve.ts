/**
 * Starts Tidings (main.ts loads this): reads the configuration, prepares the database, listens,
 * and shuts down cleanly on SIGTERM/SIGINT. Everything else is built in app.ts.
 */
import { buildApp } from './app';
import { startBackups } from './backup/service';
import { createDeliveryEngine, engineClock } from './delivery/engine';
import { trackRequests } from './http-close';
import { createImportRunner } from './imports/runner';
import { createMailTransport } from './mail/transport';
import { createMailWorker } from './mail/worker';
import { optinPolicy } from './outbox/optin';
import { moveDiskMediaIn } from './media/move-in';
import { startMaintenance } from './services/maintenance';
import { createWebhookWorker } from './webhooks/worker';
import { announceBootstrap, prepareDatabase } from './startup';
import { configOrExit, exitOnSignal, fail } from './process-exit';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = configOrExit();

  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(config, (error) =>
      process.stderr.write(`database connection error: ${error.message}\n`),
    );
  } catch (error) {
    fail(`Tidings could not start: ${(error as Error).message}`);
  }
  const { database } = prepared;

  const app = await buildApp({ config, database });
  try {
    await moveDiskMediaIn(database.db, config.mediaDir, app.log);
  } catch (error) {
    await database.close();
    fail(
      `Tidings could not start: moving ${config.mediaDir} into the database failed: ${(error as Error).message}`,
    );
  }
  const mailTransport = createMailTransport(config, app.log);
  const mailWorker = createMailWorker({
    db: database.db,
    transport: mailTransport,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // DISPATCHER=off leaves sending to `npm run worker` processes on the same PostgreSQL.
  const delivery = config.dispatcher
    ? createDeliveryEngine({ db: database.db, config, log: app.log, now: engineClock(config) })
    : null;
  // The same: the webhook outbox is sent by whichever processes send the SMS outbox.
  const webhooks = config.dispatcher
    ? createWebhookWorker({
        db: database.db,
        log: app.log,
        allowLoopback: config.webhookAllowLoopback,
      })
    : null;
  const importRunner = createImportRunner({
    db: database.db,
    log: app.log,
    leaseMs: config.importLeaseMs,
    batchSize: config.importBatchSize,
    optin: optinPolicy(config, engineClock(config)),
    // The embedded database is this process's alone: an import left running was a killed one's.
    resumeAtStart: database.kind === 'pglite',
  });
  // A write may have queued an email, a message or an import; once it is answered its transaction
  // has committed, so the workers look at once instead of at their next poll.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      mailWorker.wake();
      delivery?.wake();
      webhooks?.wake();
      importRunner.wake();
    }
  });
  const endConnections = trackRequests(app.server);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    const e = error as NodeJS.ErrnoException;
    fail(
      e.code === 'EADDRINUSE'
        ? `Tidings could not start: PORT ${config.port} is already in use; set PORT to a free port.`
        : `Tidings could not start: ${e.message}`,
    );
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // PORT=0 picks a free port: the printed address must show the one actually taken.
  const url = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
  // What a commit survives is the database's to say: PGlite's own default flushes nothing.
  const durability = await database.durability();
  app.log[durability.fsync === 'on' ? 'info' : 'warn'](durability, 'database durability');
  // The embedded database is this process's alone: it writes its backups too.
  const backups =
    database.kind === 'pglite' ? await startBackups({ database, config, log: app.log }) : null;
  const stopMaintenance = startMaintenance(database, app.log, config.retention, backups);
  mailWorker.start();
  delivery?.start();
  webhooks?.start();
  importRunner.start();

  exitOnSignal(app.log, SHUTDOWN_GRACE_MS, [
    stopMaintenance,
    () => {
      const closed = app.close();
      endConnections();
      return closed;
    },
    // After the requests (nothing new is queued), before the database it records outcomes in.
    () => mailWorker.stop(),
    () => delivery?.stop(),
    () => webhooks?.stop(),
    () => importRunner.stop(),
    () => backups?.stop(),
    () => database.close(),
  ]);
  // Announced only once SIGTERM is handled: whoever waits for this line (a supervisor, a test) may
  // stop the process at once, and before a handler exists the signal would kill it outright.
  // Not recorded (a SIGTERM closed the database first): the next start prints a link, needlessly.
  await announceBootstrap(database.db, prepared, url).catch((error: unknown) =>
    app.log.warn({ err: error }, 'could not record that the first admin was announced'),
  );
  const sms = delivery
    ? `${delivery.label}.`
    : database.kind === 'postgres'
      ? 'SMS is not sent by this process (DISPATCHER=off): run npm run worker to send it.'
      : // The embedded database cannot be shared with a worker: nothing sends.
        'SMS is not sent at all (DISPATCHER=off, and npm run worker needs PostgreSQL).';
  // One write: whoever reads up to the first line (a test, a supervisor) has the others with it.
  process.stdout.write(
    `Tidings is running at ${url} (database: ${database.label})\n${mailTransport.label}.\n${sms}\n`,
  );
}

await main();
