import { ADMIN_ROUTES } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { operatorRouteOptions } from '../../http/route-options';
import { MEMBER_SEARCH_SORTS, type MemberSearchSort } from '../auth';
import type { BackofficeService } from './service';

/** Who may do what on the member desks (docs/admin-console.md "Roles"). */
const LOOKUP = ['owner', 'support', 'finance', 'risk'] as const;
const ADJUST = ['owner', 'finance'] as const;
const STATUS = ['owner', 'support', 'risk'] as const;
const OUTBOX = ['owner', 'support'] as const;

function staffIdOf(request: FastifyRequest): number {
  if (!request.staff) throw new AppError('staff_login_required');
  return request.staff.staffId;
}

function sortOf<S extends string>(allowed: readonly S[], sort: string | undefined, fallback: S): S {
  if (sort === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(sort))
    throw new AppError('validation_failed', { params: { detail: `sort: ${allowed.join(', ')}` } });
  return sort as S;
}

/** The member desks' routes in the operator scope. */
export function backofficeRoutes(app: FastifyInstance, backoffice: BackofficeService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const routes = ADMIN_ROUTES.backoffice;

  r.route({
    ...operatorRouteOptions(routes.members, {
      tags,
      summary: 'Find members by username, id, mobile or e-mail',
    }),
    config: { roles: LOOKUP },
    handler: async (request) => {
      const q = request.query;
      return ok(
        await backoffice.searchMembers({
          q: q.q,
          status: q.status,
          sort: sortOf<MemberSearchSort>(MEMBER_SEARCH_SORTS, q.sort, 'id'),
          order: q.order,
          page: q.page,
          pageSize: q.pageSize,
        }),
      );
    },
  });

  r.route({
    ...operatorRouteOptions(routes.member, {
      tags,
      summary: 'A member: status and the balance of every wallet',
    }),
    config: { roles: LOOKUP },
    handler: async (request) => ok(await backoffice.member(request.params.id)),
  });

  r.route({
    ...operatorRouteOptions(routes.memberLedger, {
      tags,
      summary: 'A member’s ledger history (every wallet), newest first',
    }),
    config: { roles: LOOKUP },
    handler: async (request) =>
      ok(
        await backoffice.ledger(request.params.id, {
          page: request.query.page,
          pageSize: request.query.pageSize,
          type: request.query.type,
        }),
      ),
  });

  r.route({
    ...operatorRouteOptions(routes.adjust, {
      tags,
      summary:
        'Credit or debit a member’s main wallet through the ledger, with a reason (once per key)',
    }),
    config: { roles: ADJUST },
    handler: async (request) => {
      const id = request.params.id;
      const result = await backoffice.adjust(id, request.body, staffIdOf(request));
      request.audit = {
        action: 'member.adjust',
        subject: `member:${id}`,
        before: { mainMinor: result.beforeMinor },
        after: { mainMinor: result.afterMinor },
        detail: {
          amountMinor: result.amountMinor,
          reason: request.body.reason,
          operationId: result.operationId,
          replayed: result.replayed,
        },
      };
      return ok({
        operationId: result.operationId,
        replayed: result.replayed,
        beforeMinor: result.beforeMinor,
        afterMinor: result.afterMinor,
      });
    },
  });

  r.route({
    ...operatorRouteOptions(routes.memberStatus, {
      tags,
      summary: 'Lock (ends the member’s sessions) or unlock a member, with a reason',
    }),
    config: { roles: STATUS },
    handler: async (request) => {
      const id = request.params.id;
      const { before, after } = await backoffice.setStatus(id, request.body.status);
      request.audit = {
        action: request.body.status === 'locked' ? 'member.lock' : 'member.unlock',
        subject: `member:${id}`,
        before: { status: before },
        after: { status: after.status },
        detail: { reason: request.body.reason },
      };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.outbox, {
      tags,
      summary: 'What the development SMS and e-mail adapters sent, newest first',
    }),
    config: { roles: OUTBOX },
    handler: async (request) => {
      const q = request.query;
      sortOf(['id'], q.sort, 'id');
      return ok(
        await backoffice.outboxMessages({
          channel: q.channel,
          destination: q.destination,
          order: q.order,
          page: q.page,
          pageSize: q.pageSize,
        }),
      );
    },
  });
}
