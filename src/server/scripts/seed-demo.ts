/**
 * `npm run seed:demo`: loads the demo data into the configured database (the same DATA_DIR or
 * DATABASE_URL as `npm start`); `npm run seed:demo -- --remove` takes it away again, exactly.
 * Stop a server that uses the embedded database first.
 */
import { removeDemo } from '../demo/removal';
import { seedDemo } from '../demo/seed';
import { ConfigError, loadConfig } from '../env';
import { announceBootstrap, prepareDatabase } from '../startup';

const remove = process.argv.slice(2).includes('--remove');

try {
  const config = loadConfig(process.env);
  const prepared = await prepareDatabase(config);
  const { database } = prepared;
  try {
    await announceBootstrap(database.db, prepared, config.publicUrl);
    if (remove) {
      const removed = await removeDemo(database.db);
      process.stdout.write(
        removed === 0
          ? `There is no demo data in ${database.label}; nothing was removed.\n`
          : `Removed the demo data from ${database.label}: ${removed} rows.\n`,
      );
    } else {
      const summary = await seedDemo(database.db);
      process.stdout.write(
        summary.skipped
          ? `The demo data is already in ${database.label}; nothing was added.\n`
          : `Added demo data to ${database.label}: ${summary.products} products, ${summary.contacts} contacts, ` +
              `${summary.pods} pods with ${summary.podMembers} members, ${summary.programs} programs, ` +
              `${summary.messages} past messages and ${summary.replies} replies.` +
              (summary.contactsSkipped > 0
                ? ` ${summary.contactsSkipped} demo contacts were left out: their email or phone ` +
                  `was already known here.`
                : '') +
              ` Remove it with npm run seed:demo -- --remove.\n`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? '' : `Could not ${remove ? 'remove' : 'load'} the demo data: `}${(error as Error).message}\n`,
  );
  process.exit(1);
}
