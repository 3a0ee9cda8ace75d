import { ENDPOINTS, ROUTES, type Deposit } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/**
 * `POST /wps/payments/deposits`: a PIX charge (its BR Code) or a bank transfer awaiting its
 * receipt. `amount` is dot-decimal text ("250.50"), never a float that could round a centavo.
 */
export function createDeposit(input: { channelCode: string; amount: string }): Promise<Deposit> {
  return apiRequest<Deposit>(ENDPOINTS.payments.createDeposit, {
    body: input,
    schema: import.meta.env.DEV ? ROUTES.payments.createDeposit.response : undefined,
  });
}
