import {
  LOYALTY_ENDPOINTS,
  LOYALTY_ROUTES,
  type PointBalance,
  type PointConfig,
  type PointReward,
  type Redemption,
  type RedemptionPage,
} from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { encryptedRequest } from '@/api/encrypted';

export const pointsQueryKey = ['rewards', 'points'] as const;
const dev = import.meta.env.DEV;

export const pointBalanceQuery = () =>
  queryOptions({
    queryKey: [...pointsQueryKey, 'balance'],
    queryFn: ({ signal }) =>
      apiRequest<PointBalance>(LOYALTY_ENDPOINTS.pointBalance, {
        schema: dev ? LOYALTY_ROUTES.pointBalance.response : undefined,
        signal,
      }),
  });
export const pointConfigQuery = () =>
  queryOptions({
    queryKey: [...pointsQueryKey, 'config'],
    queryFn: ({ signal }) =>
      apiRequest<PointConfig>(LOYALTY_ENDPOINTS.pointConfig, {
        schema: dev ? LOYALTY_ROUTES.pointConfig.response : undefined,
        signal,
      }),
  });
/** The goods' names and descriptions come in the request's language: the key carries it. */
export const pointRewardQuery = (language: string) =>
  queryOptions({
    queryKey: [...pointsQueryKey, 'goods', language],
    queryFn: ({ signal }) =>
      apiRequest<PointReward>(LOYALTY_ENDPOINTS.pointReward, {
        schema: dev ? LOYALTY_ROUTES.pointReward.response : undefined,
        signal,
      }),
  });
export const redeemListQuery = (language: string) =>
  queryOptions({
    queryKey: [...pointsQueryKey, 'redeems', language],
    queryFn: ({ signal }) =>
      apiRequest<RedemptionPage>(LOYALTY_ENDPOINTS.redeemPointList, {
        query: { pageNo: 1, pageSize: 20 },
        schema: dev ? LOYALTY_ROUTES.redeemPointList.response : undefined,
        signal,
      }),
  });

/** Redeem goods (encrypted: it carries the payment password). */
export function redeemGoods(input: {
  goodsId: number;
  quantity: number;
  paymentPassword: string;
  address?: string;
  mobile?: string;
}): Promise<Redemption> {
  return encryptedRequest(LOYALTY_ENDPOINTS.redeemPointReward, input);
}

/** Convert points to cash at the exchange-rate table (encrypted). */
export function convertPoints(input: {
  points: number;
  paymentPassword: string;
}): Promise<Redemption> {
  return encryptedRequest(LOYALTY_ENDPOINTS.convertPoint, input);
}
