import {
  pathOf,
  REWARD_SETTINGS_ENDPOINTS as A,
  type BonusSettingsInput,
  type BrandRewardSettings,
  type CashbackSettingsInput,
  type RebateSettingsInput,
  type RewardSettings,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';

export const REWARD_SETTINGS_KEY = ['admin', 'reward-settings'] as const;

const forBrand = (endpoint: { method: 'PUT'; path: string }, merchantCode: string) => ({
  method: endpoint.method,
  path: pathOf(endpoint, { merchantCode } as never),
});

/** `GET /admin/api/rewards/settings`: every brand's wagering weights, cashback and rebate. */
export const fetchRewardSettings = (signal?: AbortSignal) =>
  adminRequest<RewardSettings>(A.read, { signal });

export const updateBonusSettings = (merchantCode: string, body: BonusSettingsInput) =>
  adminRequest<BrandRewardSettings>(forBrand(A.updateBonus, merchantCode), { body });

export const updateCashbackSettings = (merchantCode: string, body: CashbackSettingsInput) =>
  adminRequest<BrandRewardSettings>(forBrand(A.updateCashback, merchantCode), { body });

export const updateRebateSettings = (merchantCode: string, body: RebateSettingsInput) =>
  adminRequest<BrandRewardSettings>(forBrand(A.updateRebate, merchantCode), { body });
