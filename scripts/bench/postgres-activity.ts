import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';

/**
 * What PostgreSQL was doing while a benchmark ran, measured rather than guessed: every `everyMs`
 * it reads `pg_stat_activity` for the benchmark's database (its own sessions, autovacuum's too)
 * and counts each active statement (its first words) with what it waited on, or `CPU` when it
 * waited on nothing. `stop` gives the most frequent, as the share of samples each was running in:
 * 150% says one and a half sessions ran it on average.
 */
export function sampleActivity(db: Db, everyMs = 250) {
  const seen = new Map<string, number>();
  let samples = 0;
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      const rows = await rowsOf<{ what: string; sessions: number }>(
        db,
        sql`select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90)
            || ' (' || coalesce(wait_event_type || ': ' || wait_event, 'CPU') || ')' as what,
            count(*)::int as sessions
          from pg_stat_activity
          where state = 'active' and pid <> pg_backend_pid() and datname = current_database()
          group by 1`,
      );
      samples += 1;
      for (const { what, sessions } of rows) seen.set(what, (seen.get(what) ?? 0) + sessions);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void sample().catch(() => undefined), everyMs);
  return {
    /** The `top` statements most often running, each with its share of the samples. */
    stop(top = 6): string[] {
      clearInterval(timer);
      return [...seen]
        .sort(([, a], [, b]) => b - a)
        .slice(0, top)
        .map(([what, count]) => `${((count / Math.max(samples, 1)) * 100).toFixed(0)}% ${what}`);
    },
  };
}
