/**
 * Builds what `npm start` runs when its sources changed since the last build: the console
 * (dist/console) and the server (dist/server). `--force` builds both.
 */
import { ensureConsoleBuilt } from './build-console';
import { ensureServerBuilt } from './build-server';

const force = process.argv.includes('--force');
await ensureServerBuilt({ force });
await ensureConsoleBuilt({ force });
