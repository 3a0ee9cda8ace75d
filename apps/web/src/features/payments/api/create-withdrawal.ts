import { ENDPOINTS, type Withdrawal } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

/**
 * `POST /wps/payments/withdrawals` (encrypted: it carries the payment password). `amount` is
 * dot-decimal text ("250.50"), never a float that could round a centavo.
 */
export function createWithdrawal(input: {
  amount: string;
  pixKeyId: number;
  paymentPassword: string;
}): Promise<Withdrawal> {
  return encryptedRequest(ENDPOINTS.withdrawals.create, input);
}
