import { ENDPOINTS, ROUTES, type PixKey, type PixKeyType } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/payments/pix-keys`: the server validates and normalises the key by its type. */
export function addPixKey(input: { type: PixKeyType; key: string }): Promise<PixKey> {
  return apiRequest<PixKey>(ENDPOINTS.withdrawals.addPixKey, {
    body: input,
    schema: import.meta.env.DEV ? ROUTES.withdrawals.addPixKey.response : undefined,
  });
}
