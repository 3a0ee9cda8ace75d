import { ADMIN_ENDPOINTS, gatewayHeaderNames, pathOf, type AdminDeposit } from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';
import { readStaffToken } from '@/lib/staff-token';

export type AdminDepositPage = {
  rows: AdminDeposit[];
  page: number;
  pageSize: number;
  total: number;
};

const A = ADMIN_ENDPOINTS.deposits;
const withId = <P extends string>(endpoint: { method: 'GET' | 'POST'; path: P }, id: number) => ({
  method: endpoint.method,
  path: pathOf(endpoint, { id } as never),
});

/** `GET /admin/api/payments/deposits`: the queue, a page at a time. */
export function fetchAdminDeposits(
  params: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<AdminDepositPage> {
  return adminRequest<AdminDepositPage>(A.queue, { query: params, signal });
}

export function approveDeposit(id: number): Promise<AdminDeposit> {
  return adminRequest<AdminDeposit>(withId(A.approve, id));
}

export function rejectDeposit(id: number, reason: string): Promise<AdminDeposit> {
  return adminRequest<AdminDeposit>(withId(A.reject, id), { body: { reason } });
}

/**
 * The receipt image as a blob (an image, not an envelope): the staff token in Authorization,
 * the binding cookie by itself (same origin). Null when there is none to show.
 */
export async function fetchReceipt(id: number, signal?: AbortSignal): Promise<Blob | null> {
  const response = await fetch(pathOf(A.receipt, { id }), {
    headers: { [gatewayHeaderNames.authorization]: readStaffToken() ?? '' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) return null;
  return response.blob();
}
