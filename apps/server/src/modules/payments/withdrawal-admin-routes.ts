import { ADMIN_ROUTES, type AdminWithdrawal } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { operatorRouteOptions } from '../../http/route-options';
import type { AuditNote } from '../../http/scopes';
import type { WithdrawalsService } from './withdrawals';

/** Who may run the cashier's withdrawals queue. */
const CASHIER_ROLES = ['finance', 'owner'] as const;

/**
 * The cashier's withdrawals queue (`/admin/api/payments/withdrawals`): list, look, see a proof,
 * approve (payout through the provider) or reject with a reason (funds returned). The operator
 * scope checks the staff session and the roles, and audits every successful change.
 */
export function withdrawalAdminRoutes(app: FastifyInstance, withdrawals: WithdrawalsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operator: payments'];
  const routes = ADMIN_ROUTES.withdrawals;
  const staffName = (staffId: number | undefined) => `staff:${staffId ?? 0}`;

  r.route({
    ...operatorRouteOptions(routes.queue, {
      tags,
      summary: 'Withdrawals queue: by status, brand and member, sorted and paged',
    }),
    config: { roles: CASHIER_ROLES },
    handler: async (request) => ok(await withdrawals.queue(request.query)),
  });

  r.route({
    ...operatorRouteOptions(routes.one, { tags, summary: 'One withdrawal with its proofs' }),
    config: { roles: CASHIER_ROLES },
    handler: async (request) => ok(await withdrawals.adminOne(request.params.id)),
  });

  r.route({
    ...operatorRouteOptions(routes.proof, {
      tags,
      summary: 'A proof image the member sent with "not received"',
    }),
    config: { roles: CASHIER_ROLES },
    handler: async (request, reply) => {
      const file = await withdrawals.proofOf(request.params.id, request.params.proofId);
      return reply
        .type(file.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  });

  /** The audit's before/after of a cashier action: what changed on the withdrawal. */
  const auditState = (w: AdminWithdrawal) => ({
    status: w.status,
    payoutAttempts: w.payoutAttempts,
    refundMinor: w.refundMinor,
  });

  /**
   * A cashier's change of one withdrawal (approve, reject, the dispute and payout actions): the
   * withdrawal as it was, the change made by the signed-in operator, and the audit entry of the
   * two (recorded by the operator scope once the change succeeded).
   */
  async function change(
    request: FastifyRequest,
    id: number,
    action: `withdrawal.${string}`,
    run: (id: number, staff: string) => Promise<AdminWithdrawal>,
    entry: (
      before: AdminWithdrawal,
      after: AdminWithdrawal,
    ) => Required<Pick<AuditNote, 'before' | 'after' | 'detail'>>,
  ) {
    const before = await withdrawals.adminOne(id);
    const after = await run(id, staffName(request.staff?.staffId));
    request.audit = { action, subject: `withdrawal:${after.id}`, ...entry(before, after) };
    return ok(after);
  }

  r.route({
    ...operatorRouteOptions(routes.approve, {
      tags,
      summary:
        'Approve: the payout goes to the provider, keyed by the withdrawal (of two operators at once, one wins)',
    }),
    config: { roles: CASHIER_ROLES },
    handler: (request) =>
      change(
        request,
        request.params.id,
        'withdrawal.approve',
        (id, staff) => withdrawals.approve(id, staff),
        (before, after) => ({
          before: { status: before.status },
          after: { status: after.status, payoutAttempts: after.payoutAttempts },
          detail: { memberId: after.memberId, amountMinor: after.amountMinor },
        }),
      ),
  });

  r.route({
    ...operatorRouteOptions(routes.refundDispute, {
      tags,
      summary:
        'Settle a dispute with a refund: the missing amount from the provider’s clearing account back to the member, once (of two operators, one wins)',
    }),
    config: { roles: CASHIER_ROLES },
    handler: (request) =>
      change(
        request,
        request.params.id,
        'withdrawal.dispute_refund',
        (id, staff) => withdrawals.refundDispute(id, staff, request.body.reason),
        (before, after) => ({
          before: auditState(before),
          after: auditState(after),
          detail: {
            memberId: after.memberId,
            refundMinor: after.refundMinor,
            from: `payment_clearing:${before.merchantCode}`,
            ledgerKey: `withdrawal-refund:${after.id}`,
            answer: before.confirmation,
            reason: request.body.reason,
          },
        }),
      ),
  });

  r.route({
    ...operatorRouteOptions(routes.closeDispute, {
      tags,
      summary: 'Close a dispute without a refund, with the reason the member reads',
    }),
    config: { roles: CASHIER_ROLES },
    handler: (request) =>
      change(
        request,
        request.params.id,
        'withdrawal.dispute_close',
        (id, staff) => withdrawals.closeDispute(id, staff, request.body.reason),
        (before, after) => ({
          before: auditState(before),
          after: auditState(after),
          detail: {
            memberId: after.memberId,
            answer: before.confirmation,
            reason: request.body.reason,
          },
        }),
      ),
  });

  r.route({
    ...operatorRouteOptions(routes.retryPayout, {
      tags,
      summary:
        'Retry a payout the job gave up on: the provider is asked by the same payout id first, and sent it again only if it never got it',
    }),
    config: { roles: CASHIER_ROLES },
    handler: (request) =>
      change(
        request,
        request.params.id,
        'withdrawal.payout_retry',
        (id) => withdrawals.retryPayout(id),
        (before, after) => ({
          before: { ...auditState(before), payoutError: before.payoutError },
          after: { ...auditState(after), payoutError: after.payoutError },
          detail: { memberId: after.memberId, amountMinor: after.amountMinor },
        }),
      ),
  });

  r.route({
    ...operatorRouteOptions(routes.failPayout, {
      tags,
      summary:
        'Close a payout the job gave up on as failed (only if the provider never paid it): the locked amount goes back',
    }),
    config: { roles: CASHIER_ROLES },
    handler: (request) =>
      change(
        request,
        request.params.id,
        'withdrawal.payout_fail',
        (id, staff) => withdrawals.failPayout(id, staff, request.body.reason),
        (before, after) => ({
          before: { ...auditState(before), payoutError: before.payoutError },
          after: auditState(after),
          detail: {
            memberId: after.memberId,
            amountMinor: after.amountMinor,
            ledgerKey: `withdrawal-return:${after.id}`,
            reason: request.body.reason,
          },
        }),
      ),
  });

  r.route({
    ...operatorRouteOptions(routes.reject, {
      tags,
      summary: 'Reject with a reason: the locked amount goes back to the member',
    }),
    config: { roles: CASHIER_ROLES },
    handler: (request) =>
      change(
        request,
        request.params.id,
        'withdrawal.reject',
        (id, staff) => withdrawals.reject(id, staff, request.body.reason),
        (before, after) => ({
          before: { status: before.status },
          after: { status: after.status },
          detail: {
            memberId: after.memberId,
            amountMinor: after.amountMinor,
            reason: request.body.reason,
          },
        }),
      ),
  });
}
