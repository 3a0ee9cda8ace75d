import {
  REALTIME_CLOSE,
  type RealtimeEventFrame,
  type RealtimeServerFrame,
  type RealtimeTopicFrame,
} from '@banca/contracts';
import { reconnectDelayMs } from './backoff';

/**
 * The realtime socket (docs/realtime.md): authenticates with the member's session token (if
 * any), keeps the last event number it saw, follows public topics, and after any drop
 * reconnects with back-off and jitter, asks for what it missed and follows its topics again.
 * Types and constants only from the contracts: no schema in this chunk.
 */

/** The part of the browser's WebSocket this uses (tests give a fake). */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
};

export type ConnectionStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export type RealtimeConnectionOptions = {
  url: string;
  /** The member's session token; null: no member events, only topics. */
  token: string | null;
  /** The language of the server's error frames. */
  language: () => string;
  onEvent?: (frame: RealtimeEventFrame) => void;
  /** More was missed than the server keeps: reload what events would have updated. */
  onResync?: () => void;
  /** The topics to follow on every (re)connection; `subscribe`/`unsubscribe` change them live. */
  topics?: () => Iterable<string>;
  onTopic?: (frame: RealtimeTopicFrame) => void;
  /** The server confirmed a topic (after each connection too): what was missed meanwhile is gone. */
  onSubscribed?: (topic: string) => void;
  /** The key a guarded topic is followed with (`support.desk`: a desk ticket), if any. */
  topicKey?: (topic: string) => string | undefined;
  /** The server refused a topic (a guarded topic's key expired or is wrong; an unknown topic). */
  onRefused?: (topic: string, code: string) => void;
  /** The server refused the session (ended, expired): the socket stays closed. */
  onSessionRefused?: (code: string | null) => void;
  onStatus?: (status: ConnectionStatus) => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
};

/**
 * The client pings this often; a connection that answered nothing (no pong, no event) over two
 * intervals is presumed dead (a half-open TCP connection after a network change) and replaced.
 */
export const CLIENT_PING_INTERVAL_MS = 30_000;

/** Close codes after which reconnecting cannot help: the session itself was refused, or replaced. */
const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  REALTIME_CLOSE.unauthorized,
  REALTIME_CLOSE.forbidden,
  REALTIME_CLOSE.replaced,
]);
const OPEN = 1;

export function createRealtimeConnection(options: RealtimeConnectionOptions) {
  const createSocket =
    options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let socket: SocketLike | null = null;
  let lastSeq: number | null = null;
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let heardSincePing = true;
  let refusal: string | null = null;

  const status = (value: ConnectionStatus) => options.onStatus?.(value);

  function connect(): void {
    if (stopped) return;
    retryTimer = null;
    refusal = null;
    status('connecting');
    const next = createSocket(options.url);
    socket = next;
    next.onopen = () => {
      if (options.token !== null)
        next.send(
          JSON.stringify({
            kind: 'auth',
            token: options.token,
            lastSeq,
            language: options.language(),
          }),
        );
      for (const topic of options.topics?.() ?? []) next.send(subscribeFrame(topic));
    };
    next.onmessage = (event) => {
      heardSincePing = true;
      let frame: RealtimeServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as RealtimeServerFrame;
      } catch {
        return;
      }
      receive(frame);
    };
    next.onerror = () => undefined; // a close always follows
    next.onclose = (event) => {
      if (socket !== next) return;
      socket = null;
      stopPinging();
      if (stopped) return;
      if (FINAL_CLOSE_CODES.has(event.code)) {
        status('stopped');
        if (event.code !== REALTIME_CLOSE.replaced) options.onSessionRefused?.(refusal);
        return;
      }
      scheduleReconnect();
    };
  }

  function receive(frame: RealtimeServerFrame): void {
    switch (frame.kind) {
      case 'ready':
        // Connected and authenticated: the next drop starts the back-off again.
        attempt = 0;
        lastSeq ??= frame.seq;
        status('open');
        startPinging();
        return;
      case 'event':
        if (lastSeq !== null && frame.seq <= lastSeq) return; // seen before this reconnect
        lastSeq = frame.seq;
        options.onEvent?.(frame);
        return;
      case 'resync':
        lastSeq = frame.seq;
        options.onResync?.();
        return;
      case 'topic':
        options.onTopic?.(frame);
        return;
      case 'subscribed':
        if (options.token === null) {
          // Without a session a confirmed topic is what proves the connection works.
          attempt = 0;
          if (!pingTimer) {
            status('open');
            startPinging();
          }
        }
        options.onSubscribed?.(frame.topic);
        return;
      case 'refused':
        console.warn(`realtime: topic ${frame.topic} refused (${frame.code})`);
        options.onRefused?.(frame.topic, frame.code);
        return;
      case 'error':
        refusal = frame.code;
        return;
      case 'pong':
        return;
    }
  }

  function scheduleReconnect(): void {
    status('waiting');
    retryTimer = setTimeout(connect, reconnectDelayMs(attempt, options.random));
    attempt += 1;
  }

  function startPinging(): void {
    stopPinging();
    heardSincePing = true;
    pingTimer = setInterval(() => {
      if (!socket || socket.readyState !== OPEN) return;
      if (!heardSincePing) {
        socket.close(); // its close schedules a reconnect
        return;
      }
      heardSincePing = false;
      socket.send(JSON.stringify({ kind: 'ping' }));
    }, CLIENT_PING_INTERVAL_MS);
  }

  function stopPinging(): void {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
  }

  /** Back online, or the tab shown again: a connection waiting out its back-off tries now. */
  function nudge(): void {
    if (stopped || !retryTimer) return;
    clearTimeout(retryTimer);
    attempt = 0;
    connect();
  }

  function subscribeFrame(topic: string): string {
    const key = options.topicKey?.(topic);
    return JSON.stringify(
      key === undefined ? { kind: 'subscribe', topic } : { kind: 'subscribe', topic, key },
    );
  }

  /** Sends a topic request now if connected; a connection opened later sends `topics()` itself. */
  function sendTopic(kind: 'subscribe' | 'unsubscribe', topic: string): void {
    if (socket && socket.readyState === OPEN)
      socket.send(kind === 'subscribe' ? subscribeFrame(topic) : JSON.stringify({ kind, topic }));
  }

  connect();
  return {
    nudge,
    subscribe: (topic: string) => sendTopic('subscribe', topic),
    unsubscribe: (topic: string) => sendTopic('unsubscribe', topic),
    /** Closes for good (logout, another member): nothing reconnects. */
    stop(): void {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      stopPinging();
      const current = socket;
      socket = null;
      current?.close(1000);
      status('stopped');
    },
    /** The last event number seen (tests, diagnostics). */
    lastSeq: () => lastSeq,
  };
}
export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;
