import {
  pathOf,
  TICKET_ADMIN_ENDPOINTS as A,
  type AdminTicketTable,
  type AdminTicketTables,
  type SaveTicketTable,
  type TicketKind,
  type TicketReport,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';

export const ADMIN_TICKETS_KEY = ['admin', 'reward-tickets'] as const;

export const fetchTicketTables = (merchantCode: string, signal?: AbortSignal) =>
  adminRequest<AdminTicketTables>(A.tables, { query: { merchantCode }, signal });
export const saveTicketTable = (kind: TicketKind, body: SaveTicketTable) =>
  adminRequest<AdminTicketTable>(
    { method: A.saveTable.method, path: pathOf(A.saveTable, { kind }) },
    { body },
  );
export const fetchTicketReport = (merchantCode: string, signal?: AbortSignal) =>
  adminRequest<TicketReport>(A.report, { query: { merchantCode }, signal });
