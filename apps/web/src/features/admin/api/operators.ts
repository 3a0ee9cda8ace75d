import { ADMIN_ENDPOINTS, pathOf, type Operator, type StaffRole } from '@banca/contracts';
import { adminEncryptedRequest, adminRequest } from '@/api/admin-client';
import type { TablePage } from '@/components/data-table';

const E = ADMIN_ENDPOINTS.staff;

export function fetchOperators(params: Record<string, string | number>, signal?: AbortSignal) {
  return adminRequest<TablePage<Operator>>(E.operators, { query: params, signal });
}

export function createOperator(input: {
  username: string;
  displayName: string;
  password: string;
  roles: StaffRole[];
}) {
  return adminEncryptedRequest<Operator>(E.createOperator, input);
}

export function updateOperator(
  id: number,
  changes: { displayName?: string; roles?: StaffRole[]; status?: 'active' | 'disabled' },
) {
  return adminRequest<Operator>(
    { method: 'PUT', path: pathOf(E.updateOperator, { id }) },
    { body: changes },
  );
}

export function resetOperatorTotp(id: number) {
  return adminRequest<Operator>({ method: 'POST', path: pathOf(E.resetOperatorTotp, { id }) });
}
