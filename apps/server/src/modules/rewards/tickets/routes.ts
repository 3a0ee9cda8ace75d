import { TICKET_ADMIN_ROUTES as admin, TICKET_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { operatorRouteOptions, routeOptions } from '../../../http/route-options';
import type { MemberRef } from '../../wallet';
import type { TicketsService } from './service';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/**
 * The member's reward tickets (docs/rewards.md "Tickets"): the unused ones with the brand's
 * prize tables, drawing one, and the draws with what verifies them. Real members only (free
 * play never receives a promotion's reward).
 */
export function ticketRoutes(app: FastifyInstance, tickets: TicketsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tickets'];
  const member = { auth: 'required', allowTrial: false } as const;

  r.route({
    ...routeOptions(routes.list, {
      tags,
      summary: 'The member’s unused tickets (kind, expiry, commitment) and the prize tables',
    }),
    config: member,
    handler: async (request) => ok(await tickets.list(memberOf(request), request.language)),
  });
  r.route({
    ...routeOptions(routes.draw, {
      tags,
      summary: 'Open, crack or spin a ticket: the provably fair draw and its prize, paid once',
    }),
    config: member,
    handler: async (request) =>
      ok(
        await tickets.draw(
          memberOf(request),
          request.params.id,
          request.body.clientSeed,
          request.language,
        ),
      ),
  });
  r.route({
    ...routeOptions(routes.draws, {
      tags,
      summary: 'The member’s draws, newest first, with seeds, nonce, roll and table',
    }),
    config: member,
    handler: async (request) => ok(await tickets.draws(memberOf(request), request.language)),
  });
}

/** Who may read the desk, and who may change prize tables (the promotions desk's roles). */
const READ = ['owner', 'content', 'finance', 'risk', 'support'] as const;
const EDIT = ['owner', 'content'] as const;

/** The console's tickets desk: prize tables per kind (audited saves) and the draws report. */
export function ticketAdminRoutes(app: FastifyInstance, tickets: TicketsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'tickets'];

  r.route({
    ...operatorRouteOptions(admin.tables, { tags, summary: 'A brand’s prize table of each kind' }),
    config: { roles: READ },
    handler: async (request) => ok(await tickets.admin.tables(request.query.merchantCode)),
  });
  r.route({
    ...operatorRouteOptions(admin.saveTable, {
      tags,
      summary: 'Replace a brand’s prize table of one ticket kind',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { before, after } = await tickets.admin.saveTable(request.params.kind, request.body);
      request.audit = {
        action: 'reward_ticket.table.save',
        subject: `ticket-table:${request.body.merchantCode}:${request.params.kind}`,
        before,
        after,
      };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(admin.report, {
      tags,
      summary: 'Tickets issued and drawn, and what the draws paid, by kind',
    }),
    config: { roles: READ },
    handler: async (request) => ok(await tickets.admin.report(request.query.merchantCode)),
  });
}
