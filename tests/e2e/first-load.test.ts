import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from '../../scripts/initial-js';

// This layer's global setup builds the console into dist/console (tests/e2e/setup/global.ts).
const consoleDir = path.resolve(import.meta.dirname, '../../dist/console');

describe("the console's first page", () => {
  it('fetches at most 274 KB of JavaScript (gzip) before it can show anything', async () => {
    const js = await initialJs(consoleDir);
    expect(js.files.length).toBeGreaterThan(0);
    expect(js.gzip).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });
});
