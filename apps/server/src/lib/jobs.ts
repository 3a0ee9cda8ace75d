import { createPoller } from './poller';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Logger } from './events';
import { closedPeriods, periodAt, periodMinutes, periodOfLabel, type Every } from './job-periods';

export type { Every } from './job-periods';

export type JobContext = {
  db: Db;
  logger: Logger;
  /** 1 on the first run of this period (or task), more on retries. */
  attempt: number;
  now: Date;
};

/** The period a periodic run works on; `key` (`rt-salary:2026-11-22T10:05`) is the base of its payouts' idempotency keys. */
export type JobPeriod = { key: string; label: string; startUtc: Date; endUtc: Date };

export type PeriodicJob = {
  /** Stable: it is stored with each run. */
  name: string;
  every: Every;
  /** Periods are cut on this zone's wall clock; UTC unless given (brands: America/Sao_Paulo). */
  timeZone?: string;
  /**
   * How many of the latest closed periods are run if nobody ran them (instances were down):
   * 1 (the default) runs only the period that just ended.
   */
  catchUpPeriods?: number;
  maxAttempts?: number;
  /** How long one run may take before another instance may run the period again. */
  leaseMs?: number;
  /** Runs once the period has ended. Must be idempotent: a run cut off by a crash is run again. */
  run(period: JobPeriod, ctx: JobContext): Promise<void>;
};

export type Task<P> = {
  name: string;
  maxAttempts?: number;
  leaseMs?: number;
  /** Runs at or after the scheduled time, once per key (again after a crash: be idempotent). */
  run(task: { key: string; payload: P }, ctx: JobContext): Promise<void>;
};

export type RunOutcome = {
  job: string;
  key: string;
  outcome: 'done' | 'retrying' | 'failed' | 'skipped';
};

/** Runs claimed per query: a backlog is worked off a batch at a time. */
const BATCH_SIZE = 20;
const MAX_BATCHES_PER_TICK = 10;
/** A failed run is tried this many times in all (per job unless it says otherwise), then marked failed and logged. */
export const DEFAULT_MAX_ATTEMPTS = 5;
/** Backoff after the nth failure: 30 s, 1 min, 2 min … capped at 30 min. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 30 * 60_000;
/** Settlement jobs over many agents take minutes; a lease shorter than a run would let a second instance start it. */
export const DEFAULT_LEASE_MS = 15 * 60_000;
/** Catch-up is bounded: a day of 5-minute periods. */
const MAX_CATCH_UP_PERIODS = 288;
const MAX_ERROR_CHARS = 2000;
const MAX_KEY_CHARS = 200;

/**
 * Schedules a one-off run of task `name` at or after `runAt`, once per `key`: scheduling the
 * same key again changes nothing. Pass the transaction of the change that needs the work (a
 * withdrawal to auto-confirm), so the run exists exactly when the change committed.
 */
