import {
  ADMIN_ENDPOINTS,
  pathOf,
  type MemberDetail,
  type MemberRow,
  type Transaction,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';
import type { TablePage } from '@/components/data-table';

const E = ADMIN_ENDPOINTS.backoffice;

export function fetchMembers(params: Record<string, string | number>, signal?: AbortSignal) {
  return adminRequest<TablePage<MemberRow>>(E.members, { query: params, signal });
}

export function fetchMember(id: number, signal?: AbortSignal) {
  return adminRequest<MemberDetail>({ method: 'GET', path: pathOf(E.member, { id }) }, { signal });
}

export type LedgerPage = {
  list: Transaction[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
};

export function fetchMemberLedger(
  id: number,
  params: Record<string, string | number>,
  signal?: AbortSignal,
) {
  return adminRequest<LedgerPage>(
    { method: 'GET', path: pathOf(E.memberLedger, { id }) },
    { query: params, signal },
  );
}

export type AdjustmentResult = {
  operationId: number;
  replayed: boolean;
  beforeMinor: number;
  afterMinor: number;
};

export function adjustBalance(
  id: number,
  input: { direction: 'credit' | 'debit'; amount: string; reason: string; idempotencyKey: string },
) {
  return adminRequest<AdjustmentResult>(
    { method: 'POST', path: pathOf(E.adjust, { id }) },
    { body: input },
  );
}

export function setMemberStatus(
  id: number,
  input: { status: 'active' | 'locked'; reason: string },
) {
  return adminRequest<MemberDetail>(
    { method: 'PUT', path: pathOf(E.memberStatus, { id }) },
    { body: input },
  );
}
