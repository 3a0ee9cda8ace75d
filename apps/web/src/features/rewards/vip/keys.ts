import type { QueryClient } from '@tanstack/react-query';

/** The VIP query's key, zod-free: the first page's live updates refresh it. */
export const vipQueryKey = ['rewards', 'vip'] as const;

/** After a VIP_LEVEL push: the card and the page read the level again. */
export function refreshVip(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: vipQueryKey });
}
