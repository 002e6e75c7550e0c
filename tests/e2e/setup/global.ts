import { existsSync } from 'node:fs';
import { ensureConsoleBuilt } from '../../../scripts/build-console';
import { CHROMIUM_PATH } from '../helpers/browser';

/** The browser layer needs Chromium and the built console; it fails loudly without the first. */
export default async function setup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH} (CI=true makes them mandatory). ` +
        'Install it with `apt-get install -y chromium`, or set CHROMIUM_PATH.',
    );
  }
  await ensureConsoleBuilt();
}
