import type { AuditSink, StaffResolver } from '../../http/scopes';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import { createAdminRepository } from './repository';
import { createAuditService, type AuditService } from './service';

export type { AuditService } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    /** The operator audit log (`operator_audit`). */
    audit: AuditService;
    /** Staff sessions of the operator scope; none exist until the operator console lands. */
    staff: StaffResolver;
    /** Where the operator scope records each change. */
    operatorAudit: AuditSink;
  }
}

/** admin: the operator side. Owns `operator_audit`. */
export const adminModule = defineModule({
  name: 'admin',
  requires: [],
  provides: ['audit', 'staff', 'operatorAudit'],
  create({ db }) {
    const audit = createAuditService(createAdminRepository(db));
    return {
      audit,
      // No staff accounts yet: the operator scope refuses every call (staff_login_required).
      staff: { authenticate: async () => null },
      operatorAudit: {
        record: (entry) =>
          audit.record({
            merchantCode: '*',
            operatorId: String(entry.staffId),
            action: entry.action,
            subject: entry.target,
            detail: { ...entry.details, requestId: entry.requestId },
          }),
      },
    };
  },
});
