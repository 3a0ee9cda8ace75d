import type { AdminRepository } from './repository';

/**
 * The operator side's shared records. Today the audit log: every change an operator makes
 * (a manual wallet adjustment, later brands, vendors, queues) leaves one entry. The console and
 * staff sessions arrive with the operator issues; the operator scope already audits by route.
 */
export function createAuditService(repo: AdminRepository) {
  return {
    /** Records one change; `subject` names what changed (`member:42`). */
    record(entry: {
      merchantCode: string;
      operatorId: string;
      action: string;
      subject: string;
      detail: Record<string, unknown>;
    }): Promise<void> {
      return repo.insertAudit(entry);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
