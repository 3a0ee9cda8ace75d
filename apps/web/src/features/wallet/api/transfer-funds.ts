import { walletTransferResponseSchema } from '@banca/contracts';
import { apiRequest } from '@/api/client';

export type WalletTransfer = {
  fromAccountTypeId: number;
  toAccountTypeId: number;
  /** Major units as dot-decimal text ("250.50"): never a float that could round a centavo. */
  amount: string;
};
export type WalletTransferResult = ReturnType<typeof walletTransferResponseSchema.parse>;

/**
 * `POST /wps/relay/GCS_walletTransfer` with an `Idempotency-Key`: a retry of the same submit
 * with the same key is applied once. Answers the amount moved and both balances after it.
 */
export function transferFunds(
  transfer: WalletTransfer,
  idempotencyKey: string,
): Promise<WalletTransferResult> {
  return apiRequest<WalletTransferResult>('/wps/relay/GCS_walletTransfer', {
    method: 'POST',
    body: transfer,
    headers: { 'idempotency-key': idempotencyKey },
    schema: import.meta.env.DEV ? walletTransferResponseSchema : undefined,
  });
}
