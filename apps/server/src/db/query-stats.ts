import type { LogEvent } from 'kysely';

/**
 * DB_QUERY_STATS=1 (bench:pam's BENCH_DIAGNOSE sets it on its server): every statement this
 * process runs, counted by its text (the compiled SQL with its $n placeholders, never the
 * values) with its total time, printed to stderr when the process exits, most time first. The
 * count per request is what a change to the bet path moves, whatever the machine's load.
 */
export function queryStatsRecorder(): ((event: LogEvent) => void) | null {
  if (!process.env.DB_QUERY_STATS) return null;
  const stats = new Map<string, { count: number; ms: number }>();
  process.once('exit', () => {
    const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
    const lines = rows.map(
      ([text, s]) =>
        `${String(s.count).padStart(9)} ${s.ms.toFixed(0).padStart(9)} ms  ${text.slice(0, 140)}`,
    );
    process.stderr.write(
      `[db] statements by total time:\n    count     total  sql\n${lines.join('\n')}\n`,
    );
  });
  return (event) => {
    const text = event.query.sql.replace(/\s+/g, ' ').trim();
    const entry = stats.get(text) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += event.queryDurationMillis;
    stats.set(text, entry);
  };
}
