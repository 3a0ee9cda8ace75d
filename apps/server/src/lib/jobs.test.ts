import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../test/harness';
import type { Logger } from './events';
import { createJobRunner, DEFAULT_LEASE_MS, type JobPeriod } from './jobs';

function recordingLogger() {
  const lines: Array<{ level: string; msg?: string }> = [];
  const logger: Logger = {
    info: (_fields, msg) => lines.push({ level: 'info', msg }),
    warn: (_fields, msg) => lines.push({ level: 'warn', msg }),
    error: (_fields, msg) => lines.push({ level: 'error', msg }),
  };
  return { logger, lines };
}

/** A clock the test moves, so periods, backoff and leases are tested without sleeping. */
function testClock(startIso: string) {
  let ms = Date.parse(startIso);
  return {
    now: () => new Date(ms),
    advance: (byMs: number) => (ms += byMs),
    set: (iso: string) => (ms = Date.parse(iso)),
  };
}

const MINUTE_MS = 60_000;

describe.each(ENGINES)('jobs on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await t.drop();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('job_runs').execute();
  });

  /** Instances of one build over one database: three on PostgreSQL, two on the one PGlite connection. */
  const INSTANCES = engine === 'postgres' ? 3 : 2;

  it('runs each period of a periodic job once across instances, after the period ends', async () => {
    const clock = testClock('2026-11-22T10:05:01Z');
    const runs: JobPeriod[] = [];
    const runners = Array.from({ length: INSTANCES }, () => {
      const runner = createJobRunner(t.db, { logger: recordingLogger().logger, now: clock.now });
      runner.define({
        name: 'test-salary',
        every: '5 minutes',
        run: async (period) => {
          runs.push(period);
          // Let the other instances try to claim the same period while this one runs.
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      return runner;
    });

    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(runs).toEqual([
      {
        key: 'test-salary:2026-11-22T10:00',
        label: '2026-11-22T10:00',
        startUtc: new Date('2026-11-22T10:00:00Z'),
        endUtc: new Date('2026-11-22T10:05:00Z'),
      },
    ]);

    clock.advance(3 * MINUTE_MS); // still in the period 10:05–10:10
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(runs).toHaveLength(1);

    clock.set('2026-11-22T10:10:00Z');
    await Promise.all(runners.map((runner) => runner.runDue()));
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(runs.map((p) => p.key)).toEqual([
      'test-salary:2026-11-22T10:00',
      'test-salary:2026-11-22T10:05',
    ]);
  });

  it("cuts periods on the job's time zone and catches up missed periods, bounded", async () => {
    // 00:00:30 in São Paulo (UTC-3) on 23 November: the local day 22 November has ended.
    const clock = testClock('2026-11-23T03:00:30Z');
    const runner = createJobRunner(t.db, { logger: recordingLogger().logger, now: clock.now });
    const daily: JobPeriod[] = [];
    const hourly: string[] = [];
    runner.define({
      name: 'test-daily',
      every: 'day',
      timeZone: 'America/Sao_Paulo',
      run: async (period) => void daily.push(period),
    });
    runner.define({
      name: 'test-hourly',
      every: 'hour',
      timeZone: 'America/Sao_Paulo',
      catchUpPeriods: 3,
      run: async (period) => void hourly.push(period.label),
    });
    await runner.runDue();
    expect(daily).toEqual([
      {
        key: 'test-daily:2026-11-22',
        label: '2026-11-22',
        startUtc: new Date('2026-11-22T03:00:00Z'),
        endUtc: new Date('2026-11-23T03:00:00Z'),
      },
    ]);
    expect(hourly.sort()).toEqual(['2026-11-22T21:00', '2026-11-22T22:00', '2026-11-22T23:00']);
  });

  it('retries a failed run after its backoff, then gives up after the last attempt', async () => {
    const clock = testClock('2026-11-22T10:01:00Z');
    const { logger, lines } = recordingLogger();
    const runner = createJobRunner(t.db, { logger, now: clock.now });
    const attempts: number[] = [];
    runner.define({
      name: 'test-flaky',
      every: 'minute',
      run: async (_period, ctx) => {
        attempts.push(ctx.attempt);
        if (ctx.attempt < 2) throw new Error('the payment provider timed out');
      },
    });
    let broken = 0;
    runner.define({
      name: 'test-broken',
      every: 'minute',
      maxAttempts: 3,
      run: async () => {
        broken += 1;
        throw new Error('always broken');
      },
    });

    const first = await runner.runDue();
    expect(first.map((o) => o.outcome).sort()).toEqual(['retrying', 'retrying']);
    expect(await runner.runDue()).toEqual([]); // not due until the backoff has passed
    clock.advance(31_000); // the next period has not ended yet: only the retries are due
    const second = await runner.runDue();
    expect(second).toContainEqual({
      job: 'test-flaky',
      key: 'test-flaky:2026-11-22T10:00',
      outcome: 'done',
    });
    expect(attempts).toEqual([1, 2]);

    for (let i = 0; i < 5; i += 1) {
      clock.advance(30 * MINUTE_MS);
      await runner.runDue();
    }
    const row = await t.db
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', 'test-broken')
      .where('period', '=', '2026-11-22T10:00')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'always broken' });
    expect(lines.filter((l) => l.msg === 'job run failed for good').length).toBeGreaterThan(0);
    expect(broken).toBeGreaterThanOrEqual(3);
  });

  it('runs a period on demand with runNow, once', async () => {
    const clock = testClock('2026-11-22T10:07:00Z');
    const runner = createJobRunner(t.db, { logger: recordingLogger().logger, now: clock.now });
    const keys: string[] = [];
    runner.define({
      name: 'test-report',
      every: '5 minutes',
      run: async (period) => void keys.push(period.key),
    });
    expect(await runner.runNow('test-report')).toEqual({
      job: 'test-report',
      key: 'test-report:2026-11-22T10:00',
      outcome: 'done',
    });
    expect((await runner.runNow('test-report')).outcome).toBe('skipped');
    expect((await runner.runNow('test-report', new Date('2026-11-22T09:31:00Z'))).outcome).toBe(
      'done',
    );
    expect((await runner.runNow('test-report', '2026-11-22T09:00')).outcome).toBe('done');
    await expect(runner.runNow('test-report', '2026-11-22T09:01')).rejects.toThrow(/not a period/);
    await runner.runDue(); // the polled run of 10:00 finds it done
    expect(keys).toEqual([
      'test-report:2026-11-22T10:00',
      'test-report:2026-11-22T09:30',
      'test-report:2026-11-22T09:00',
    ]);
  });

  it('runs a scheduled one-off once, at or after its time, and never one whose transaction rolled back', async () => {
    const clock = testClock('2026-11-22T10:00:00Z');
    const runs: Array<{ key: string; payload: { withdrawalId: number } }> = [];
    const runners = Array.from({ length: INSTANCES }, () => {
      const runner = createJobRunner(t.db, { logger: recordingLogger().logger, now: clock.now });
      const task = runner.defineTask<{ withdrawalId: number }>({
        name: 'test-auto-confirm',
        run: async (run) => {
          runs.push(run);
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      return { runner, task };
    });
    const { task } = runners[0]!;
    const runAt = new Date(clock.now().getTime() + 15 * MINUTE_MS);
    await t.db.transaction().execute(async (trx) => {
      await task.schedule(trx, { key: 'withdrawal:1', runAt, payload: { withdrawalId: 1 } });
    });
    // Scheduling the same key again changes nothing.
    await task.schedule(t.db, {
      key: 'withdrawal:1',
      runAt: clock.now(),
      payload: { withdrawalId: 9 },
    });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await task.schedule(trx, { key: 'withdrawal:2', runAt, payload: { withdrawalId: 2 } });
        throw new Error('the withdrawal failed');
      }),
    ).rejects.toThrow('the withdrawal failed');

    await Promise.all(runners.map(({ runner }) => runner.runDue()));
    expect(runs).toEqual([]);
    clock.advance(15 * MINUTE_MS);
    await Promise.all(runners.map(({ runner }) => runner.runDue()));
    await Promise.all(runners.map(({ runner }) => runner.runDue()));
    expect(runs).toEqual([{ key: 'withdrawal:1', payload: { withdrawalId: 1 } }]);
  });

  it('runs again a run whose instance died mid-run, after its lease', async () => {
    const clock = testClock('2026-11-22T10:01:00Z');
    const runner = createJobRunner(t.db, { logger: recordingLogger().logger, now: clock.now });
    const attempts: number[] = [];
    runner.define({
      name: 'test-lease',
      every: 'minute',
      run: async (_period, ctx) => void attempts.push(ctx.attempt),
    });
    // The crash: claimed (attempt 1, leased) by an instance that never wrote its result.
    await t.db
      .insertInto('job_runs')
      .values({
        job: 'test-lease',
        period: '2026-11-22T10:00',
        payload: null,
        attempts: 1,
        next_attempt_at: new Date(clock.now().getTime() + DEFAULT_LEASE_MS),
      })
      .execute();
    expect(await runner.runDue()).toEqual([]);
    expect((await runner.runNow('test-lease', '2026-11-22T10:00')).outcome).toBe('skipped');
    clock.advance(DEFAULT_LEASE_MS + 1);
    await runner.runDue();
    expect(attempts).toContain(2);
  });

  it('polls when started and stops on stop()', async () => {
    const runner = createJobRunner(t.db, { logger: recordingLogger().logger, pollIntervalMs: 20 });
    let ran = 0;
    runner.defineTask({ name: 'test-live', run: async () => void (ran += 1) });
    await runner.schedule('test-live', { key: 'now', runAt: new Date(Date.now() - 1000) });
    runner.start();
    try {
      await expect.poll(() => ran, { timeout: 2_000, interval: 10 }).toBe(1);
    } finally {
      await runner.stop();
    }
    await runner.schedule('test-live', { key: 'later', runAt: new Date(Date.now() - 1000) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toBe(1);
  });

  it('refuses unsupported periods and duplicate names at definition', () => {
    const runner = createJobRunner(t.db, { logger: recordingLogger().logger });
    expect(() => runner.define({ name: 'x', every: '7 minutes', run: async () => {} })).toThrow(
      /unsupported/,
    );
    runner.define({ name: 'y', every: 'hour', run: async () => {} });
    expect(() => runner.defineTask({ name: 'y', run: async () => {} })).toThrow(/twice/);
  });
});
