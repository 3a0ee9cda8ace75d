import {
  AGENT_CONTRACT_ADMIN_ROUTES as adminRoutes,
  AGENT_CONTRACT_ROUTES as routes,
} from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../http/errors';
import { operatorRouteOptions, routeOptions } from '../../../http/route-options';
import type { SettlementService } from './service';

/** The settlement records and "my income" (agent centre pages; agents only, spec §2). */
export function settlementRoutes(app: FastifyInstance, settlement: SettlementService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['agents'];
  const member = { auth: 'required', allowTrial: false } as const;
  const agentOf = (request: Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    if (!session.isAgent) throw new AppError('agent_only');
    return { memberId: session.memberId };
  };
  r.route({
    ...routeOptions(routes.settlements, {
      tags,
      summary: 'Settlement records of one kind: what the agent received and paid per period',
    }),
    config: member,
    handler: async (request) =>
      ok(await settlement.memberSettlements(agentOf(request), request.brand, request.query)),
  });
  r.route({
    ...routeOptions(routes.income, {
      tags,
      summary: 'My income: received and paid per contract kind and day',
    }),
    config: member,
    handler: async (request) =>
      ok(await settlement.income(agentOf(request), request.brand, request.query)),
  });
}

/** The console's settlement runs with their totals. */
export function adminSettlementRoutes(app: FastifyInstance, settlement: SettlementService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...operatorRouteOptions(adminRoutes.runs, {
      tags: ['admin', 'agents'],
      summary: 'Settlement runs per kind, brand and period with their totals',
    }),
    config: { roles: ['owner', 'finance', 'risk', 'support'] },
    handler: async (request) => ok(await settlement.runs(request.query)),
  });
}
