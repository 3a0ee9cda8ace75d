import { ADMIN_ENDPOINTS, type OutboxMessage } from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';
import type { TablePage } from '@/components/data-table';

export function fetchOutbox(params: Record<string, string | number>, signal?: AbortSignal) {
  return adminRequest<TablePage<OutboxMessage>>(ADMIN_ENDPOINTS.backoffice.outbox, {
    query: params,
    signal,
  });
}
