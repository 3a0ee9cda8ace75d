import {
  MAX_TOPICS_PER_SOCKET,
  REALTIME_CLIENT_FRAME_MAX_BYTES,
  REALTIME_CLOSE,
  realtimeClientFrameSchema,
  resolveLanguage,
  type Language,
  type RealtimeClientFrame,
  type RealtimeServerFrame,
} from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionResolver } from '../../http/auth-guard';
import { translateError, type ErrorCode } from '../../http/errors';
import { headerLanguage, type BrandResolver } from '../../http/gateway';
import type { RealtimeService, Subscriber, TopicListener } from './service';

/** A socket must send its auth frame within this time, or it is closed (4408). */
export const AUTH_TIMEOUT_MS = 10_000;
/**
 * The server pings every socket this often and drops one that did not answer the previous
 * ping: below the 30–60 s idle timeouts of common proxies and load balancers, so an idle socket
 * stays open through them, and a dead one (a phone that lost its network) is gone within ~50 s.
 */
export const HEARTBEAT_INTERVAL_MS = 25_000;
/**
 * A socket whose unsent data exceeds this is not reading: it is dropped rather than buffered
 * without end; its client reconnects and catches up from the backlog.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

const OPEN = 1;

/**
 * The realtime scope's one route, `/ws` (docs/realtime.md): a socket proves its session with
 * an auth frame (`{kind: "auth", token, lastSeq}`: a browser cannot put the token in a header,
 * and a URL would write it into access logs), then receives its member's events. With or
 * without a session it may follow public topics (`{kind: "subscribe", topic}`).
 */
