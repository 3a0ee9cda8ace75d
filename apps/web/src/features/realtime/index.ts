/**
 * Public API of the realtime feature (docs/realtime.md): the page's one socket, a split chunk
 * loaded once a member is logged in or a page follows a topic, so the first page never carries it.
 */
import type { RealtimeTopic, RealtimeTopicData } from '@banca/contracts';
import { useEffect, useRef } from 'react';
import { currentLanguage } from '@/i18n';
import { createRetryableImport } from '@/lib/chunk-loader';
import { useLazyModule } from '@/lib/use-lazy-module';
import type * as HubChunkModule from './lib/hub';
import type { RealtimeHub } from './lib/hub';

type HubChunk = typeof HubChunkModule;

export const realtimeChunk = createRetryableImport(() => import('./lib/hub'), 'Realtime');

/** The socket's address on this site (the dev server proxies /ws to the gateway). */
export function realtimeUrl(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** The page's hub from the loaded chunk (one socket for the member's events and all topics). */
export function sharedHub(chunk: Pick<HubChunk, 'realtimeHub'>): RealtimeHub {
  return chunk.realtimeHub({ url: realtimeUrl(), language: currentLanguage });
}

/**
 * Follows a public topic over the page's one socket, with or without a session, while the
 * component is mounted (and `enabled`): `onEvent` gets each broadcast's typed data;
 * `onSubscribed` runs when the server confirms the topic, also after every reconnect — read the
 * current state (HTTP) there, since broadcasts sent while away are not replayed.
 *
 *   useTopic('house.crash', (event) => { if (event.kind === 'tick') setMultiplier(event.multiplierE2); },
 *     { onSubscribed: () => void refetchState() });
 */
export function useTopic<T extends RealtimeTopic>(
  topic: T,
  onEvent: (data: RealtimeTopicData[T]) => void,
  options: {
    onSubscribed?: () => void;
    enabled?: boolean;
    /** A guarded topic's key (`support.desk`: a desk ticket); a new key follows it again. */
    key?: string;
    /** The server refused the topic (a key that expired: get a new one). */
    onRefused?: (code: string) => void;
  } = {},
): void {
  const enabled = options.enabled ?? true;
  const chunk = useLazyModule(realtimeChunk, enabled).module;
  const { key } = options;
  // The latest callbacks without following the topic again on every render.
  const latest = useRef({
    onEvent,
    onSubscribed: options.onSubscribed,
    onRefused: options.onRefused,
  });
  latest.current = { onEvent, onSubscribed: options.onSubscribed, onRefused: options.onRefused };
  useEffect(() => {
    if (!enabled || !chunk) return;
    return sharedHub(chunk).follow(
      topic,
      {
        onEvent: (data) => latest.current.onEvent(data),
        onSubscribed: () => latest.current.onSubscribed?.(),
        onRefused: (code) => latest.current.onRefused?.(code),
      },
      key,
    );
  }, [enabled, chunk, topic, key]);
}

export type { RealtimeConnection, ConnectionStatus } from './lib/connection';
export type { MemberFeed, RealtimeHub } from './lib/hub';
