import type { PermissionInfo, SystemStatusPayload } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { systemStatusQueryOptions } from '../api/get-system-status';

/**
 * The loaded status payload. Only for components below the boot gate, which renders nothing
 * else until the payload is in the cache.
 */
export function useSystemStatus(): SystemStatusPayload {
  const { data } = useQuery(systemStatusQueryOptions());
  if (!data) throw new Error('useSystemStatus() used before the boot gate loaded the status');
  return data;
}

export function useSystemInfo(): PermissionInfo {
  return useSystemStatus().info;
}
