import { ENDPOINTS, ROUTES, type SystemStatusPayload } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The site's status and configuration ("permission", docs/platform-facts.md §1), loaded before any
 * route renders. Not keyed by language: it carries configuration, not translated text.
 */
export const systemStatusQueryKey = ['system', 'status'] as const;

/** Re-read every few minutes so a maintenance window that starts mid-visit takes effect. */
const SYSTEM_STATUS_STALE_MS = 5 * 60_000;

export async function getSystemStatus(signal?: AbortSignal): Promise<SystemStatusPayload> {
  const status = await apiRequest<SystemStatusPayload>(ENDPOINTS.system.status, {
    // Contract check in development only (see RequestOptions.schema).
    schema: import.meta.env.DEV ? ROUTES.system.status.response : undefined,
    signal,
  });
  // Every later call names the brand explicitly (the `Merchant` header).
  writeStorage('session', STORAGE_KEYS.merchantCode, status.info.merchantCode);
  return status;
}

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: systemStatusQueryKey,
    queryFn: ({ signal }) => getSystemStatus(signal),
    staleTime: SYSTEM_STATUS_STALE_MS,
    refetchInterval: SYSTEM_STATUS_STALE_MS,
  });
