import type { LotteryTopicEvent } from '@banca/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { lotteryKeys } from '../api/lottery-api';

/**
 * facts.md §1's "settings changed" event: an operator changed a lottery game (schedule, limits,
 * odds), so every cached lottery answer — menus, states, results, my bets — is stale and read
 * again. Other events leave the cache to the pages. Answers whether it dropped anything.
 */
export function dropCachedLottery(queryClient: QueryClient, event: LotteryTopicEvent): boolean {
  if (event.kind !== 'settings') return false;
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.memberAll });
  return true;
}
