import { randomBytes } from 'node:crypto';
import {
  realtimeEventFrameSchema,
  type CrashTopicEvent,
  type DoubleTopicEvent,
  type RealtimeServerFrame,
} from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { connectDatabase } from '../../db/connect';
import { seedDemo } from '../../demo/seed';
import { publish } from '../../lib/events';
import { createClient } from '../../../test/client';
import { ENGINES, openTestDatabase, type Engine } from '../../../test/harness';
import { openSocket, type TestSocket } from '../../../test/socket-client';
import { createRedisTransport, type RealtimeTransport } from '.';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two instances of the platform on one database (PGlite: one in-process database shared by two
 * apps; PostgreSQL: two connection pools), each listening on its own port, with the given
 * cross-instance transport (LISTEN/NOTIFY unless one is given).
 */
async function twoInstances(engine: Engine, transport?: () => RealtimeTransport) {
  const database = await openTestDatabase(engine);
  await seedDemo(database.db);
  const secondDb =
    engine === 'pglite'
      ? database.db
      : await connectDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  const start = async (db: typeof database.db): Promise<App> => {
    const app = await buildApp({
      db,
      logLevel: 'silent',
      adapters: transport ? { realtimeTransport: transport() } : {},
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const a = await start(database.db);
  const b = await start(secondDb);
  const origin = (app: App) => {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  };
  return {
    a,
    b,
    db: database.db,
    origin,
    close: async () => {
      await a.close();
      await b.close();
      if (secondDb !== database.db) await secondDb.destroy();
      await database.drop();
    },
  };
}

type Instances = Awaited<ReturnType<typeof twoInstances>>;

let counter = 0;
/** A registered member with a live session token. */
async function member(app: App, engine: Engine) {
  counter += 1;
  const c = createClient(app, { ip: `198.18.2.${counter}` });
  const reg = await c.register({
    username: `live${engine[0]}${counter}${randomBytes(2).toString('hex')}`,
    password: 'live@2026x',
    confirmPassword: 'live@2026x',
  });
  expect(reg.body.success).toBe(true);
  return { c, id: reg.body.value.member.id as number, token: c.token! };
}

let depositIds = 5000;
async function creditDeposit(
  app: App,
  memberId: number,
  amountMinor: number,
  depositId = ++depositIds,
) {
  await publish(dbOf(app), 'deposit.credited', {
    depositId,
    merchantCode: 'BANCA',
    memberId,
    amountMinor,
    currency: 'BRL',
    method: 'pix',
    creditedAt: '2026-05-01T12:00:00.000Z',
  });
  return depositId;
}
const dbs = new WeakMap<App, Instances['db']>();
function dbOf(app: App) {
  return dbs.get(app)!;
}

/** Delivers pending events on `app` until nothing is left (a message's INBOX is a second round). */
async function drain(app: App): Promise<void> {
  while ((await app.events.deliverPending()) > 0);
}

const isEvent = (type: string, seq?: number) => (frame: RealtimeServerFrame) =>
  frame.kind === 'event' && frame.type === type && (seq === undefined || frame.seq === seq);

const crashBet = (player: string, stakeMinor = 100): CrashTopicEvent => ({
  kind: 'bet',
  gameCode: 'BGS_CRASH',
  roundId: 1,
  player,
  stakeMinor,
  autoCashoutE2: null,
});
const doubleResult = (roundId: number): DoubleTopicEvent => ({
  kind: 'result',
  gameCode: 'BGS_DOUBLE',
  roundId,
  chainIndex: 9_000,
  slot: 3,
  gameHash: 'ab'.repeat(32),
});
const isTopic =
  (topic: string, match: (data: unknown) => boolean = () => true) =>
  (frame: RealtimeServerFrame) =>
    frame.kind === 'topic' && frame.topic === topic && match(frame.data);
const topicFrames = (socket: TestSocket) => socket.frames.filter((f) => f.kind === 'topic');

/** A socket without a session following `topics` (each confirmed by `subscribed`). */
async function watcher(origin: string, ...topics: string[]): Promise<TestSocket> {
  const socket = await openSocket(origin);
  for (const topic of topics) {
    socket.send({ kind: 'subscribe', topic });
    await socket.next((f) => f.kind === 'subscribed' && f.topic === topic);
  }
  return socket;
}

/**
 * A broadcast on A reaches sockets following its topic on A and on B, with or without a
 * session, and no other socket: each socket's last expected frame is a later broadcast, and the
 * transport keeps one sender's order, so by then an unwanted frame would have arrived.
 */
async function broadcastAcross(t: Instances, engine: Engine): Promise<void> {
  const m = await member(t.a, engine);
  const memberOnB = await openSocket(t.origin(t.b), { token: m.token });
  await memberOnB.next((f) => f.kind === 'ready');
  memberOnB.send({ kind: 'subscribe', topic: 'house.crash' });
  await memberOnB.next((f) => f.kind === 'subscribed');
  const crashOnB = await watcher(t.origin(t.b), 'house.crash', 'house.double');
  const crashOnA = await watcher(t.origin(t.a), 'house.crash');
  const doubleOnlyOnB = await watcher(t.origin(t.b), 'house.double');
  // Follows both, then stops following crash (the pong proves the server read the unsubscribe).
  const leftOnB = await watcher(t.origin(t.b), 'house.crash', 'house.double');
  leftOnB.send({ kind: 'unsubscribe', topic: 'house.crash' });
  leftOnB.send({ kind: 'ping' });
  await leftOnB.next((f) => f.kind === 'pong');

  await t.a.services.realtime.broadcast('house.crash', crashBet('ana***', 250));
  await t.a.services.realtime.broadcast('house.double', doubleResult(41));

  for (const socket of [memberOnB, crashOnB, crashOnA])
    expect(await socket.next(isTopic('house.crash'))).toEqual({
      kind: 'topic',
      topic: 'house.crash',
      data: crashBet('ana***', 250),
    });
  for (const socket of [crashOnB, doubleOnlyOnB, leftOnB])
    expect(await socket.next(isTopic('house.double'))).toEqual({
      kind: 'topic',
      topic: 'house.double',
      data: doubleResult(41),
    });
  // Nothing for the topics a socket does not follow.
  expect(topicFrames(doubleOnlyOnB).map((f) => f.kind === 'topic' && f.topic)).toEqual([
    'house.double',
  ]);
  expect(topicFrames(leftOnB).map((f) => f.kind === 'topic' && f.topic)).toEqual(['house.double']);
  // Each broadcast once per socket, though A hears its own broadcast back from the transport.
  await t.a.services.realtime.broadcast('house.double', doubleResult(42));
  await crashOnB.next(isTopic('house.double', (d) => (d as DoubleTopicEvent).roundId === 42));
  expect(topicFrames(crashOnB)).toHaveLength(3);
  await t.a.services.realtime.broadcast('house.crash', crashBet('bia***'));
  await crashOnA.next(
    isTopic('house.crash', (d) => (d as CrashTopicEvent & { player: string }).player === 'bia***'),
  );
  expect(topicFrames(crashOnA)).toHaveLength(2);
  for (const socket of [memberOnB, crashOnB, crashOnA, doubleOnlyOnB, leftOnB])
    await socket.close();
}

/**
 * Many deposits for a few members delivered in one batch on A (one push transaction, one
 * transport message, cut in pieces over NOTIFY): each member's socket on B receives its events
 * numbered 1, 2, 3 … without gaps, each deposit once, in the order of the deposits.
 */
async function batchAcross(t: Instances, engine: Engine): Promise<void> {
  const PER_MEMBER = 20;
  const ms = [await member(t.a, engine), await member(t.a, engine), await member(t.a, engine)];
  const sockets = await Promise.all(ms.map((m) => openSocket(t.origin(t.b), { token: m.token })));
  for (const socket of sockets) await socket.next((f) => f.kind === 'ready');
  const deposits = new Map<number, number[]>(ms.map((m) => [m.id, []]));
  for (let i = 0; i < PER_MEMBER; i += 1)
    for (const m of ms) deposits.get(m.id)!.push(await creditDeposit(t.a, m.id, 100 + i));
  // One delivery round: every deposit's DEPOSIT and message (then INBOX in the next round).
  await drain(t.a);
  for (const [i, m] of ms.entries()) {
    const socket = sockets[i]!;
    await socket.next(isEvent('INBOX', 2 * PER_MEMBER));
    const events = socket.frames.flatMap((f) => (f.kind === 'event' ? [f] : []));
    expect(events.map((f) => f.seq)).toEqual(
      Array.from({ length: 2 * PER_MEMBER }, (_, n) => n + 1),
    );
    expect(events.flatMap((f) => (f.type === 'DEPOSIT' ? [f.data.depositId] : []))).toEqual(
      deposits.get(m.id),
    );
    // Each INBOX carries the unread count once the batch's messages were written.
    expect(events.filter((f) => f.type === 'INBOX').at(-1)).toMatchObject({
      data: { unread: PER_MEMBER },
    });
  }
  for (const socket of sockets) await socket.close();
}

describe.each(ENGINES)('realtime socket on %s', (engine) => {
  let t: Instances;
  beforeAll(async () => {
    t = await twoInstances(engine);
    dbs.set(t.a, t.db);
    dbs.set(t.b, t.db);
  });
  afterAll(() => t.close());

  it('pushes DEPOSIT and INBOX for a credited deposit, once however often the event is delivered', async () => {
    const m = await member(t.a, engine);
    const socket = await openSocket(t.origin(t.a), { token: m.token });
    expect(await socket.next((f) => f.kind === 'ready')).toEqual({ kind: 'ready', seq: 0 });

    const depositId = await creditDeposit(t.a, m.id, 12_345);
    await drain(t.a);
    const deposit = await socket.next(isEvent('DEPOSIT'));
    expect(realtimeEventFrameSchema.parse(deposit)).toEqual({
      kind: 'event',
      seq: 1,
      type: 'DEPOSIT',
      data: {
        depositId,
        amount: 123.45,
        amountMinor: 12_345,
        currency: 'BRL',
        time: '2026-05-01T12:00:00.000Z',
        success: true,
        remarks: 'pix',
      },
    });
    const inbox = await socket.next(isEvent('INBOX'));
    expect(inbox).toMatchObject({ seq: 2, data: { kind: 'deposit_credited', unread: 1 } });

    // The same deposit's event again: no new frame. The next fact is number 3.
    await creditDeposit(t.a, m.id, 12_345, depositId);
    await drain(t.a);
    await publish(t.db, 'withdrawal.rejected', {
      withdrawalId: 77,
      merchantCode: 'BANCA',
      memberId: m.id,
      amountMinor: 500,
      currency: 'BRL',
      reason: 'payout_failed',
    });
    await drain(t.a);
    await socket.next(isEvent('INBOX', 4));
    const events = socket.frames.filter((f) => f.kind === 'event');
    expect(events.map((f) => [f.seq, f.type])).toEqual([
      [1, 'DEPOSIT'],
      [2, 'INBOX'],
      [3, 'WITHDRAW'],
      [4, 'INBOX'],
    ]);
    expect(events[2]).toMatchObject({
      data: { success: false, status: 'rejected', remarks: 'payout_failed' },
    });
    await socket.close();
  });

  it('pushes WITHDRAW for each step and PAYMENT_CONFIRMATION when the payout is sent', async () => {
    const m = await member(t.a, engine);
    const socket = await openSocket(t.origin(t.a), { token: m.token });
    await socket.next((f) => f.kind === 'ready');
    const base = {
      withdrawalId: 91,
      merchantCode: 'BANCA',
      memberId: m.id,
      amountMinor: 2_000,
      currency: 'BRL',
    };
    await publish(t.db, 'withdrawal.requested', base);
    await publish(t.db, 'withdrawal.approved', base);
    await publish(t.db, 'withdrawal.paid', { ...base, confirmBy: '2026-05-01T12:15:00.000Z' });
    await drain(t.a);
    await socket.next(isEvent('PAYMENT_CONFIRMATION'));
    await socket.next(isEvent('INBOX'));
    const withdraw = socket.frames.filter(isEvent('WITHDRAW'));
    expect(
      withdraw.map((f) => f.kind === 'event' && f.type === 'WITHDRAW' && f.data.status).sort(),
    ).toEqual(['approved', 'paid', 'requested']);
    expect(socket.frames.find(isEvent('PAYMENT_CONFIRMATION'))).toMatchObject({
      data: { withdrawalId: 91, amount: 20, confirmBy: '2026-05-01T12:15:00.000Z' },
    });
    await socket.close();
  });

  it('pushes WITHDRAW refunded when an operator refunds a disputed payout, nothing when the dispute is closed', async () => {
    const m = await member(t.a, engine);
    const socket = await openSocket(t.origin(t.a), { token: m.token });
    await socket.next((f) => f.kind === 'ready');
    const base = { merchantCode: 'BANCA', memberId: m.id, amountMinor: 12_050, currency: 'BRL' };
    await publish(t.db, 'withdrawal.dispute_settled', {
      ...base,
      withdrawalId: 92,
      outcome: 'closed',
      refundMinor: 0,
      reason: 'Pix recebido conforme o extrato',
    });
    await publish(t.db, 'withdrawal.dispute_settled', {
      ...base,
      withdrawalId: 93,
      outcome: 'refunded',
      refundMinor: 2_050,
      reason: 'O Pix não chegou',
    });
    await drain(t.a);
    const refunded = await socket.next(isEvent('WITHDRAW'));
    expect(refunded).toMatchObject({
      data: { withdrawalId: 93, status: 'refunded', amount: 20.5, amountMinor: 2_050 },
    });
    expect(socket.frames.filter(isEvent('WITHDRAW'))).toHaveLength(1);
    await socket.close();
  });

  it('refuses a socket without a valid session, a bad frame, and closes the socket of an ended session', async () => {
    const wrong = await openSocket(t.origin(t.a), { token: 'x'.repeat(43), language: 'en' });
    expect(await wrong.next((f) => f.kind === 'error')).toEqual({
      kind: 'error',
      code: 'not_logged_in',
      message: expect.stringMatching(/log in/i),
    });
    expect((await wrong.closed).code).toBe(4401);

    const garbage = await openSocket(t.origin(t.a));
    garbage.send('not json');
    expect((await garbage.closed).code).toBe(4400);
    expect(garbage.frames).toEqual([expect.objectContaining({ code: 'realtime_bad_frame' })]);

    const m = await member(t.a, engine);
    const socket = await openSocket(t.origin(t.a), { token: m.token });
    await socket.next((f) => f.kind === 'ready');
    socket.send({ kind: 'ping' });
    await socket.next((f) => f.kind === 'pong');
    expect((await m.c.delete('/wps/session/logout')).body.success).toBe(true);
    // The periodic check (every 30 s), run now.
    expect(await t.a.services.realtime.checkSessions()).toBe(1);
    expect(await socket.next((f) => f.kind === 'error')).toMatchObject({ code: 'session_ended' });
    expect((await socket.closed).code).toBe(4401);

    const again = await openSocket(t.origin(t.a), { token: m.token });
    expect((await again.closed).code).toBe(4401);
  });

  it('delivers an event published on one instance to a socket on the other (LISTEN/NOTIFY)', async () => {
    const m = await member(t.a, engine);
    const onB = await openSocket(t.origin(t.b), { token: m.token });
    await onB.next((f) => f.kind === 'ready');
    await creditDeposit(t.a, m.id, 700);
    await drain(t.a); // instance A handles the event; the socket lives on B
    expect(await onB.next(isEvent('DEPOSIT'))).toMatchObject({
      seq: 1,
      data: { amountMinor: 700 },
    });
    expect(await onB.next(isEvent('INBOX'))).toMatchObject({ seq: 2 });
    await onB.close();
  });

  it('pushes a batch of events for several members in order and without gaps, across instances (LISTEN/NOTIFY)', async () => {
    await batchAcross(t, engine);
  });

  it('broadcasts a topic to every socket following it on both instances (LISTEN/NOTIFY), and to no other', async () => {
    await broadcastAcross(t, engine);
  });

  it('carries a broadcast longer than a NOTIFY payload whole, in pieces', async () => {
    const onB = await watcher(t.origin(t.b), 'house.crash');
    // 2 bytes a character in UTF-8: 24,000 bytes, over 8,000, cut in the middle of characters.
    const long = crashBet('ç'.repeat(12_000));
    await t.a.services.realtime.broadcast('house.crash', long);
    expect(await onB.next(isTopic('house.crash'))).toEqual({
      kind: 'topic',
      topic: 'house.crash',
      data: long,
    });
    // Over the broadcast limit: refused to the caller, nothing sent.
    await expect(
      t.a.services.realtime.broadcast('house.crash', crashBet('x'.repeat(70_000))),
    ).rejects.toThrow(/over 65536 bytes/);
    await t.a.services.realtime.broadcast('house.crash', crashBet('after'));
    await onB.next(isTopic('house.crash', (d) => (d as { player: string }).player === 'after'));
    expect(topicFrames(onB)).toHaveLength(2);
    await onB.close();
  });

  it('refuses an unknown topic and a topic over the limit without closing; a socket that follows nothing and has no session is closed', async () => {
    const socket = await openSocket(t.origin(t.a));
    socket.send({ kind: 'subscribe', topic: 'house.nope' });
    expect(await socket.next((f) => f.kind === 'refused')).toEqual({
      kind: 'refused',
      topic: 'house.nope',
      code: 'realtime_unknown_topic',
      message: expect.stringMatching(/canal ao vivo/),
    });
    socket.send({ kind: 'subscribe', topic: 'house.double' });
    await socket.next((f) => f.kind === 'subscribed');
    // Subscribing again is confirmed again and counts once.
    socket.send({ kind: 'subscribe', topic: 'house.double' });
    await socket.next((f) => f.kind === 'subscribed', socket.frames.length);
    expect(t.a.services.realtime.listenerCount('house.double')).toBe(1);
    socket.send({ kind: 'unsubscribe', topic: 'house.double' });
    socket.send({ kind: 'ping' });
    await socket.next((f) => f.kind === 'pong');
    expect(t.a.services.realtime.listenerCount('house.double')).toBe(0);
    await socket.close();
  });

  it('after a disconnect, sends exactly the events missed, then live ones', async () => {
    const m = await member(t.a, engine);
    const first = await openSocket(t.origin(t.a), { token: m.token });
    await first.next((f) => f.kind === 'ready');
    await creditDeposit(t.a, m.id, 100);
    await drain(t.a);
    await first.next(isEvent('INBOX', 2));
    await first.close();

    // Missed while away: seq 3–6 (two deposits, each with its message).
    await creditDeposit(t.a, m.id, 200);
    await creditDeposit(t.a, m.id, 300);
    await drain(t.a);

    const back = await openSocket(t.origin(t.b), { token: m.token, lastSeq: 2 });
    expect(await back.next((f) => f.kind === 'ready')).toEqual({ kind: 'ready', seq: 6 });
    await back.next(isEvent('INBOX', 6));
    await creditDeposit(t.a, m.id, 400);
    await drain(t.a);
    await back.next(isEvent('INBOX', 8));
    const seqs = back.frames.flatMap((f) => (f.kind === 'event' ? [f.seq] : []));
    expect(seqs).toEqual([3, 4, 5, 6, 7, 8]);
    const amounts = back.frames.flatMap((f) =>
      f.kind === 'event' && f.type === 'DEPOSIT' ? [f.data.amountMinor] : [],
    );
    expect(amounts).toEqual([200, 300, 400]);
    await back.close();

    // A first connection (no lastSeq) starts from now: nothing replayed.
    const fresh = await openSocket(t.origin(t.a), { token: m.token });
    expect(await fresh.next((f) => f.kind === 'ready')).toEqual({ kind: 'ready', seq: 8 });
    await fresh.close();
    expect(fresh.frames.filter((f) => f.kind === 'event')).toEqual([]);

    // Away longer than the backlog keeps: told to resync (reload balance and inbox).
    await t.a.services.realtime.prune(new Date(Date.now() + 2 * 24 * 60 * 60_000));
    const late = await openSocket(t.origin(t.a), { token: m.token, lastSeq: 2 });
    expect(await late.next((f) => f.kind === 'resync')).toEqual({ kind: 'resync', seq: 8 });
    await late.close();
    expect(late.frames.filter((f) => f.kind === 'event')).toEqual([]);
  });
});

describe.each(ENGINES)('realtime across instances through Redis, on %s', (engine) => {
  let t: Instances;
  beforeAll(async () => {
    // A channel of this run's own, so parallel runs on one Redis do not see each other.
    const channel = `banca:test:${randomBytes(6).toString('hex')}`;
    t = await twoInstances(engine, () => createRedisTransport({ url: REDIS_URL, channel }));
    dbs.set(t.a, t.db);
    dbs.set(t.b, t.db);
  });
  afterAll(() => t.close());

  it('delivers an event published on one instance to a socket on the other', async () => {
    const m = await member(t.a, engine);
    const onB: TestSocket = await openSocket(t.origin(t.b), { token: m.token });
    await onB.next((f) => f.kind === 'ready');
    await creditDeposit(t.a, m.id, 4_200);
    await drain(t.a);
    expect(await onB.next(isEvent('DEPOSIT'))).toMatchObject({ seq: 1, data: { amount: 42 } });
    expect(await onB.next(isEvent('INBOX'))).toMatchObject({ seq: 2, data: { unread: 1 } });
    await onB.close();
  });
  it('pushes a batch of events for several members in order and without gaps', async () => {
    await batchAcross(t, engine);
  });

  it('broadcasts a topic to every socket following it on both instances, and to no other', async () => {
    await broadcastAcross(t, engine);
  });
});
