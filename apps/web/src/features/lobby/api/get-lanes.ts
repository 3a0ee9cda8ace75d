import { ENDPOINTS, ROUTES, type ResponseOf, type Language } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { STORAGE_KEYS } from '@/lib/storage';
import { readSessionCache, writeSessionCache } from '../lib/session-cache';
import { lobbyKeys } from './query-keys';

export type Lanes = ResponseOf<typeof ROUTES.games.lanes>;
export type VendorLane = Lanes['data']['lanes'][number];

/**
 * Vendor lanes (`GET /lgw/games/lanes`, docs/product.md §3): per category its vendors and classify
 * menu. Keyed by language: docs/product.md §4 refetches the vendor list on a language change.
 */
export const lanesQueryOptions = (language: Language) => {
  // Spec §4: kept in session storage for the visit (see lib/session-cache.ts).
  const saved = () => readSessionCache(STORAGE_KEYS.vendorLanes, language, isLaneList);
  return queryOptions({
    queryKey: lobbyKeys.lanes(language),
    queryFn: async ({ signal }) => {
      const { lanes } = (
        await apiRequest<Lanes>(ENDPOINTS.games.lanes, {
          schema: import.meta.env.DEV ? ROUTES.games.lanes.response : undefined,
          signal,
        })
      ).data;
      writeSessionCache(STORAGE_KEYS.vendorLanes, language, lanes);
      return lanes;
    },
    initialData: () => saved()?.data,
    initialDataUpdatedAt: () => saved()?.savedAtMs,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
};

/** A saved copy from an older release may differ: only a list of lanes is used. */
const isLaneList = (data: unknown): data is VendorLane[] =>
  Array.isArray(data) &&
  data.every(
    (lane: Partial<VendorLane> | null) =>
      typeof lane?.title === 'string' &&
      Array.isArray(lane.cards) &&
      Array.isArray(lane.gameClassify),
  );
