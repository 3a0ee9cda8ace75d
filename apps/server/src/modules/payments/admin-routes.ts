import {
  adminDepositPageSchema,
  adminDepositSchema,
  adminDepositsQuerySchema,
  depositIdParamsSchema,
  rejectDepositRequestSchema,
  successEnvelope,
} from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import type { PaymentsService } from './service';

/** Who may run the cashier's deposits queue. */
const CASHIER_ROLES = ['finance', 'owner'] as const;

/**
 * The operator's deposits queue (`/admin/api/payments/deposits`): list, see a receipt, approve
 * or reject a manual transfer. The operator scope checks the staff session and the roles, and
 * records every successful change in the audit log.
 */
export function adminPaymentRoutes(app: FastifyInstance, payments: PaymentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operator: payments'];
  const staffName = (staffId: number | undefined) => `staff:${staffId ?? 0}`;

  r.get(
    '/payments/deposits',
    {
      schema: {
        tags,
        summary: 'Deposits queue: by method and status, oldest first',
        querystring: adminDepositsQuerySchema,
        response: { 200: successEnvelope(adminDepositPageSchema) },
      },
      config: { roles: CASHIER_ROLES },
    },
    async (request) => ok(await payments.queue(request.query)),
  );

  r.get(
    '/payments/deposits/:id/receipt',
    {
      schema: {
        tags,
        summary: 'The receipt image of a manual transfer',
        params: depositIdParamsSchema,
      },
      config: { roles: CASHIER_ROLES },
    },
    async (request, reply) => {
      const file = await payments.receiptOf(request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  r.post(
    '/payments/deposits/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a manual transfer: the amount is credited through the ledger, once',
        params: depositIdParamsSchema,
        response: { 200: successEnvelope(adminDepositSchema) },
      },
      config: { roles: CASHIER_ROLES },
    },
    async (request) =>
      ok(await payments.approve(request.params.id, staffName(request.staff?.staffId))),
  );

  r.post(
    '/payments/deposits/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a manual transfer with a reason (the member is told the deposit failed)',
        params: depositIdParamsSchema,
        body: rejectDepositRequestSchema,
        response: { 200: successEnvelope(adminDepositSchema) },
      },
      config: { roles: CASHIER_ROLES },
    },
    async (request) =>
      ok(
        await payments.reject(
          request.params.id,
          staffName(request.staff?.staffId),
          request.body.reason,
        ),
      ),
  );
}
