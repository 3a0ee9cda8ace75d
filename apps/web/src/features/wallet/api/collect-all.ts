import { ENDPOINTS, ROUTES, type ResponseOf } from '@banca/contracts';
import { apiRequest } from '@/api/client';

export type CollectAllResult = ResponseOf<typeof ROUTES.wallet.collectAll>;

/**
 * `POST /wps/relay/GCS_collectAll`: every vendor wallet back to the main wallet in one
 * operation; answers the amount collected and the balances after it.
 */
export function collectAll(idempotencyKey: string): Promise<CollectAllResult> {
  return apiRequest<CollectAllResult>(ENDPOINTS.wallet.collectAll, {
    headers: { 'idempotency-key': idempotencyKey },
    schema: import.meta.env.DEV ? ROUTES.wallet.collectAll.response : undefined,
  });
}
