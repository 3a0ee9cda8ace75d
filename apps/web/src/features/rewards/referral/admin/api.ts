import { MISSION_ADMIN_ENDPOINTS as A, pathOf, type ReferralSettings } from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';

export const ADMIN_REFERRAL_KEY = ['admin', 'referral-settings'] as const;

export const fetchReferralSettings = (merchantCode: string, signal?: AbortSignal) =>
  adminRequest<ReferralSettings>(A.referralSettings, { query: { merchantCode }, signal });
export const saveReferralSettings = (merchantCode: string, body: ReferralSettings) =>
  adminRequest<ReferralSettings>(
    {
      method: A.saveReferralSettings.method,
      path: pathOf(A.saveReferralSettings, { merchantCode } as never),
    },
    { body },
  );
