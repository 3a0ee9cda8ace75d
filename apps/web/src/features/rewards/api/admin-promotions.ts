import {
  pathOf,
  PROMOTION_ADMIN_ENDPOINTS as A,
  type AdminPromotion,
  type AdminPromotionApplication,
  type PromotionReport,
  type PromotionRules,
} from '@banca/contracts';
import { adminRequest, fetchAdminImage } from '@/api/admin-client';

export type AdminBrand = {
  merchantCode: string;
  name: string;
  currency: string;
  complianceProfile: string;
};
export type AdminPromotions = { brands: AdminBrand[]; promotions: AdminPromotion[] };
export type ApplicationsPage = {
  rows: AdminPromotionApplication[];
  pageNo: number;
  pageSize: number;
  total: number;
};

const withId = (endpoint: { method: 'GET' | 'POST' | 'PUT'; path: string }, id: number) => ({
  method: endpoint.method,
  path: pathOf(endpoint, { id } as never),
});

export const ADMIN_PROMOTIONS_KEY = ['admin', 'promotions'] as const;

export const fetchPromotions = (signal?: AbortSignal) =>
  adminRequest<AdminPromotions>(A.list, { signal });
export const createPromotion = (body: PromotionRules & { merchantCode: string }) =>
  adminRequest<AdminPromotion>(A.create, { body });
export const updatePromotion = (id: number, body: PromotionRules) =>
  adminRequest<AdminPromotion>(withId(A.update, id), { body });
export const setPromotionEnabled = (id: number, enabled: boolean) =>
  adminRequest<AdminPromotion>(withId(A.setEnabled, id), { body: { enabled } });
export const uploadBanner = (id: number, file: Blob) =>
  adminRequest<AdminPromotion>(withId(A.uploadBanner, id), { file, timeoutMs: 60_000 });
export const previewBodies = (bodies: { 'pt-BR': string; en: string }) =>
  adminRequest<{ bodies: Record<string, string> }>(A.preview, { body: { bodies } });
export const fetchApplications = (
  query: { status: string; pageNo: number; pageSize: number },
  signal?: AbortSignal,
) => adminRequest<ApplicationsPage>(A.applications, { query, signal });
export const decideApplication = (
  id: number,
  body: { decision: 'approve' | 'reject'; reason?: string; baseMinor?: number },
) => adminRequest<AdminPromotionApplication>(withId(A.decide, id), { body });
export const fetchReport = (signal?: AbortSignal) =>
  adminRequest<PromotionReport>(A.report, { signal });

/** An image the console shows (a proof, a banner). */
export const fetchImage = fetchAdminImage;

export const proofPath = (id: number, position: number) =>
  pathOf(A.proof, { id, position } as never);
