import { ADMIN_ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { operatorRouteOptions } from '../../http/route-options';
import type { PaymentsService } from './service';

/** Who may run the cashier's deposits queue (docs/admin-console.md: owner is listed explicitly). */
const CASHIER_ROLES = ['finance', 'owner'] as const;

/**
 * The operator's deposits queue (`/admin/api/payments/deposits`, the console's deposits desk):
 * list, see a receipt, approve or reject a manual transfer. The operator scope checks the staff
 * session and the roles, and audits every successful change with the before/after given here.
 */
export function adminPaymentRoutes(app: FastifyInstance, payments: PaymentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operator: payments'];
  const routes = ADMIN_ROUTES.deposits;
  const staffName = (staffId: number | undefined) => `staff:${staffId ?? 0}`;

  r.route({
    ...operatorRouteOptions(routes.queue, {
      tags,
      summary: 'Deposits queue: by method, status, brand and member; oldest first by default',
    }),
    config: { roles: CASHIER_ROLES },
    handler: async (request) => ok(await payments.queue(request.query)),
  });

  r.route({
    ...operatorRouteOptions(routes.receipt, {
      tags,
      summary: 'The receipt image of a manual transfer',
    }),
    config: { roles: CASHIER_ROLES },
    handler: async (request, reply) => {
      const file = await payments.receiptOf(request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.approve, {
      tags,
      summary: 'Approve a manual transfer: the amount is credited through the ledger, once',
    }),
    config: { roles: CASHIER_ROLES },
    handler: async (request) => {
      const { before, after } = await payments.approve(
        request.params.id,
        staffName(request.staff?.staffId),
      );
      request.audit = { action: 'deposit.approve', subject: `deposit:${after.id}`, before, after };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.reject, {
      tags,
      summary: 'Reject a manual transfer with a reason (the member is told the deposit failed)',
    }),
    config: { roles: CASHIER_ROLES },
    handler: async (request) => {
      const { before, after } = await payments.reject(
        request.params.id,
        staffName(request.staff?.staffId),
        request.body.reason,
      );
      request.audit = {
        action: 'deposit.reject',
        subject: `deposit:${after.id}`,
        before,
        after,
        detail: { reason: request.body.reason },
      };
      return ok(after);
    },
  });
}
