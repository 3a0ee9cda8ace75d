import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../test/harness';
import { createEventBus, DELIVERY_LEASE_MS, MAX_DELIVERY_ATTEMPTS, type Logger } from './events';

/** The events of these tests, a catalogue of their own so the app's stays clean. */
type TestEvents = {
  'thing.happened': { n: number };
  'other.happened': { label: string };
};

function recordingLogger() {
  const lines: Array<{ level: string; msg?: string; fields: object }> = [];
  const logger: Logger = {
    info: (fields, msg) => lines.push({ level: 'info', msg, fields }),
    warn: (fields, msg) => lines.push({ level: 'warn', msg, fields }),
    error: (fields, msg) => lines.push({ level: 'error', msg, fields }),
  };
  return { logger, lines };
}

/** A clock the test moves, so retries and leases are tested without sleeping. */
function testClock(startIso = '2026-11-22T10:00:00Z') {
  let ms = Date.parse(startIso);
  return { now: () => new Date(ms), advance: (byMs: number) => (ms += byMs) };
}

describe.each(ENGINES)('domain events on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await t.drop();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('domain_events').execute();
  });

  it('delivers a committed event once per handler, and never one whose transaction rolled back', async () => {
    const clock = testClock();
    const bus = createEventBus<TestEvents>(t.db, { logger: recordingLogger().logger, ...clock });
    const seen: string[] = [];
    bus.on('thing.happened', 'test.first', async (e) => void seen.push(`first:${e.payload.n}`));
    bus.on('thing.happened', 'test.second', async (e) => void seen.push(`second:${e.payload.n}`));
    bus.on('other.happened', 'test.other', async (e) => void seen.push(`other:${e.payload.label}`));

    await expect(
      t.db.transaction().execute(async (trx) => {
        await bus.publish(trx, 'thing.happened', { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.db.transaction().execute(async (trx) => {
      await bus.publish(trx, 'thing.happened', { n: 2 });
    });

    // Published but not committed yet: invisible to delivery.
    let release!: () => void;
    const open = t.db.transaction().execute(async (trx) => {
      await bus.publish(trx, 'other.happened', { label: 'late' });
      await new Promise<void>((resolve) => (release = resolve));
    });
    if (engine === 'postgres') {
      // (On PGlite the open transaction holds the one connection, so a drain would wait for it.)
      await new Promise((resolve) => setTimeout(resolve, 20));
      await bus.deliverPending();
      expect(seen.sort()).toEqual(['first:2', 'second:2']);
    } else await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await open;

    await bus.deliverPending();
    await bus.deliverPending();
    expect(seen.sort()).toEqual(['first:2', 'other:late', 'second:2']);
  });

  it('runs each handler in its own lane: a slow handler does not hold back another handler of the same events', async () => {
    const bus = createEventBus<TestEvents>(t.db, {
      logger: recordingLogger().logger,
      ...testClock(),
    });
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const slow: number[] = [];
    const fast: number[] = [];
    let onFast: () => void = () => undefined;
    bus.on('thing.happened', 'test.slow', async (e) => {
      await slowGate;
      slow.push(e.payload.n);
    });
    bus.on('thing.happened', 'test.fast', async (e) => {
      fast.push(e.payload.n);
      onFast();
    });
    const fastHas = (n: number) =>
      new Promise<void>((resolve) => {
        onFast = () => fast.includes(n) && resolve();
        onFast();
      });

    await bus.publish(t.db, 'thing.happened', { n: 1 });
    const first = bus.deliverPending();
    await fastHas(1);
    // The slow handler still holds event 1; a second event reaches the fast one meanwhile.
    await bus.publish(t.db, 'thing.happened', { n: 2 });
    const second = bus.deliverPending();
    await fastHas(2);
    expect(slow).toEqual([]);
    releaseSlow();
    await Promise.all([first, second]);
    while ((await bus.deliverPending()) > 0);
    expect(slow.sort()).toEqual([1, 2]);
    expect(fast.sort()).toEqual([1, 2]);
  });

  it('delivers each event once per handler with two instances polling the same database', async () => {
    const clock = testClock();
    // Two buses with the same handlers: two instances of one build.
    const counts = new Map<string, number>();
    const instances = [0, 1].map(() => {
      const bus = createEventBus<TestEvents>(t.db, { logger: recordingLogger().logger, ...clock });
      for (const handler of ['test.a', 'test.b'])
        bus.on('thing.happened', handler, async (e) => {
          const key = `${handler}:${e.payload.n}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
          // Give the other instance a chance to try the same row.
          await new Promise((resolve) => setImmediate(resolve));
        });
      return bus;
    });
    const events = 150; // more than one batch
    await t.db.transaction().execute(async (trx) => {
      for (let n = 0; n < events; n += 1) await instances[0]!.publish(trx, 'thing.happened', { n });
    });
    const attempted = await Promise.all(instances.map((bus) => bus.deliverPending()));
    await Promise.all(instances.map((bus) => bus.deliverPending()));

    expect(attempted[0]! + attempted[1]!).toBe(events * 2);
    if (engine === 'postgres') expect(Math.min(...attempted)).toBeGreaterThan(0);
    expect(counts.size).toBe(events * 2);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const done = await t.db
      .selectFrom('event_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'done')
      .executeTakeFirstOrThrow();
    expect(Number(done.n)).toBe(events * 2);
  });

  it('retries a failing handler with backoff while the other handlers get the event', async () => {
    const clock = testClock();
    const { logger, lines } = recordingLogger();
    const bus = createEventBus<TestEvents>(t.db, { logger, ...clock });
    const steady: number[] = [];
    const flakyAttempts: number[] = [];
    bus.on('thing.happened', 'test.steady', async (e) => void steady.push(e.payload.n));
    bus.on('thing.happened', 'test.flaky', async (e) => {
      flakyAttempts.push(e.attempt);
      if (e.attempt < 3) throw new Error(`flaky attempt ${e.attempt}`);
    });
    await bus.publish(t.db, 'thing.happened', { n: 7 });

    await bus.deliverPending();
    expect(steady).toEqual([7]);
    expect(flakyAttempts).toEqual([1]);
    // Not due again until its backoff has passed.
    await bus.deliverPending();
    expect(flakyAttempts).toEqual([1]);
    clock.advance(1_100);
    await bus.deliverPending();
    expect(flakyAttempts).toEqual([1, 2]);
    clock.advance(2_100);
    await bus.deliverPending();
    clock.advance(60_000);
    await bus.deliverPending();
    expect(flakyAttempts).toEqual([1, 2, 3]);
    expect(steady).toEqual([7]);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(2);
    const row = await t.db
      .selectFrom('event_deliveries')
      .selectAll()
      .where('handler', '=', 'test.flaky')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', attempts: 3, last_error: null });
  });

  it('gives a batch handler the due events together, and retries the whole batch when it fails', async () => {
    const clock = testClock();
    const bus = createEventBus<TestEvents>(t.db, { logger: recordingLogger().logger, ...clock });
    const calls: number[][] = [];
    let failNext = true;
    bus.onBatch('thing.happened', 'test.batch', async (events) => {
      calls.push(events.map((e) => e.payload.n));
      if (failNext) {
        failNext = false;
        throw new Error('the batch failed');
      }
    });
    for (const n of [1, 2, 3]) await bus.publish(t.db, 'thing.happened', { n });

    await bus.deliverPending();
    expect(calls).toEqual([[1, 2, 3]]);
    clock.advance(1_100);
    await bus.deliverPending();
    expect(calls).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    // Done: nothing more to deliver.
    clock.advance(60_000);
    await bus.deliverPending();
    expect(calls).toHaveLength(2);
    const statuses = await t.db
      .selectFrom('event_deliveries')
      .select(['status', 'attempts'])
      .where('handler', '=', 'test.batch')
      .execute();
    expect(statuses).toEqual(Array(3).fill({ status: 'done', attempts: 2 }));
  });

  it('gives up after the last attempt, marks the delivery failed and logs it', async () => {
    const clock = testClock();
    const { logger, lines } = recordingLogger();
    const bus = createEventBus<TestEvents>(t.db, { logger, ...clock });
    let calls = 0;
    bus.on('other.happened', 'test.broken', async () => {
      calls += 1;
      throw new Error('always broken');
    });
    await bus.publish(t.db, 'other.happened', { label: 'x' });
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 3; i += 1) {
      await bus.deliverPending();
      clock.advance(60 * 60_000);
    }
    expect(calls).toBe(MAX_DELIVERY_ATTEMPTS);
    const row = await t.db
      .selectFrom('event_deliveries')
      .selectAll()
      .where('handler', '=', 'test.broken')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', last_error: 'always broken' });
    expect(lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual([
      'event delivery failed for good',
    ]);
  });

  it('delivers again a delivery whose instance died mid-handler, after its lease', async () => {
    const clock = testClock();
    const crashed = createEventBus<TestEvents>(t.db, {
      logger: recordingLogger().logger,
      ...clock,
    });
    crashed.on('thing.happened', 'test.lease', async () => {
      throw Object.assign(new Error('process killed'), { crash: true });
    });
    await crashed.publish(t.db, 'thing.happened', { n: 1 });
    // Simulate the crash: the claim happened (attempts 1, leased), the result was never written.
    await crashed.deliverPending();
    await t.db
      .updateTable('event_deliveries')
      .set({
        status: 'pending',
        attempts: 1,
        last_error: null,
        next_attempt_at: new Date(clock.now().getTime() + DELIVERY_LEASE_MS),
      })
      .execute();

    const survivor = createEventBus<TestEvents>(t.db, {
      logger: recordingLogger().logger,
      ...clock,
    });
    const seen: number[] = [];
    survivor.on('thing.happened', 'test.lease', async (e) => void seen.push(e.attempt));
    await survivor.deliverPending();
    expect(seen).toEqual([]);
    clock.advance(DELIVERY_LEASE_MS + 1);
    await survivor.deliverPending();
    expect(seen).toEqual([2]);
  });

  it('when started, delivers soon after commit without being asked, and stops', async () => {
    const bus = createEventBus<TestEvents>(t.db, {
      logger: recordingLogger().logger,
      pollIntervalMs: 60_000,
    });
    const seen: number[] = [];
    bus.on('thing.happened', 'test.live', async (e) => void seen.push(e.payload.n));
    bus.start();
    try {
      // The nudge of a publish in this process, not the (one-minute) poll, delivers it.
      await t.db.transaction().execute(async (trx) => {
        await bus.publish(trx, 'thing.happened', { n: 42 });
      });
      await expect.poll(() => seen, { timeout: 2_000, interval: 10 }).toEqual([42]);
    } finally {
      await bus.stop();
    }
    await bus.publish(t.db, 'thing.happened', { n: 43 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([42]);
  });

  it('refuses a handler name registered twice', () => {
    const bus = createEventBus<TestEvents>(t.db, { logger: recordingLogger().logger });
    bus.on('thing.happened', 'test.once', async () => undefined);
    expect(() => bus.on('other.happened', 'test.once', async () => undefined)).toThrow(/twice/);
  });
});
