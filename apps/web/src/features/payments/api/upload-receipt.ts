import { ENDPOINTS, pathOf, ROUTES, type Deposit } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `PUT /wps/payments/deposits/:id/receipt`: the image itself is the body. */
export function uploadReceipt(id: number, file: Blob): Promise<Deposit> {
  return apiRequest<Deposit>(
    { ...ENDPOINTS.payments.uploadReceipt, path: pathOf(ENDPOINTS.payments.uploadReceipt, { id }) },
    {
      file,
      // A phone photo over a slow line takes longer than a JSON call.
      timeoutMs: 60_000,
      schema: import.meta.env.DEV ? ROUTES.payments.uploadReceipt.response : undefined,
    },
  );
}
