import {
  LOYALTY_ADMIN_ENDPOINTS as A,
  pathOf,
  type AdminPoints,
  type AdminRedemption,
  type AdminVip,
  type Goods,
  type GoodsInput,
  type SavePoints,
  type SaveVip,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';

/** The loyalty desk's calls (docs/loyalty.md "Console"). */
export const LOYALTY_DESK_KEY = ['admin', 'loyalty'] as const;

export const fetchVip = (merchantCode: string, signal?: AbortSignal) =>
  adminRequest<AdminVip>(A.vip, { query: { merchantCode }, signal });
export const saveVip = (body: SaveVip) => adminRequest<AdminVip>(A.saveVip, { body });
export const fetchPoints = (merchantCode: string, signal?: AbortSignal) =>
  adminRequest<AdminPoints>(A.points, { query: { merchantCode }, signal });
export const savePoints = (body: SavePoints) => adminRequest<AdminPoints>(A.savePoints, { body });
export const fetchGoods = (merchantCode: string, signal?: AbortSignal) =>
  adminRequest<{ list: Goods[] }>(A.goods, { query: { merchantCode }, signal });
export const createGoods = (merchantCode: string, body: GoodsInput) =>
  adminRequest<Goods>(A.createGoods, { body: { ...body, merchantCode } });
export const updateGoods = (id: number, body: GoodsInput) =>
  adminRequest<Goods>(
    { method: A.updateGoods.method, path: pathOf(A.updateGoods, { id }) },
    { body },
  );
export const fetchRedemptions = (
  query: { merchantCode: string; status?: string; pageNo: number; pageSize: number },
  signal?: AbortSignal,
) =>
  adminRequest<{ list: AdminRedemption[]; pageNo: number; pageSize: number; totalCount: number }>(
    A.redemptions,
    { query, signal },
  );
export const decideRedemption = (id: number, decision: 'approve' | 'reject', reason?: string) =>
  adminRequest<AdminRedemption>(
    { method: A.decide.method, path: pathOf(A.decide, { id }) },
    { body: reason ? { decision, reason } : { decision } },
  );
