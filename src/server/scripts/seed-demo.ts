/**
 * `npm run seed:demo`: loads the demo data into the configured database (the same DATA_DIR or
 * DATABASE_URL as `npm start`). Stop a server that uses the embedded database first.
 */
import { ConfigError, loadConfig } from '../env';
import { seedDemo } from '../services/demo-data';
import { bootstrapNotice, prepareDatabase } from '../startup';

try {
  const config = loadConfig(process.env);
  const { database, bootstrap } = await prepareDatabase(config);
  try {
    if (bootstrap) process.stdout.write(bootstrapNotice(bootstrap, config.publicUrl));
    const summary = await seedDemo(database.db);
    process.stdout.write(
      summary.skipped
        ? `The demo data is already in ${database.label}; nothing was added.\n`
        : `Added demo data to ${database.label}: ${summary.products} products, ${summary.contacts} contacts, ` +
            `${summary.pods} pods with ${summary.podMembers} members, ${summary.programs} programs, ` +
            `${summary.messages} past messages and ${summary.replies} replies.\n`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? '' : 'Could not load the demo data: '}${(error as Error).message}\n`,
  );
  process.exit(1);
}
