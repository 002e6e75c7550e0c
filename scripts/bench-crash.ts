/**
 * `npm run bench:crash`: the embedded database under SIGKILL, at length. Kills the real server
 * during first starts (each on an empty DATA_DIR) and in rounds of concurrent writes through the
 * API, then counts what it acknowledged, lost and duplicated, and checks the table and its indexes
 * (amcheck). `tests/api/crash.test.ts` is its short form. BENCH_CRASH_ROUNDS (default 30),
 * BENCH_CRASH_FIRST_STARTS (10) and BENCH_CRASH_WRITERS (8) set its size. Unlike the speed
 * benchmarks it fails (exit 1) when anything acknowledged is lost or duplicated.
 */
import { runCrashRounds } from '../tests/helpers/crash-rounds';
import { ensureServerBuilt } from './build-server';

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const number = (n: number) => n.toLocaleString('en-US');

await ensureServerBuilt();
const started = performance.now();
const report = await runCrashRounds({
  rounds: setting('BENCH_CRASH_ROUNDS', 30),
  firstStarts: setting('BENCH_CRASH_FIRST_STARTS', 10),
  writers: setting('BENCH_CRASH_WRITERS', 8),
  killAfterMs: [200, 3000],
  log: (line) => console.log(line),
});
const sample = (keys: string[]) => (keys.length ? ` (${keys.slice(0, 5).join(', ')}…)` : '');

console.log(`
PGlite, SIGKILL under write load and during first starts (${((performance.now() - started) / 1000).toFixed(0)} s):
first starts killed:     ${report.firstStarts} (${report.firstStartsCut} before the server was running), each started again
rounds:                  ${report.rounds}
acknowledged writes:     ${number(report.acknowledged)}
lost:                    ${report.lost.length}${sample(report.lost)}
duplicates:              ${report.duplicates.length}${sample(report.duplicates)}
unanswered but kept:     ${report.unansweredFound} (in flight at a kill; either way is right)
corruption (amcheck):    ${report.corruption.length ? report.corruption.join('; ') : 'none'}`);

if (report.lost.length || report.duplicates.length || report.corruption.length) process.exit(1);