export async function scheduleTask(
  executor: Db,
  name: string,
  task: { key: string; runAt: Date; payload?: unknown },
): Promise<void> {
  if (task.key.length === 0 || task.key.length > MAX_KEY_CHARS)
    throw new Error(`task key must be 1..${MAX_KEY_CHARS} characters`);
  await executor
    .insertInto('job_runs')
    .values({
      job: name,
      period: task.key,
      payload: JSON.stringify(task.payload ?? null),
      next_attempt_at: task.runAt,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

type Definition = {
  kind: 'periodic' | 'task';
  maxAttempts: number;
  leaseMs: number;
  periodic?: PeriodicJob & { timeZone: string; catchUpPeriods: number };
  runTask?: Task<unknown>['run'];
};

type ClaimedRun = { job: string; period: string; payload: unknown; attempts: number };

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Periodic and delayed work over one table, `job_runs`, on PostgreSQL and PGlite alike. Each
 * period of a periodic job is a row whose primary key is (job, period): every instance inserts
 * the rows of the periods that have ended with ON CONFLICT DO NOTHING, then claims due rows with
 * FOR UPDATE SKIP LOCKED and a lease, so each period runs once however many instances poll.
 * Nothing runs until `start()`; tests call `runDue()` or `runNow()`.
 */
export function createJobRunner(
  db: Db,
  options: { logger: Logger; pollIntervalMs?: number; now?: () => Date },
) {
  const { logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const now = options.now ?? (() => new Date());
  const definitions = new Map<string, Definition>();
  let ticking: Promise<RunOutcome[]> | undefined;

  function add(name: string, definition: Definition): void {
    if (definitions.has(name)) throw new Error(`job ${name} is defined twice`);
    if (name.includes(':')) throw new Error(`job name ${name} may not contain ':'`);
    definitions.set(name, definition);
  }

  /** A job that runs once per period, after the period ends. */
  function define(job: PeriodicJob): void {
    periodMinutes(job.every); // fails now on an unsupported period, not at the first tick
    const catchUpPeriods = job.catchUpPeriods ?? 1;
    if (
      !Number.isInteger(catchUpPeriods) ||
      catchUpPeriods < 1 ||
      catchUpPeriods > MAX_CATCH_UP_PERIODS
    )
      throw new Error(`catchUpPeriods must be 1..${MAX_CATCH_UP_PERIODS}`);
    add(job.name, {
      kind: 'periodic',
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      leaseMs: job.leaseMs ?? DEFAULT_LEASE_MS,
      periodic: { ...job, timeZone: job.timeZone ?? 'UTC', catchUpPeriods },
    });
  }

  /** A one-off task run at a scheduled time; the returned schedule() is typed by its payload. */
  function defineTask<P>(task: Task<P>) {
    add(task.name, {
      kind: 'task',
      maxAttempts: task.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      leaseMs: task.leaseMs ?? DEFAULT_LEASE_MS,
      runTask: task.run as Task<unknown>['run'],
    });
    return {
      schedule: (executor: Db, run: { key: string; runAt: Date; payload: P }) =>
        scheduleTask(executor, task.name, run),
    };
  }

  function periodOf(job: PeriodicJob & { timeZone: string }, label: string): JobPeriod {
    const period = periodOfLabel(job.every, job.timeZone, label);
    if (!period) throw new Error(`${label} is not a period of job ${job.name}`);
    return { key: `${job.name}:${label}`, ...period };
  }

  /** Inserts the rows of the latest closed periods of every periodic job; existing rows stay as they are. */
  async function createPeriodRuns(at: Date): Promise<void> {
    const rows = [];
    for (const [name, definition] of definitions) {
      const job = definition.periodic;
      if (!job) continue;
      for (const period of closedPeriods(job.every, job.timeZone, at, job.catchUpPeriods)) {
        rows.push({
          job: name,
          period: period.label,
          payload: null,
          next_attempt_at: period.endUtc,
        });
      }
    }
    if (rows.length === 0) return;
    await db
      .insertInto('job_runs')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async function claim(at: Date, only?: { job: string; period: string }): Promise<ClaimedRun[]> {
    if (definitions.size === 0) return [];
    const names = sql.join([...definitions.keys()].map((name) => sql`${name}`));
    const leases = sql.join(
      [...definitions].map(([name, d]) => sql`(${name}::text, ${d.leaseMs}::integer)`),
    );
    const which = only
      ? // On demand: due or never tried (a scheduled task run early); a run under lease is left alone.
        sql`job = ${only.job} AND period = ${only.period}
            AND (next_attempt_at <= ${at}::timestamptz OR attempts = 0)`
      : sql`job IN (${names}) AND next_attempt_at <= ${at}::timestamptz`;
    const result = await sql<ClaimedRun>`
      WITH due AS (
        SELECT job, period FROM job_runs
        WHERE status = 'pending' AND ${which}
        ORDER BY next_attempt_at LIMIT ${BATCH_SIZE}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE job_runs r
      SET attempts = r.attempts + 1,
        next_attempt_at = ${at}::timestamptz + lease.ms * interval '1 millisecond'
      FROM due JOIN (VALUES ${leases}) AS lease(job, ms) ON lease.job = due.job
      WHERE r.job = due.job AND r.period = due.period
      RETURNING r.job, r.period, r.payload, r.attempts`.execute(db);
    return result.rows;
  }

  async function execute(row: ClaimedRun): Promise<RunOutcome> {
    const definition = definitions.get(row.job);
    const key = `${row.job}:${row.period}`;
    if (!definition) return { job: row.job, key, outcome: 'skipped' };
    const ctx: JobContext = { db, logger, attempt: row.attempts, now: now() };
    const startedMs = Date.now();
    try {
      if (definition.periodic)
        await definition.periodic.run(periodOf(definition.periodic, row.period), ctx);
      else await definition.runTask!({ key: row.period, payload: row.payload }, ctx);
      await finish(row, { status: 'done', finished_at: now(), last_error: null });
      logger.info({ job: row.job, key, durationMs: Date.now() - startedMs }, 'job run done');
      return { job: row.job, key, outcome: 'done' };
    } catch (error) {
      const exhausted = row.attempts >= definition.maxAttempts;
      const backoffMs = Math.min(RETRY_BASE_MS * 2 ** (row.attempts - 1), RETRY_MAX_MS);
      await finish(row, {
        status: exhausted ? 'failed' : 'pending',
        next_attempt_at: new Date(now().getTime() + backoffMs),
        last_error: (error instanceof Error ? error.message : String(error)).slice(
          0,
          MAX_ERROR_CHARS,
        ),
        finished_at: exhausted ? now() : null,
      });
      const fields = { job: row.job, key, attempts: row.attempts, err: error };
      if (exhausted) logger.error(fields, 'job run failed for good');
      else logger.warn(fields, 'job run failed; it will be retried');
      return { job: row.job, key, outcome: exhausted ? 'failed' : 'retrying' };
    }
  }

  async function finish(
    row: ClaimedRun,
    changes: {
      status: 'done' | 'pending' | 'failed';
      finished_at: Date | null;
      last_error: string | null;
      next_attempt_at?: Date;
    },
  ): Promise<void> {
    await db
      .updateTable('job_runs')
      .set(changes)
      .where('job', '=', row.job)
      .where('period', '=', row.period)
      .execute();
  }

  /** One poll: creates the runs of periods that ended, then runs every due run this runner knows. */
  async function runDue(): Promise<RunOutcome[]> {
    if (ticking) return ticking;
    ticking = (async () => {
      const outcomes: RunOutcome[] = [];
      try {
        const at = now();
        await createPeriodRuns(at);
        for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch += 1) {
          const claimed = await claim(at);
          for (const row of claimed) outcomes.push(await execute(row));
          if (claimed.length < BATCH_SIZE) break;
        }
      } finally {
        ticking = undefined;
      }
      return outcomes;
    })();
    return ticking;
  }

  /**
   * Runs one period of a periodic job now (the last closed one unless `at` or a label names
   * another), or a scheduled task by its key, through the same claim: a period already done,
   * or being run elsewhere, is skipped.
   */
  async function runNow(name: string, which?: Date | string): Promise<RunOutcome> {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    const at = now();
    let period: string;
    if (definition.periodic) {
      const job = definition.periodic;
      if (typeof which === 'string' && !periodOfLabel(job.every, job.timeZone, which))
        throw new Error(`${which} is not a period of job ${name}`);
      period =
        typeof which === 'string'
          ? which
          : which
            ? periodAt(job.every, job.timeZone, which).label
            : closedPeriods(job.every, job.timeZone, at, 1)[0]!.label;
      await db
        .insertInto('job_runs')
        .values({ job: name, period, payload: null, next_attempt_at: at })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      if (typeof which !== 'string') throw new Error(`task ${name} runs by key`);
      period = which;
    }
    const [row] = await claim(at, { job: name, period });
    if (!row) return { job: name, key: `${name}:${period}`, outcome: 'skipped' };
    return execute(row);
  }

  const poller = createPoller({
    intervalMs: pollIntervalMs,
    work: runDue,
    logger,
    failureMessage: 'job poll failed',
  });

  /** Starts polling: a period's run starts within pollIntervalMs of its end on some instance. */
  function start(): void {
    poller.start();
  }

  /** Stops polling and waits for the runs in progress. */
  async function stop(): Promise<void> {
    poller.stop();
    await ticking?.catch(() => undefined);
  }

  return {
    define,
    defineTask,
    schedule: (
      name: string,
      task: { key: string; runAt: Date; payload?: unknown },
      executor: Db = db,
    ) => scheduleTask(executor, name, task),
    runDue,
    runNow,
    start,
    stop,
  };
}
