import { randomBytes } from 'node:crypto';
import {
  REALTIME_CLOSE,
  REALTIME_TOPICS,
  type RealtimeTopic,
  type RealtimeTopicData,
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

/** A socket's side of topics (socket.ts makes one per socket, with a session or without). */
export type TopicListener = {
  /** Sends an already-serialised frame: a broadcast is serialised once for all its sockets. */
  sendText(frame: string): void;
  /**
   * A guarded topic's key no longer holds (recheckGuards): the socket stops following it and
   * tells its client (a `refused` frame), which may follow again with a new key.
   */
  revoke?(topic: string): void;
};

/** Decides whether a key lets a socket follow a guarded topic (never throws for a bad key). */
export type TopicGuard = (key: string) => Promise<boolean>;

/**
 * Longest broadcast: a frame goes to every socket that follows the topic, so its size is paid
 * once per watcher (1,000 watchers × 64 KB = 64 MB of writes). Over NOTIFY a broadcast above
 * 7,900 bytes travels in pieces (transport.ts).
 */
export const MAX_BROADCAST_BYTES = 64 * 1024;

/** What travels between instances: the member and the frame, or only its number when too long. */
type MemberMessage = { m: number; f?: RealtimeEventFrame; s: number };
/** A broadcast: the topic's frame, already serialised, and the instance that sent it (it has delivered it). */
type TopicMessage = { t: RealtimeTopic; f: string; i: string };
/** Many member events pushed together (one message per batch, not per event). */
type MemberBatchMessage = { b: MemberMessage[] };
type BusMessage = MemberMessage | MemberBatchMessage | TopicMessage;

/** One event to push (pushMany). */
export type PushItem = {
  [T in RealtimeEventType]: {
    owner: { memberId: number; merchantCode: string };
    type: T;
    data: RealtimeEventData[T];
    sourceKey: string;
  };
}[RealtimeEventType];

export type RealtimeService = ReturnType<typeof createRealtimeService>;

const TOPIC_NAMES: ReadonlySet<string> = new Set(REALTIME_TOPICS);
function isRealtimeTopic(topic: string): topic is RealtimeTopic {
  return TOPIC_NAMES.has(topic);
}

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
  let stopTransport: (() => Promise<void>) | null = null;
  let sessionTimer: NodeJS.Timeout | null = null;

  /** This instance's topic listeners by topic. */
  const topics = new Map<RealtimeTopic, Set<TopicListener>>();
  /** Topics followed only with a key their owning module accepts (guardTopic). */
  const guards = new Map<RealtimeTopic, TopicGuard>();
  /** The key each guarded subscription was admitted with, checked again every interval. */
  const admitted = new Map<TopicListener, Map<RealtimeTopic, string>>();
  /** Names this instance on the transport: it delivers its own broadcasts at once, not when they come back. */
  const instanceId = randomBytes(6).toString('base64url');

  /** One member event for the transport: the frame, or only its number when too long (read from the backlog). */
  function memberMessage(memberId: number, frame: RealtimeEventFrame): MemberMessage {
    const full = { m: memberId, s: frame.seq, f: frame };
    return Buffer.byteLength(JSON.stringify(full)) <= MAX_MESSAGE_BYTES
      ? full
      : { m: memberId, s: frame.seq };
  }

  /** Events of one push for the transport, in one message (the transport cuts a long one in pieces). */
  function encodeMany(events: { memberId: number; frame: RealtimeEventFrame }[]): string {
    if (events.length === 1) {
      const [only] = events;
      return JSON.stringify(memberMessage(only!.memberId, only!.frame) satisfies BusMessage);
    }
    return JSON.stringify({
      b: events.map(({ memberId, frame }) => memberMessage(memberId, frame)),
    } satisfies BusMessage);
  }

  function deliverTopic(topic: RealtimeTopic, frame: string): void {
    const listeners = topics.get(topic);
    if (!listeners) return;
    for (const listener of listeners) listener.sendText(frame);
  }

  /**
   * Sends `data` to every socket following `topic`, on every instance (this instance's sockets
   * at once, the others' through the transport). Not stored, not numbered: a socket that was
   * not following misses it (clients read the state over HTTP when they subscribe). Call it
   * after the change it announces committed. Rejects a frame over MAX_BROADCAST_BYTES.
   */
  async function broadcast<T extends RealtimeTopic>(
    topic: T,
    data: RealtimeTopicData[T],
  ): Promise<void> {
    if (!isRealtimeTopic(topic)) throw new Error(`realtime: unknown topic ${String(topic)}`);
    const frame = JSON.stringify({ kind: 'topic', topic, data });
    if (Buffer.byteLength(frame) > MAX_BROADCAST_BYTES)
      throw new Error(`realtime: a ${topic} broadcast over ${MAX_BROADCAST_BYTES} bytes`);
    deliverTopic(topic, frame);
    await transport.send(
      db,
      JSON.stringify({ t: topic, f: frame, i: instanceId } satisfies BusMessage),
    );
  }

  /**
   * Makes `listener` follow `topic`: answers the refusal's code, or null. The listener's own
   * count (socket.ts) enforces MAX_TOPICS_PER_SOCKET.
   */
  function subscribe(listener: TopicListener, topic: string): 'realtime_unknown_topic' | null {
    if (!isRealtimeTopic(topic)) return 'realtime_unknown_topic';
    let listeners = topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      topics.set(topic, listeners);
    }
    listeners.add(listener);
    return null;
  }

  /**
   * Makes `topic` followable only with a key `check` accepts (the module that owns the topic
   * registers it: support.desk's desk tickets). Checked once per subscribe frame.
   */
  function guardTopic(topic: RealtimeTopic, check: TopicGuard): void {
    guards.set(topic, check);
  }

  /** Whether a subscribe to `topic` with `key` may go on: true for unguarded topics. */
  async function admits(topic: string, key: string | undefined): Promise<boolean> {
    const guard = isRealtimeTopic(topic) ? guards.get(topic) : undefined;
    if (!guard) return true;
    return key !== undefined && (await guard(key));
  }

  /**
   * subscribe() for a guarded topic whose key `admits` accepted: the key is kept, so the
   * subscription lasts only while the key does (recheckGuards).
   */
  function subscribeGuarded(listener: TopicListener, topic: string, key: string) {
    const refused = subscribe(listener, topic);
    if (refused || !isRealtimeTopic(topic)) return refused;
    let keys = admitted.get(listener);
    if (!keys) {
      keys = new Map();
      admitted.set(listener, keys);
    }
    keys.set(topic, key);
    return null;
  }

  /**
   * Asks each guard again about the keys this instance's sockets follow with; a key no longer
   * accepted (a desk ticket expired) ends that subscription (`revoke`). Answers how many ended.
   * Runs with the session check, so a guarded topic outlives its key by at most that interval.
   */
  async function recheckGuards(): Promise<number> {
    let revoked = 0;
    for (const [listener, keys] of [...admitted]) {
      for (const [topic, key] of [...keys]) {
        const guard = guards.get(topic);
        if (guard && (await guard(key).catch(() => true))) continue;
        // Still the same subscription (not left or renewed while the guard was asked).
        if (admitted.get(listener)?.get(topic) !== key) continue;
        unsubscribe(listener, topic);
        listener.revoke?.(topic);
        revoked += 1;
      }
    }
    return revoked;
  }

  function unsubscribe(listener: TopicListener, topic: string): void {
    if (!isRealtimeTopic(topic)) return;
    const keys = admitted.get(listener);
    if (keys?.delete(topic) && keys.size === 0) admitted.delete(listener);
    const listeners = topics.get(topic);
    if (!listeners) return;
    listeners.delete(listener);
    if (listeners.size === 0) topics.delete(topic);
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
    const [result] = await pushMany([{ owner, type, data, sourceKey } as PushItem]);
    return result!;
  }

  /**
   * push() for many events at once (the bus's batch handlers): one transaction and one
   * transport message for all of them, whatever their number — at 1,000 events/s, a
   * transaction and a NOTIFY per event were what held delivery back (bench:ws). Answers each
   * item's number and whether it was new, in the order given.
   */
  async function pushMany(items: PushItem[]): Promise<{ seq: number; created: boolean }[]> {
    if (items.length === 0) return [];
    const keys = [...new Set(items.map((item) => item.sourceKey))];
    const attempt = () =>
      db.transaction().execute(async (trx) => {
        await relaxCommit(trx);
        const existing = await repo.bySources(trx, keys);
        const fresh = new Map<string, PushItem>();
        for (const item of items)
          if (!existing.has(item.sourceKey) && !fresh.has(item.sourceKey))
            fresh.set(item.sourceKey, item);
        const newItems = [...fresh.values()];
        const seqs = await repo.appendMany(
          trx,
          newItems.map((item) => ({
            ...item.owner,
            type: item.type,
            data: item.data,
            sourceKey: item.sourceKey,
          })),
        );
        const created = new Map<string, { memberId: number; frame: RealtimeEventFrame }>();
        newItems.forEach((item, i) =>
          created.set(item.sourceKey, {
            memberId: item.owner.memberId,
            frame: {
              kind: 'event',
              seq: seqs[i]!,
              type: item.type,
              data: item.data,
            } as RealtimeEventFrame,
          }),
        );
        if (transport.inTransaction && created.size > 0)
          await transport.send(trx, encodeMany([...created.values()]));
        return { existing, created };
      });
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await attempt();
    } catch (error) {
      // A concurrent push of the same source won; the second attempt finds its row.
      if (!(error instanceof SourceAlreadyPushed)) throw error;
      result = await attempt();
    }
    const { existing, created } = result;
    const toSend = [...(transport.inTransaction ? [] : created.values()), ...existing.values()];
    if (toSend.length > 0) await transport.send(db, encodeMany(toSend));
    return items.map((item) => {
      const made = created.get(item.sourceKey);
      return made
        ? { seq: made.frame.seq, created: true }
        : {
            seq: (existing.get(item.sourceKey) ?? created.get(item.sourceKey))!.frame.seq,
            created: false,
          };
    });
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
    let parsed: BusMessage;
    try {
      parsed = JSON.parse(raw) as BusMessage;
    } catch {
      logger.warn({}, 'realtime: unreadable bus message');
      return;
    }
    if ('t' in parsed) {
      if (parsed.i !== instanceId && isRealtimeTopic(parsed.t)) deliverTopic(parsed.t, parsed.f);
      return;
    }
    if ('b' in parsed) for (const message of parsed.b) receiveMember(message);
    else receiveMember(parsed);
  }

  function receiveMember(message: MemberMessage): void {
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
    if (stopTransport) return;
    stopTransport = await transport.subscribe(receive, resyncAll);
    sessionTimer = setInterval(() => {
      checkSessions().catch((error: unknown) =>
        logger.warn({ err: error }, 'realtime session check failed'),
      );
      if (admitted.size > 0)
        recheckGuards().catch((error: unknown) =>
          logger.warn({ err: error }, 'realtime topic key check failed'),
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
    topics.clear();
    admitted.clear();
    const stopListening = stopTransport;
    stopTransport = null;
    await stopListening?.();
    await transport.close();
  }

  return {
    push,
    pushMany,
    broadcast,
    subscribe,
    unsubscribe,
    guardTopic,
    admits,
    subscribeGuarded,
    recheckGuards,
    /** Whether following `topic` needs a key (socket.ts checks it before subscribing). */
    isGuarded: (topic: string) => isRealtimeTopic(topic) && guards.has(topic),
    /** Sockets of this instance following `topic` (tests, the bench). */
    listenerCount: (topic: RealtimeTopic) => topics.get(topic)?.size ?? 0,
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
