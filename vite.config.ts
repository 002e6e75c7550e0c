import { existsSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { precompress } from './scripts/vite-precompress.ts';

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

const apiLayer = (db: 'pglite' | 'postgres') =>
  node(`api:${db}`, {
    include: ['tests/api/**/*.test.ts'],
    env: { TIDINGS_TEST_DB: db },
    globalSetup: [`tests/api/setup/${db}.global.ts`],
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
    // Vitest's default on two cores is one worker; most files wait on servers, databases and
    // timers rather than the CPU, so two at a time nearly halves the run (the e2e layer still
    // runs one file at a time, after the others).
    maxWorkers: 2,
    projects: [
      node('unit', { include: ['tests/unit/**/*.test.ts'] }),
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
        },
      },
      ...(runBrowserTests
        ? [
            node('e2e', {
              include: ['tests/e2e/**/*.test.ts'],
              // After the other layers: a browser sharing two cores with jsdom suites times out.
              sequence: { groupOrder: 1 },
              globalSetup: ['tests/e2e/setup/global.ts'],
              testTimeout: 120_000,
              hookTimeout: 180_000,
              fileParallelism: false,
            }),
          ]
        : []),
    ],
  },
});
