import {
  REALTIME_CLOSE,
  type RealtimeEventData,
  type RealtimeEventFrame,
  type RealtimeEventType,
  type RealtimeServerFrame,
} from '@banca/contracts';
import type { ErrorCode } from '../../http/errors';
import type { Db } from '../../db/connect';
import { relaxCommit } from '../../lib/events';
import type { Logger } from '../../lib/events';
import { createRealtimeRepository, SourceAlreadyPushed } from './repository';
import { MAX_MESSAGE_BYTES, type RealtimeTransport } from './transport';

/**
 * Events a reconnecting socket may catch up on; beyond this it is told to resync (reload its
 * balance and inbox). 100 covers a member's busiest minutes many times over.
 */
export const CATCH_UP_MAX = 100;
/** How long the backlog keeps an event: reconnects happen within seconds or minutes. */
export const BACKLOG_MAX_AGE_MS = 24 * 60 * 60_000;
/** Sockets per member (tabs, devices); the oldest is closed when a new one is over the limit. */
export const MAX_SOCKETS_PER_MEMBER = 16;
/**
 * How often open sockets' sessions are checked: a session ended elsewhere (logout on another
 * tab, ended from the session list, expired) loses its sockets within this time. The web app
 * closes its own socket at logout at once.
 */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
/** Sessions asked about per query: one round trip per thousand sockets. */
const SESSION_CHECK_BATCH = 1_000;

/** One authenticated socket, as the hub sees it (socket.ts makes them). */
export type Subscriber = {
  readonly memberId: number;
  readonly sessionId: number;
  /** The highest event number sent to this socket. */
  lastSent: number;
  /** Work on this socket (catch-up reads, sends) runs one at a time, in order. */
  queue: Promise<void>;
  send(frame: RealtimeServerFrame): void;
  /** Sends an error frame with this code (translated for the socket) if given, then closes. */
  close(code: number, errorCode?: ErrorCode): void;
};

/** What travels between instances: the member and the frame, or only its number when too long. */
type BusMessage = { m: number; f?: RealtimeEventFrame; s: number };

export type RealtimeService = ReturnType<typeof createRealtimeService>;

