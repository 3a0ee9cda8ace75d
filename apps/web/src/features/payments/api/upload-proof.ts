import { ENDPOINTS, pathOf, ROUTES, type Withdrawal } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `PUT /wps/payments/withdrawals/:id/proofs`: the image itself is the body. */
export function uploadProof(id: number, file: Blob): Promise<Withdrawal> {
  return apiRequest<Withdrawal>(
    {
      ...ENDPOINTS.withdrawals.uploadProof,
      path: pathOf(ENDPOINTS.withdrawals.uploadProof, { id }),
    },
    {
      file,
      // A phone photo over a slow line takes longer than a JSON call.
      timeoutMs: 60_000,
      schema: import.meta.env.DEV ? ROUTES.withdrawals.uploadProof.response : undefined,
    },
  );
}
