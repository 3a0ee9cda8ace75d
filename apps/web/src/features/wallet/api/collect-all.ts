import { collectAllResponseSchema } from '@banca/contracts';
import { apiRequest } from '@/api/client';

export type CollectAllResult = ReturnType<typeof collectAllResponseSchema.parse>;

/**
 * `POST /wps/relay/GCS_collectAll`: every vendor wallet back to the main wallet in one
 * operation; answers the amount collected and the balances after it.
 */
export function collectAll(idempotencyKey: string): Promise<CollectAllResult> {
  return apiRequest<CollectAllResult>('/wps/relay/GCS_collectAll', {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    schema: import.meta.env.DEV ? collectAllResponseSchema : undefined,
  });
}
