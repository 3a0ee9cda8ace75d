import {
  ENDPOINTS,
  pathOf,
  ROUTES,
  type ConfirmWithdrawalRequest,
  type Withdrawal,
} from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/payments/withdrawals/:id/confirmation`: received, partly received, or not received. */
export function confirmWithdrawal(
  id: number,
  answer: ConfirmWithdrawalRequest,
): Promise<Withdrawal> {
  return apiRequest<Withdrawal>(
    { ...ENDPOINTS.withdrawals.confirm, path: pathOf(ENDPOINTS.withdrawals.confirm, { id }) },
    {
      body: answer,
      schema: import.meta.env.DEV ? ROUTES.withdrawals.confirm.response : undefined,
    },
  );
}
