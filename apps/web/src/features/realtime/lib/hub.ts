import type {
  RealtimeEventFrame,
  RealtimeTopic,
  RealtimeTopicData,
  RealtimeTopicFrame,
} from '@banca/contracts';
import {
  createRealtimeConnection,
  type RealtimeConnection,
  type RealtimeConnectionOptions,
} from './connection';

/** The logged-in member's side of the socket (app/live-updates.tsx). */
export type MemberFeed = {
  token: string;
  onEvent: (frame: RealtimeEventFrame) => void;
  onResync: () => void;
  onSessionRefused?: (code: string | null) => void;
};

export type TopicListener<T extends RealtimeTopic = RealtimeTopic> = {
  onEvent: (data: RealtimeTopicData[T]) => void;
  /** The topic is followed (again, after a reconnect): read the current state once. */
  onSubscribed?: () => void;
  /** The server refused the topic (a guarded topic's key is wrong or expired). */
  onRefused?: (code: string) => void;
};

/**
 * The page's one realtime socket, shared by the member's events and every followed topic
 * (docs/realtime.md "Topics"). Open while a member is logged in or a topic is followed; opened
 * again with the new session at login and logout (topics follow it over).
 */
export function createRealtimeHub(
  base: Pick<RealtimeConnectionOptions, 'url' | 'language' | 'createSocket' | 'random'>,
) {
  let member: MemberFeed | null = null;
  const listeners = new Map<string, Set<TopicListener>>();
  /** The keys guarded topics are followed with (the latest given to `follow`). */
  const keys = new Map<string, string>();
  let connection: RealtimeConnection | null = null;

  function reopen(): void {
    connection?.stop();
    connection = null;
    if (!member && listeners.size === 0) return;
    const feed = member;
    connection = createRealtimeConnection({
      ...base,
      token: feed?.token ?? null,
      onEvent: feed?.onEvent,
      onResync: feed?.onResync,
      onSessionRefused: feed?.onSessionRefused,
      topics: () => listeners.keys(),
      onTopic: (frame: RealtimeTopicFrame) => {
        for (const listener of listeners.get(frame.topic) ?? [])
          (listener as TopicListener<typeof frame.topic>).onEvent(frame.data);
      },
      onSubscribed: (topic) => {
        for (const listener of listeners.get(topic) ?? []) listener.onSubscribed?.();
      },
      topicKey: (topic) => keys.get(topic),
      onRefused: (topic, code) => {
        for (const listener of listeners.get(topic) ?? []) listener.onRefused?.(code);
      },
    });
  }

  return {
    /** The logged-in member's feed, or null at logout (the socket goes on for topics, without a session). */
    setMember(next: MemberFeed | null): void {
      if (next === member) return;
      member = next;
      reopen();
    },
    /**
     * Follows `topic` until the returned function is called; several listeners share one
     * subscription. A guarded topic needs its `key` (the latest one given is sent).
     */
    follow<T extends RealtimeTopic>(
      topic: T,
      listener: TopicListener<T>,
      key?: string,
    ): () => void {
      if (key !== undefined) keys.set(topic, key);
      let set = listeners.get(topic);
      const first = !set;
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener as TopicListener);
      if (!connection) reopen();
      else if (first) connection.subscribe(topic);
      // Already followed: this listener reads the state now, as the first one did.
      else listener.onSubscribed?.();
      return () => {
        const current = listeners.get(topic);
        if (!current?.delete(listener as TopicListener)) return;
        if (current.size > 0) return;
        listeners.delete(topic);
        keys.delete(topic);
        if (!member && listeners.size === 0) reopen();
        else connection?.unsubscribe(topic);
      };
    },
    /** Back online or shown again: a connection waiting out its back-off tries now. */
    nudge: () => connection?.nudge(),
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

export { createRealtimeConnection } from './connection';

let shared: RealtimeHub | null = null;
/** The page's hub, created on first use; it retries at once when the browser is back online or the tab shown. */
export function realtimeHub(base: Parameters<typeof createRealtimeHub>[0]): RealtimeHub {
  if (shared) return shared;
  const hub = createRealtimeHub(base);
  shared = hub;
  const nudge = () => {
    if (document.visibilityState === 'visible') hub.nudge();
  };
  window.addEventListener('online', nudge);
  document.addEventListener('visibilitychange', nudge);
  return hub;
}
