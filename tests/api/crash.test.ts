import { describe, expect, it } from 'vitest';
import { runCrashRounds } from '../helpers/crash-rounds';

/**
 * The embedded database killed (SIGKILL) during a first start and under concurrent writes through
 * the API: every start after a kill succeeds, and every write the API acknowledged is there exactly
 * once. The short form of `npm run bench:crash`.
 */
describe('the embedded database killed with SIGKILL', () => {
  it('loses, duplicates and corrupts nothing it acknowledged, and always starts again', async () => {
    const report = await runCrashRounds({
      rounds: 2,
      firstStarts: 1,
      writers: 4,
      killAfterMs: [300, 1200],
    });
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report).toMatchObject({ lost: [], duplicates: [], corruption: [] });
  }, 120_000);
});
