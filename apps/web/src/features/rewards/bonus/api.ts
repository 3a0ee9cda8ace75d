import { ENDPOINTS, pathOf, ROUTES, type BonusGrant, type BonusList } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

export const bonusesQueryKey = ['rewards', 'bonuses'] as const;

/**
 * `GET /wps/rewards/bonuses`: the member's bonuses with their requirement and progress. Read
 * again every 15 s while a page shows it: settled rounds move the progress bars.
 */
export const bonusesQueryOptions = () =>
  queryOptions({
    queryKey: bonusesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<BonusList>(ENDPOINTS.bonus.list, {
        schema: import.meta.env.DEV ? ROUTES.bonus.list.response : undefined,
        signal,
      }),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });

/** `POST /wps/rewards/bonuses/:id/forfeit` with the member's confirmation. */
export function forfeitBonus(id: number): Promise<BonusGrant> {
  return apiRequest<BonusGrant>(
    { ...ENDPOINTS.bonus.forfeit, path: pathOf(ENDPOINTS.bonus.forfeit, { id }) },
    { body: { confirm: true } },
  );
}
