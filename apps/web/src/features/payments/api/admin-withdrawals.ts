import {
  ADMIN_ENDPOINTS,
  gatewayHeaderNames,
  pathOf,
  type AdminWithdrawal,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';
import { readStaffToken } from '@/lib/staff-token';

export type AdminWithdrawalPage = {
  rows: AdminWithdrawal[];
  page: number;
  pageSize: number;
  total: number;
};

const A = ADMIN_ENDPOINTS.withdrawals;
const withId = (endpoint: { method: 'GET' | 'POST'; path: string }, id: number) => ({
  method: endpoint.method,
  path: pathOf(endpoint as { path: '/:id' }, { id }),
});

/** `GET /admin/api/payments/withdrawals`: the cashier's queue, a page at a time. */
export function fetchAdminWithdrawals(
  params: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<AdminWithdrawalPage> {
  return adminRequest<AdminWithdrawalPage>(A.queue, { query: params, signal });
}

/** Approve: the payout goes to the provider (of two operators at once, one wins). */
export function approveWithdrawal(id: number): Promise<AdminWithdrawal> {
  return adminRequest<AdminWithdrawal>(withId(A.approve, id));
}

/** Reject with a reason: the locked amount goes back to the player. */
export function rejectWithdrawal(id: number, reason: string): Promise<AdminWithdrawal> {
  return adminRequest<AdminWithdrawal>(withId(A.reject, id), { body: { reason } });
}

/** A proof image the player sent (an image, not an envelope); null when it cannot be shown. */
export async function fetchWithdrawalProof(
  id: number,
  proofId: number,
  signal?: AbortSignal,
): Promise<Blob | null> {
  const response = await fetch(pathOf(A.proof, { id, proofId }), {
    headers: { [gatewayHeaderNames.authorization]: readStaffToken() ?? '' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) return null;
  return response.blob();
}

/** Settle a dispute with a refund of the missing amount (once; of two operators, one wins). */
export function refundDispute(id: number, reason: string): Promise<AdminWithdrawal> {
  return adminRequest<AdminWithdrawal>(withId(A.refundDispute, id), { body: { reason } });
}

/** Close a dispute without a refund; the member reads the reason. */
export function closeDispute(id: number, reason: string): Promise<AdminWithdrawal> {
  return adminRequest<AdminWithdrawal>(withId(A.closeDispute, id), { body: { reason } });
}

/** Retry a payout the job gave up on (the provider is asked by the same payout id first). */
export function retryPayout(id: number): Promise<AdminWithdrawal> {
  return adminRequest<AdminWithdrawal>(withId(A.retryPayout, id));
}

/** Close a payout the job gave up on as failed: the amount goes back (refused if it was paid). */
export function failPayout(id: number, reason: string): Promise<AdminWithdrawal> {
  return adminRequest<AdminWithdrawal>(withId(A.failPayout, id), { body: { reason } });
}
