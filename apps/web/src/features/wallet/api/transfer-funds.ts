import { ENDPOINTS, ROUTES, type ResponseOf } from '@banca/contracts';
import { apiRequest } from '@/api/client';

export type WalletTransfer = {
  fromAccountTypeId: number;
  toAccountTypeId: number;
  /** Major units as dot-decimal text ("250.50"): never a float that could round a centavo. */
  amount: string;
};
export type WalletTransferResult = ResponseOf<typeof ROUTES.wallet.transfer>;

/**
 * `POST /wps/relay/GCS_walletTransfer` with an `Idempotency-Key`: a retry of the same submit
 * with the same key is applied once. Answers the amount moved and both balances after it.
 */
export function transferFunds(
  transfer: WalletTransfer,
  idempotencyKey: string,
): Promise<WalletTransferResult> {
  return apiRequest<WalletTransferResult>(ENDPOINTS.wallet.transfer, {
    body: transfer,
    headers: { 'idempotency-key': idempotencyKey },
    schema: import.meta.env.DEV ? ROUTES.wallet.transfer.response : undefined,
  });
}