export function createRealtimeService(deps: {
  db: Db;
  transport: RealtimeTransport;
  /** The auth module's bulk check of sessions (never slides their expiry). */
  sessions: { liveSessionIds(ids: number[]): Promise<Set<number>> };
  logger?: Logger;
}) {
  const { db, transport, sessions } = deps;
  const repo = createRealtimeRepository(db);
  const logger: Logger = deps.logger ?? {
    info: () => undefined,
    warn: (obj, msg) => console.warn(msg, obj),
    error: (obj, msg) => console.error(msg, obj),
  };
  /** This instance's sockets by member: the only per-socket state the server keeps. */
  const members = new Map<number, Set<Subscriber>>();
  let unsubscribe: (() => Promise<void>) | null = null;
  let sessionTimer: NodeJS.Timeout | null = null;

  function encode(memberId: number, frame: RealtimeEventFrame): string {
    const full = JSON.stringify({ m: memberId, s: frame.seq, f: frame } satisfies BusMessage);
    return full.length <= MAX_MESSAGE_BYTES
      ? full
      : JSON.stringify({ m: memberId, s: frame.seq } satisfies BusMessage);
  }

  /**
   * Pushes an event to a member on every instance, once per source (`deposit.credited:<id>`):
   * it gets the member's next number and a backlog row in one transaction, then goes to the
   * transport. Pushing a source again (a redelivered domain event) sends the stored event again,
   * which sockets that have it ignore.
   */
  async function push<T extends RealtimeEventType>(
    owner: { memberId: number; merchantCode: string },
    type: T,
    data: RealtimeEventData[T],
    sourceKey: string,
  ): Promise<{ seq: number; created: boolean }> {
    const attempt = () =>
      db.transaction().execute(async (trx) => {
        await relaxCommit(trx);
        const existing = await repo.bySource(trx, sourceKey);
        if (existing) return { frame: existing.frame, memberId: existing.memberId, created: false };
        const seq = await repo.append(trx, { ...owner, type, data, sourceKey });
        const frame = { kind: 'event', seq, type, data } as RealtimeEventFrame;
        if (transport.inTransaction) await transport.send(trx, encode(owner.memberId, frame));
        return { frame, memberId: owner.memberId, created: true };
      });
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await attempt();
    } catch (error) {
      // A concurrent push of the same source won; the second attempt finds its row.
      if (!(error instanceof SourceAlreadyPushed)) throw error;
      result = await attempt();
    }
    if (!result.created || !transport.inTransaction)
      await transport.send(db, encode(result.memberId, result.frame));
    return { seq: result.frame.seq, created: result.created };
  }

  function enqueue(subscriber: Subscriber, task: () => Promise<void> | void): void {
    subscriber.queue = subscriber.queue.then(task).catch((error: unknown) => {
      logger.warn({ err: error, memberId: subscriber.memberId }, 'realtime delivery failed');
      // The socket may have missed something: closing makes its client reconnect and catch up.
      subscriber.close(REALTIME_CLOSE.internalError);
    });
  }

  /** Sends the socket every event after what it has, through `throughSeq`, or a resync when the backlog cannot. */
  async function catchUp(subscriber: Subscriber, throughSeq: number): Promise<void> {
    const missing = throughSeq - subscriber.lastSent;
    if (missing <= 0) return;
    const frames =
      missing > CATCH_UP_MAX
        ? []
        : await repo.eventsAfter(subscriber.memberId, subscriber.lastSent, throughSeq, missing);
    if (frames.length !== missing) {
      // More than the backlog keeps (or pruned): the client reloads what events would update.
      subscriber.send({ kind: 'resync', seq: throughSeq });
    } else {
      for (const frame of frames) subscriber.send(frame);
    }
    subscriber.lastSent = throughSeq;
  }

  /** A message from the transport: to this instance's sockets of the member, in order, gaps filled from the backlog. */
  function receive(raw: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      logger.warn({}, 'realtime: unreadable bus message');
      return;
    }
    const sockets = members.get(message.m);
    if (!sockets) return;
    for (const subscriber of sockets) {
      enqueue(subscriber, async () => {
        if (message.s <= subscriber.lastSent) return;
        if (message.f && message.s === subscriber.lastSent + 1) {
          subscriber.send(message.f);
          subscriber.lastSent = message.s;
          return;
        }
        await catchUp(subscriber, message.s);
      });
    }
  }

  /** After the transport lost messages: every socket reads what it may have missed. */
  function resyncAll(): void {
    for (const [memberId, sockets] of members)
      for (const subscriber of sockets)
        enqueue(subscriber, async () => catchUp(subscriber, await repo.currentSeq(memberId)));
  }

  /**
   * Adds an authenticated socket: it is told the member's latest number (`ready`), then gets
   * what followed `lastSeq` (the last number its client saw before reconnecting), then live
   * events. Live events that arrive meanwhile wait in its queue.
   */
  function attach(subscriber: Subscriber, lastSeq: number | null): void {
    let sockets = members.get(subscriber.memberId);
    if (!sockets) {
      sockets = new Set();
      members.set(subscriber.memberId, sockets);
    }
    if (sockets.size >= MAX_SOCKETS_PER_MEMBER) {
      const oldest = sockets.values().next().value!;
      sockets.delete(oldest);
      oldest.close(REALTIME_CLOSE.replaced);
    }
    sockets.add(subscriber);
    enqueue(subscriber, async () => {
      const current = await repo.currentSeq(subscriber.memberId);
      // A first connection, or a client ahead of this database (it was reset): start from now.
      const from = lastSeq === null || lastSeq > current ? current : lastSeq;
      subscriber.lastSent = from;
      subscriber.send({ kind: 'ready', seq: current });
      await catchUp(subscriber, current);
    });
  }

  function detach(subscriber: Subscriber): void {
    const sockets = members.get(subscriber.memberId);
    if (!sockets) return;
    sockets.delete(subscriber);
    if (sockets.size === 0) members.delete(subscriber.memberId);
  }

  function subscribers(): Subscriber[] {
    return [...members.values()].flatMap((sockets) => [...sockets]);
  }

  /** Closes the sockets whose session is no longer live; answers how many. */
  async function checkSessions(): Promise<number> {
    const all = subscribers();
    const ids = [...new Set(all.map((subscriber) => subscriber.sessionId))];
    const live = new Set<number>();
    for (let i = 0; i < ids.length; i += SESSION_CHECK_BATCH)
      for (const id of await sessions.liveSessionIds(ids.slice(i, i + SESSION_CHECK_BATCH)))
        live.add(id);
    let closed = 0;
    for (const subscriber of all) {
      if (live.has(subscriber.sessionId)) continue;
      detach(subscriber);
      subscriber.close(REALTIME_CLOSE.unauthorized, 'session_ended');
      closed += 1;
    }
    return closed;
  }

  /** Starts listening to the transport and checking sessions (the realtime scope's onReady). */
  async function start(): Promise<void> {
    if (unsubscribe) return;
    unsubscribe = await transport.subscribe(receive, resyncAll);
    sessionTimer = setInterval(() => {
      checkSessions().catch((error: unknown) =>
        logger.warn({ err: error }, 'realtime session check failed'),
      );
    }, SESSION_CHECK_INTERVAL_MS);
    sessionTimer.unref();
  }

  /** Closes every socket (clients reconnect to another instance) and the transport. */
  async function stop(): Promise<void> {
    if (sessionTimer) clearInterval(sessionTimer);
    sessionTimer = null;
    for (const subscriber of subscribers()) subscriber.close(REALTIME_CLOSE.goingAway);
    members.clear();
    const stopListening = unsubscribe;
    unsubscribe = null;
    await stopListening?.();
    await transport.close();
  }

  return {
    push,
    attach,
    detach,
    subscribers,
    checkSessions,
    start,
    stop,
    currentSeq: (memberId: number) => repo.currentSeq(memberId),
    /** Forgets backlog events older than BACKLOG_MAX_AGE_MS (an hourly job). */
    prune: (at: Date) => repo.prune(new Date(at.getTime() - BACKLOG_MAX_AGE_MS)),
  };
}
