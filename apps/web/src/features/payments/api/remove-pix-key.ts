import { ENDPOINTS, pathOf } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `DELETE /wps/payments/pix-keys/:id`. */
export function removePixKey(id: number): Promise<{ done: true }> {
  return apiRequest(
    {
      ...ENDPOINTS.withdrawals.removePixKey,
      path: pathOf(ENDPOINTS.withdrawals.removePixKey, { id }),
    },
    {},
  );
}
