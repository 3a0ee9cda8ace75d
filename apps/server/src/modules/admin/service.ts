import type { AuditEntry } from '@banca/contracts';
import { AppError } from '../../http/errors';
import type { AdminRepository, AuditInsert } from './repository';

/** Longest period one query of the audit log may span when both ends are given. */
const AUDIT_RANGE_MAX_DAYS = 366;

/**
 * The operator audit log (`operator_audit`): every change an operator makes leaves one entry
 * (who, what, before/after, from where, which request). Append-only: this service and the
 * table (migration 0019's trigger) have no way to change or remove one.
 */
export function createAuditService(repo: AdminRepository) {
  return {
    /** Records one change; `subject` names what changed (`member:42`). */
    record(entry: AuditInsert): Promise<void> {
      return repo.insertAudit(entry);
    },

    /** The console's audit page: newest first by default, filtered, a page at a time. */
    async list(filter: {
      operatorId?: string | undefined;
      action?: string | undefined;
      subject?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      order: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }): Promise<{ rows: AuditEntry[]; page: number; pageSize: number; total: number }> {
      const fromUtc = filter.from ? new Date(filter.from) : undefined;
      const toUtc = filter.to ? new Date(filter.to) : undefined;
      if (
        fromUtc &&
        toUtc &&
        (toUtc <= fromUtc ||
          toUtc.getTime() - fromUtc.getTime() > AUDIT_RANGE_MAX_DAYS * 86_400_000)
      )
        throw new AppError('invalid_date_range', { params: { maxDays: AUDIT_RANGE_MAX_DAYS } });
      const { rows, total } = await repo.listAudit({
        operatorId: filter.operatorId,
        action: filter.action,
        subject: filter.subject,
        fromUtc,
        toUtc,
        order: filter.order,
        limit: filter.pageSize,
        offset: (filter.page - 1) * filter.pageSize,
      });
      return {
        rows: rows.map((row) => ({
          id: Number(row.id),
          time: row.created_at.toISOString(),
          operatorId: row.operator_id,
          operatorName: row.operator_name ?? null,
          merchantCode: row.merchant_code,
          action: row.action,
          subject: row.subject,
          ip: row.ip,
          requestId: row.request_id,
          before: row.before_state ?? null,
          after: row.after_state ?? null,
          detail: row.detail ?? null,
        })),
        page: filter.page,
        pageSize: filter.pageSize,
        total,
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
