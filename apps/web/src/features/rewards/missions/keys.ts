import type { QueryClient } from '@tanstack/react-query';

/** The missions queries' key (list, badge, leaderboard), zod-free: live updates refresh it. */
export const missionsKey = ['rewards', 'missions'] as const;

/** After a claim or a MISSION push: the list, the badge and the leaderboard read again. */
export function refreshMissions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: missionsKey });
}
