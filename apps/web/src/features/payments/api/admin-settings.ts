import {
  ADMIN_ENDPOINTS,
  pathOf,
  type AdminDepositChannel,
  type CashierSettings,
  type UpdateDepositChannel,
  type UpdateWithdrawalSettings,
  type WithdrawalSettings,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';

const A = ADMIN_ENDPOINTS.cashierSettings;

/** `GET /admin/api/payments/settings`: every brand's deposit channels and withdrawal rules. */
export function fetchCashierSettings(signal?: AbortSignal): Promise<CashierSettings> {
  return adminRequest<CashierSettings>(A.read, { signal });
}

/** Replace the editable part of one deposit channel (amounts in major units, canonical text). */
export function updateDepositChannel(
  merchantCode: string,
  code: string,
  body: UpdateDepositChannel,
): Promise<AdminDepositChannel> {
  return adminRequest<AdminDepositChannel>(
    { method: A.updateChannel.method, path: pathOf(A.updateChannel, { merchantCode, code }) },
    { body },
  );
}

/** Replace a brand's withdrawal rules. */
export function updateWithdrawalSettings(
  merchantCode: string,
  body: UpdateWithdrawalSettings,
): Promise<WithdrawalSettings> {
  return adminRequest<WithdrawalSettings>(
    { method: A.updateWithdrawals.method, path: pathOf(A.updateWithdrawals, { merchantCode }) },
    { body },
  );
}
