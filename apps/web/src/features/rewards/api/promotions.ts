import {
  ENDPOINTS,
  pathOf,
  PROMOTIONS_REPOLL_MS,
  ROUTES,
  type Language,
  type PromotionCard,
  type PromotionList,
} from '@banca/contracts';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

const E = ENDPOINTS.promotions;
export const PROMOTIONS_KEY = ['promotions'] as const;

/**
 * `GET /wps/promotions`: the brand's promotions with the member's status in each. Asked again
 * every 300 s (facts.md §1) and at once when the socket pushes PROMOTION_CLAIM or MANUAL_PROMO.
 * The key carries the session so logging in or out shows the right statuses.
 */
export const promotionsQueryOptions = (language: Language, session: string | null) =>
  queryOptions({
    queryKey: [...PROMOTIONS_KEY, language, session],
    queryFn: ({ signal }) =>
      apiRequest<PromotionList>(E.list, {
        schema: import.meta.env.DEV ? ROUTES.promotions.list.response : undefined,
        signal,
      }),
    refetchInterval: PROMOTIONS_REPOLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** After a push or an action: every promotions list reads again. */
export function refreshPromotions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY });
}

const action = (endpoint: (typeof E)['join' | 'claim'], id: number) =>
  apiRequest<PromotionCard>({ ...endpoint, path: pathOf(endpoint, { id }) });

export const joinPromotion = (id: number) => action(E.join, id);
export const claimPromotion = (id: number) => action(E.claim, id);

/** `POST /wps/promotions/:id/applications`: the comment and the images as base64. */
export function applyToPromotion(id: number, comment: string, images: string[]) {
  return apiRequest<PromotionCard>(
    { ...E.apply, path: pathOf(E.apply, { id }) },
    {
      body: { comment, images },
      // Three phone photos over a slow line take longer than a JSON call.
      timeoutMs: 120_000,
      schema: import.meta.env.DEV ? ROUTES.promotions.apply.response : undefined,
    },
  );
}

/** A file's bytes as base64 (without the data: prefix). */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
