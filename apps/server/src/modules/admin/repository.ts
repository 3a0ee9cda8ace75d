import type { Db } from '../../db/connect';

/** The operator audit log (`operator_audit`): who changed what, append-only. */
export function createAdminRepository(db: Db) {
  return {
    async insertAudit(entry: {
      merchantCode: string;
      operatorId: string;
      action: string;
      subject: string;
      detail: Record<string, unknown>;
    }): Promise<void> {
      await db
        .insertInto('operator_audit')
        .values({
          merchant_code: entry.merchantCode,
          operator_id: entry.operatorId,
          action: entry.action,
          subject: entry.subject,
          detail: JSON.stringify(entry.detail),
        })
        .execute();
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