export function realtimeRoutes(
  scope: FastifyInstance,
  deps: { realtime: RealtimeService; brands: BrandResolver; sessions: SessionResolver },
): void {
  const { realtime } = deps;
  /** Every open socket of this instance, authenticated or not, with its heartbeat state. */
  const sockets = new Map<WebSocket, { alive: boolean }>();
  let heartbeat: NodeJS.Timeout | null = null;

  scope.addHook('onReady', async () => {
    await realtime.start();
    heartbeat = setInterval(() => {
      for (const [socket, state] of sockets) {
        if (!state.alive) {
          socket.terminate();
          continue;
        }
        state.alive = false;
        socket.ping();
      }
    }, HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
  });
  scope.addHook('onClose', async () => {
    if (heartbeat) clearInterval(heartbeat);
    // Sockets without a session (topic watchers) too: their clients reconnect elsewhere.
    for (const socket of sockets.keys())
      if (socket.readyState === OPEN) socket.close(REALTIME_CLOSE.goingAway);
    await realtime.stop();
  });

  scope.get('/', { websocket: true }, (socket, request) => {
    const state = { alive: true };
    sockets.set(socket, state);
    let language: Language = headerLanguage(request);
    let subscriber: Subscriber | null = null;
    let authenticating = false;

    const sendText = (text: string): void => {
      if (socket.readyState !== OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      socket.send(text);
    };
    const send = (frame: RealtimeServerFrame): void => sendText(JSON.stringify(frame));
    /** The topics this socket follows (with a session or without). */
    const followed = new Set<string>();
    const listener: TopicListener = {
      sendText,
      // The key it was followed with no longer holds: the client may follow again with a new one.
      revoke: (topic) => {
        followed.delete(topic);
        refuse(topic, 'realtime_topic_forbidden');
        if (followed.size === 0 && !subscriber && !authenticating) armAuthTimer();
      },
    };
    const close = (code: number, errorCode?: ErrorCode): void => {
      if (errorCode)
        send({ kind: 'error', code: errorCode, message: translateError(errorCode, language) });
      if (socket.readyState === OPEN) socket.close(code);
    };

    // A socket must authenticate or follow a topic within AUTH_TIMEOUT_MS (and follow one again
    // after leaving its last one without a session): an idle anonymous socket only costs.
    let authTimer: NodeJS.Timeout | undefined;
    const armAuthTimer = () => {
      clearTimeout(authTimer);
      authTimer = setTimeout(
        () => close(REALTIME_CLOSE.authTimeout, 'realtime_auth_timeout'),
        AUTH_TIMEOUT_MS,
      );
    };
    armAuthTimer();
    /** Unsubscribes per topic: a key check that finishes after one no longer subscribes. */
    const cancelled = new Map<string, number>();
    const refuse = (topic: string, code: ErrorCode): void =>
      send({ kind: 'refused', topic, code, message: translateError(code, language) });
    const follow = (topic: string, key?: string): void => {
      if (!followed.has(topic)) {
        const refused =
          followed.size >= MAX_TOPICS_PER_SOCKET
            ? 'realtime_topic_limit'
            : key === undefined
              ? realtime.subscribe(listener, topic)
              : realtime.subscribeGuarded(listener, topic, key);
        if (refused) return refuse(topic, refused);
        followed.add(topic);
      }
      clearTimeout(authTimer);
      send({ kind: 'subscribed', topic });
    };
    const topicRequest = (kind: 'subscribe' | 'unsubscribe', topic: string, key?: string): void => {
      if (kind === 'unsubscribe') {
        cancelled.set(topic, (cancelled.get(topic) ?? 0) + 1);
        if (followed.delete(topic)) realtime.unsubscribe(listener, topic);
        if (followed.size === 0 && !subscriber && !authenticating) armAuthTimer();
        return;
      }
      if (followed.has(topic) || !realtime.isGuarded(topic)) return follow(topic);
      // A guarded topic: its owner checks the key (a database read) before the socket follows.
      const generation = cancelled.get(topic) ?? 0;
      realtime.admits(topic, key).then(
        (admitted) => {
          if ((cancelled.get(topic) ?? 0) !== generation) return;
          if (socket.readyState !== OPEN) return;
          if (admitted) follow(topic, key);
          else refuse(topic, 'realtime_topic_forbidden');
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'realtime topic check failed');
          refuse(topic, 'realtime_topic_forbidden');
        },
      );
    };
    socket.on('pong', () => {
      state.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      sockets.delete(socket);
      for (const topic of followed) realtime.unsubscribe(listener, topic);
      followed.clear();
      if (subscriber) realtime.detach(subscriber);
    });
    socket.on('message', (raw, isBinary) => {
      state.alive = true;
      const frame = isBinary ? null : parseFrame(raw);
      if (!frame) return close(REALTIME_CLOSE.badFrame, 'realtime_bad_frame');
      if (frame.kind === 'ping') return send({ kind: 'pong' });
      if (frame.kind === 'subscribe') return topicRequest('subscribe', frame.topic, frame.key);
      if (frame.kind === 'unsubscribe') return topicRequest('unsubscribe', frame.topic);
      // One auth frame per socket.
      if (subscriber || authenticating) return close(REALTIME_CLOSE.badFrame, 'realtime_bad_frame');
      authenticating = true;
      clearTimeout(authTimer);
      if (frame.language) language = resolveLanguage(frame.language, language);
      authenticate(request, frame).then(
        (outcome) => {
          if ('refused' in outcome) return close(outcome.closeCode, outcome.refused);
          if (socket.readyState !== OPEN) return;
          subscriber = {
            memberId: outcome.memberId,
            sessionId: outcome.sessionId,
            lastSent: 0,
            queue: Promise.resolve(),
            send,
            close,
          };
          realtime.attach(subscriber, frame.lastSeq ?? null);
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'realtime authentication failed');
          close(REALTIME_CLOSE.internalError);
        },
      );
    });
  });

  async function authenticate(
    request: FastifyRequest,
    frame: Extract<RealtimeClientFrame, { kind: 'auth' }>,
  ): Promise<{ memberId: number; sessionId: number } | { refused: ErrorCode; closeCode: number }> {
    const merchant = request.headers.merchant;
    let merchantCode: string;
    try {
      // The brand as the gateway finds it: the Merchant header (apps), else the host (browsers).
      const brand = await deps.brands.resolveBrand(
        (Array.isArray(merchant) ? merchant[0] : merchant)?.trim() || undefined,
        request.hostname,
      );
      merchantCode = brand.merchantCode;
    } catch {
      return { refused: 'unknown_merchant', closeCode: REALTIME_CLOSE.unauthorized };
    }
    const session = await deps.sessions.authenticate(frame.token, merchantCode);
    if (!session) return { refused: 'not_logged_in', closeCode: REALTIME_CLOSE.unauthorized };
    if (session.scope === 'password_change')
      return { refused: 'password_change_required', closeCode: REALTIME_CLOSE.forbidden };
    return { memberId: session.memberId, sessionId: session.sessionId };
  }
}

function parseFrame(raw: unknown): RealtimeClientFrame | null {
  const bytes = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : null;
  if (!bytes || bytes.length > REALTIME_CLIENT_FRAME_MAX_BYTES) return null;
  try {
    const parsed = realtimeClientFrameSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
