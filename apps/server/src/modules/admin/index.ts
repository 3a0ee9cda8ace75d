import type { AuditSink, StaffResolver } from '../../http/scopes';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import { createAdminRepository } from './repository';
import { adminRoutes } from './routes';
import { createAuditService, type AuditService } from './service';
import { createStaffService, type StaffService } from './staff-service';

export type { AuditService } from './service';
export type { StaffService } from './staff-service';
export { STAFF_SESSION_IDLE_MS, STAFF_SESSION_ABSOLUTE_MS } from './staff-service';

declare module '../manifest' {
  interface ServiceRegistry {
    /** The operator audit log (`operator_audit`): record and read. */
    audit: AuditService;
    /** Staff sessions of the operator scope (the resolver http/scopes.ts asks). */
    staff: StaffResolver;
    /** Staff accounts, sign-in and operators (the console's own desks). */
    operators: StaffService;
    /** Where the operator scope records each change. */
    operatorAudit: AuditSink;
  }
}

/**
 * admin: the operator side (docs/admin-console.md): staff accounts with roles and a mandatory
 * authenticator, their sessions, the audit log, and the console's own routes (sign-in,
 * operators, audit). Owns `operator_audit`, `staff_accounts`, `staff_sessions`,
 * `staff_pending_logins`. Counts wrong passwords and codes in auth's limiter. The member desks
 * are the backoffice module's; other modules add their desks' routes to the operator scope.
 */
export const adminModule = defineModule({
  name: 'admin',
  requires: ['attempts'],
  provides: ['audit', 'staff', 'operators', 'operatorAudit'],
  create({ db }, { attempts }) {
    const repo = createAdminRepository(db);
    const audit = createAuditService(repo);
    const operators = createStaffService({ repo, attempts });
    return {
      audit,
      operators,
      staff: { authenticate: (token, client) => operators.authenticate(token, client) },
      operatorAudit: {
        record: (entry) =>
          audit.record({
            merchantCode: '*',
            operatorId: String(entry.staffId),
            action: entry.action,
            subject: entry.target,
            detail: entry.details,
            ip: entry.ip ?? null,
            requestId: entry.requestId,
            before: entry.before,
            after: entry.after,
          }),
      },
    };
  },
  routes: {
    operator: (scope, services) =>
      adminRoutes(scope, { staff: services.operators, audit: services.audit, keys: services.keys }),
  },
});
