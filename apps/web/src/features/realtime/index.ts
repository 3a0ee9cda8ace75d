/**
 * Public API of the realtime feature: the member's socket client (docs/realtime.md), a split
 * chunk loaded once a member is logged in, so the first page never carries it.
 */
import { createRetryableImport } from '@/lib/chunk-loader';

export const realtimeChunk = createRetryableImport(() => import('./lib/connection'), 'Realtime');

/** The socket's address on this site (the dev server proxies /ws to the gateway). */
export function realtimeUrl(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export type { RealtimeConnection, ConnectionStatus } from './lib/connection';
