import { ADMIN_ENDPOINTS, type AuditEntry } from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';
import type { TablePage } from '@/components/data-table';

export function fetchAudit(params: Record<string, string | number>, signal?: AbortSignal) {
  return adminRequest<TablePage<AuditEntry>>(ADMIN_ENDPOINTS.staff.audit, {
    query: params,
    signal,
  });
}
