import { existsSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { precompress } from './scripts/vite-precompress.ts';
import LongestFirst from './tests/setup/sequencer.ts';

/**
 * One config for the console build (`vite build` -> dist/console), the dev server, and the four
 * test layers that `npm test` runs: unit, api (PGlite, plus PostgreSQL when TEST_DATABASE_URL is
 * set), ui (jsdom) and e2e (Chromium against the real server).
 */

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const inCi = process.env.CI === 'true';
// In CI a missing Chromium must fail the run, so the browser layer always runs there.
const runBrowserTests = inCi || existsSync(chromiumPath);
// Vitest evaluates this file more than once per run; warn the first time only.
if (process.env.VITEST && !runBrowserTests && !process.env.TIDINGS_BROWSER_WARNING_SHOWN) {
  process.env.TIDINGS_BROWSER_WARNING_SHOWN = 'true';
  console.warn(
    `\n${'!'.repeat(78)}\n!! Browser tests SKIPPED: no Chromium at ${chromiumPath}.\n` +
      '!! Install it (apt-get install -y chromium) or set CHROMIUM_PATH, then run npm test again.\n' +
      `${'!'.repeat(78)}\n`,
  );
}

const node = (name: string, extra: TestProjectInlineConfiguration['test'] = {}) =>
  ({
    extends: true,
    test: { name, environment: 'node', ...extra },
  }) satisfies TestProjectInlineConfiguration;

// Servers under test hash new passwords at scrypt N=2^10 instead of 2^15 (tests only, see env.ts):
// at the full cost the thousands of sign-ins of a run take minutes of CPU.
const CHEAP_PASSWORDS = { TIDINGS_TEST_PASSWORD_COST: '10' };

// Files whose servers run on the embedded database whichever layer runs them, or open none: their
// subject is the embedded database itself, or the server process apart from its database (refused
// configuration, mail, multipart, the dispatcher's start-up lines). The PostgreSQL layer would only
// repeat them.
const EMBEDDED_ONLY = [
  'tests/api/startup-config.test.ts',
  'tests/api/crash.test.ts',
  'tests/api/durability.test.ts',
  'tests/api/delivery-server.test.ts',
  'tests/api/mail-server.test.ts',
  'tests/api/media-multipart.test.ts',
];

// Files about several processes on one database, which only PostgreSQL can be.
const POSTGRES_ONLY = ['tests/api/webhook-processes.test.ts', 'tests/api/media-servers.test.ts'];

const apiLayer = (db: 'pglite' | 'postgres') =>
  node(`api:${db}`, {
    include: ['tests/api/**/*.test.ts'],
    exclude: db === 'postgres' ? EMBEDDED_ONLY : POSTGRES_ONLY,
    env: { TIDINGS_TEST_DB: db, ...CHEAP_PASSWORDS },
    globalSetup: ['tests/setup/server-build.global.ts', `tests/api/setup/${db}.global.ts`],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files of a worker share one module graph instead of importing the whole server again
    // each (about 2.5 s a file). They share no state through it: each builds its own app on its
    // own database, and none mocks a module.
    isolate: false,
    // API files wait on servers, databases and timers much of their time: three at a time keep
    // the two cores busier (both layers: 575 s, against about 665 s two at a time). First, alone.
    maxWorkers: 3,
    sequence: { groupOrder: 0 },
  });

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    sequence: { sequencer: LongestFirst },
    // Vitest's default on two cores is one worker; most files wait on servers, databases and
    // timers rather than the CPU, so two at a time nearly halves the run. Three made the UI and
    // browser layers longer (they use the CPU throughout); the API layers run three (above).
    maxWorkers: 2,
    projects: [
      node('unit', {
        include: ['tests/unit/**/*.test.ts'],
        sequence: { groupOrder: 1 },
        // One module graph per worker, as in the other layers: no unit file mocks a module, and the
        // two that fake timers restore them.
        isolate: false,
      }),
      apiLayer('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiLayer('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
          testTimeout: 20_000,
          sequence: { groupOrder: 1 },
          // As in the API layer: one module graph per worker (React, MUI and react-admin are
          // imported once, not once a file). tests/ui/setup.ts clears what a file leaves behind.
          isolate: false,
        },
      },
      ...(runBrowserTests
        ? [
            node('e2e', {
              include: ['tests/e2e/**/*.test.ts'],
              // After the other layers: a browser sharing two cores with jsdom suites times out.
              // Two browser files at a time, on their own, do not.
              sequence: { groupOrder: 2 },
              // One module graph per worker, as in the API and UI layers: each file starts its own
              // server and browser, and the helpers they share keep no state of a file.
              isolate: false,
              globalSetup: ['tests/setup/server-build.global.ts', 'tests/e2e/setup/global.ts'],
              env: CHEAP_PASSWORDS,
              testTimeout: 120_000,
              hookTimeout: 180_000,
              // expect.poll waits on the browser: an image decoded or a notice shown took over
              // Vitest's default of one second beside another browser file on two cores.
              expect: { poll: { timeout: 15_000 } },
            }),
          ]
        : []),
    ],
  },
});
