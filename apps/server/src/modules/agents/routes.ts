import { AGENT_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientOf, sessionOf } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { RATE_LIMITS } from '../../http/rate-limits';
import { routeOptions } from '../../http/route-options';
import type { ServiceRegistry } from '../manifest';

/** The signed-in member, as the ledger names it, and whether it is an agent. */
function memberOf(request: FastifyRequest) {
  const session = sessionOf(request);
  return {
    memberId: session.memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
    isAgent: session.isAgent,
  };
}

/** The agent centre's pages are for agents only (docs/product.md §2): `agent_only` otherwise. */
function agentOf(request: FastifyRequest): number {
  const session = sessionOf(request);
  if (!session.isAgent) throw new AppError('agent_only');
  return session.memberId;
}

/**
 * The agent centre's player routes (`/wps/agent/...`, docs/agents.md). Contracts and
 * settlement add theirs from `contracts/` and `settlement/` in the manifest.
 */
export function agentsRoutes(app: FastifyInstance, services: ServiceRegistry): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { agents, members, keys } = services;
  const tags = ['agents'];
  const member = { auth: 'required' } as const;

  r.route({
    ...routeOptions(routes.overview, {
      tags,
      summary:
        'Team overview of a period: size, new and active members, money in and out, bets, P&L, per day',
    }),
    config: member,
    handler: async (request) =>
      ok(await agents.reports.overview(agentOf(request), request.brand, request.query)),
  });
  r.route({
    ...routeOptions(routes.downlines, {
      tags,
      summary:
        'One level of the team (the direct downline, or a team member’s), each with its figures',
    }),
    config: member,
    handler: async (request) =>
      ok(await agents.reports.downlines(agentOf(request), request.brand, request.query)),
  });
  r.route({
    ...routeOptions(routes.registerDownline, {
      tags,
      summary:
        'registerCenter: a new direct downline account, player or agent (encrypted: its password)',
    }),
    // Each call creates an account: as many from one address as registration allows.
    config: { ...member, rateLimit: RATE_LIMITS.register },
    handler: async (request) => {
      // The form first (a bad field is named whoever sends it), then who may send it.
      const input = await keys.open(request, request.body, routes.registerDownline.body);
      const agentId = agentOf(request);
      const row = await members.registerDownline(
        request.brand,
        agentId,
        { username: input.username, password: input.password, isAgent: input.kind === 'agent' },
        clientOf(request),
        request.language,
      );
      // In the tree before the answer: the team pages show it at once (the event's handler
      // finds it placed and writes nothing).
      await agents.placeMember({
        memberId: row.id,
        uplineId: agentId,
        merchantCode: row.merchant_code,
        joinedAt: row.created_at,
      });
      return ok({ memberId: row.id, username: row.username, isAgent: input.kind === 'agent' });
    },
  });
  r.route({
    ...routeOptions(routes.teamBets, {
      tags,
      summary: 'Team betting: the team’s bet records of a period',
    }),
    config: member,
    handler: async (request) =>
      ok(
        await agents.reports.teamBets(
          agentOf(request),
          request.brand,
          request.query,
          request.language,
        ),
      ),
  });
  r.route({
    ...routeOptions(routes.userLoss, {
      tags,
      summary: 'User loss: each team member’s result over a period',
    }),
    config: member,
    handler: async (request) =>
      ok(await agents.reports.userLoss(agentOf(request), request.brand, request.query)),
  });
  r.route({
    ...routeOptions(routes.accountDetails, {
      tags,
      summary: 'Account details: the team’s deposits, withdrawals and agent transfers',
    }),
    config: member,
    handler: async (request) =>
      ok(await agents.reports.accountDetails(agentOf(request), request.brand, request.query)),
  });
  r.route({
    ...routeOptions(routes.transferToDownline, {
      tags,
      summary: 'Transfer to a direct downline (encrypted: payment password); once per request key',
    }),
    config: member,
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.transferToDownline.body);
      return ok(
        await agents.transfers.transfer(
          memberOf(request),
          request.brand,
          { ...input, direction: 'to_downline' },
          { ip: request.ip },
        ),
      );
    },
  });
  r.route({
    ...routeOptions(routes.transferToUpline, {
      tags,
      summary:
        'transferUpline: to the member’s upline (encrypted: payment password); once per request key',
    }),
    config: member,
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.transferToUpline.body);
      return ok(
        await agents.transfers.transfer(
          memberOf(request),
          request.brand,
          { ...input, direction: 'to_upline' },
          { ip: request.ip },
        ),
      );
    },
  });
  r.route({
    ...routeOptions(routes.upline, {
      tags,
      summary: 'The member’s upline, balance and transfer limits',
    }),
    config: member,
    handler: async (request) =>
      ok(await agents.transfers.uplineInfo(memberOf(request), request.brand)),
  });
  r.route({
    ...routeOptions(routes.application, {
      tags,
      summary: 'The member’s affiliate application (the latest)',
    }),
    config: member,
    handler: async (request) => ok(await agents.applications.mine(sessionOf(request).memberId)),
  });
  r.route({
    ...routeOptions(routes.apply, {
      tags,
      summary: 'Apply to become an agent (one open application at a time)',
    }),
    config: member,
    handler: async (request) =>
      ok(await agents.applications.apply(memberOf(request), request.body)),
  });
}
