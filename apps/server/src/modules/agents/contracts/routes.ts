import {
  AGENT_CONTRACT_ADMIN_ROUTES as adminRoutes,
  AGENT_CONTRACT_ROUTES as routes,
  ROUTES,
} from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../http/errors';
import { operatorRouteOptions, routeOptions } from '../../../http/route-options';
import type { MemberRef, WalletService } from '../../wallet';
import type { Caller, ContractsService } from './service';

export type ContractRouteServices = {
  contracts: ContractsService;
  wallet: Pick<WalletService, 'balances'>;
};

function callerOf(request: FastifyRequest): Caller {
  return { memberId: sessionOf(request).memberId, merchantCode: request.brand.merchantCode };
}

/** Pages of the agent centre are for agents (spec §2: others are sent to /agent). */
function agentOf(request: FastifyRequest): Caller {
  if (!sessionOf(request).isAgent) throw new AppError('agent_only');
  return callerOf(request);
}

/**
 * The contracts' player routes (docs/agents.md "Contracts"): an agent's offers and records, a
 * downline's answers through the original's relay calls, and the consolidated funds call that
 * tells the login popup which kinds wait for an answer.
 */
export function contractRoutes(app: FastifyInstance, services: ContractRouteServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contracts } = services;
  const tags = ['agents'];
  const member = { auth: 'required', allowTrial: false } as const;

  r.route({
    ...routeOptions(routes.list, { tags, summary: 'Contracts the agent offered or received' }),
    config: member,
    handler: async (request) => ok({ list: await contracts.list(agentOf(request), request.query) }),
  });
  r.route({
    ...routeOptions(routes.offer, {
      tags,
      summary: 'Offer a direct downline a dividend, daily, hourly or real-time salary contract',
    }),
    config: member,
    handler: async (request) =>
      ok(await contracts.offer(agentOf(request), request.brand, request.body)),
  });
  r.route({
    ...routeOptions(routes.pending, { tags, summary: 'Offers waiting for the member’s answer' }),
    config: member,
    handler: async (request) =>
      ok({ list: await contracts.pending(callerOf(request), request.brand) }),
  });
  r.route({
    ...routeOptions(routes.preview, {
      tags,
      summary: 'An offer and the contracts with the member’s downlines that accepting would end',
    }),
    config: member,
    handler: async (request) => ok(await contracts.preview(callerOf(request), request.params.id)),
  });
  r.route({
    ...routeOptions(routes.withdraw, { tags, summary: 'Withdraw an offer not yet answered' }),
    config: member,
    handler: async (request) => ok(await contracts.withdraw(agentOf(request), request.params.id)),
  });
  r.route({
    ...routeOptions(routes.processDividend, {
      tags,
      summary: 'Answer a dividend contract: A accept, R reject, C terminate',
    }),
    config: member,
    handler: async (request) => {
      const b = request.body;
      return ok(
        await contracts.answer(
          callerOf(request),
          request.brand,
          { dividendPeriod: b.computationPeriod, productType: b.productType },
          b.status,
          b.confirmEndDownline,
        ),
      );
    },
  });
  r.route({
    ...routeOptions(routes.processDailySalary, {
      tags,
      summary: 'Answer a daily salary contract: A accept, R reject, C terminate',
    }),
    config: member,
    handler: async (request) =>
      ok(
        await contracts.answer(
          callerOf(request),
          request.brand,
          { id: request.body.id },
          request.body.status,
          request.body.confirmEndDownline,
        ),
      ),
  });
  for (const [descriptor, summary] of [
    [
      routes.processHourlySalary,
      'Answer an hourly salary contract: A accept, R reject, C terminate',
    ],
    [
      routes.processRealtimeSalary,
      'Answer a real-time salary contract: A accept, R reject, C terminate',
    ],
  ] as const)
    r.route({
      ...routeOptions(descriptor, { tags, summary }),
      config: member,
      handler: async (request) =>
        ok(
          await contracts.answer(
            callerOf(request),
            request.brand,
            { id: request.body.contractId },
            request.body.status,
            request.body.confirmEndDownline,
          ),
        ),
    });
  r.route({
    ...routeOptions(ROUTES.wallet.consolidatedFunds, {
      tags,
      summary: 'Balances and the kinds of contract offers waiting for an answer (agent policy)',
    }),
    config: member,
    handler: async (request) => {
      if (!request.brand.settings.siteFlags.AGENTPOLICY3) throw new AppError('feature_disabled');
      const caller = callerOf(request);
      const ref: MemberRef = { ...caller, currency: request.brand.currency };
      const [balances, waiting] = await Promise.all([
        services.wallet.balances(ref, request.brand),
        contracts.pending(caller, request.brand),
      ]);
      // The original's flags: the kind of request waiting (a new contract), or null.
      const flag = (kind: string) => (waiting.some((c) => c.kind === kind) ? 'NEW' : null);
      return ok({
        balances,
        dailysalreqtype: flag('daily'),
        divtypereq: flag('dividend'),
        contracthoursalreqh: flag('hourly'),
        realtimesalreqtype: flag('realtime'),
      });
    },
  });
}

/** Who may read the desk, and who may give house contracts or end contracts. */
const READ = ['owner', 'finance', 'risk', 'support'] as const;
const CHANGE = ['owner', 'finance'] as const;

/** The console's contract desk: contracts of any agent, house contracts, settlement runs. */
export function adminContractRoutes(app: FastifyInstance, services: ContractRouteServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contracts } = services;
  const tags = ['admin', 'agents'];
  r.route({
    ...operatorRouteOptions(adminRoutes.contracts, {
      tags,
      summary: 'Agent contracts, newest first',
    }),
    config: { roles: READ },
    handler: async (request) => ok(await contracts.adminPage(request.query)),
  });
  r.route({
    ...operatorRouteOptions(adminRoutes.override, {
      tags,
      summary: 'A contract the house pays an agent, in force at once (replaces its current one)',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const { reason, ...offer } = request.body;
      const created = await contracts.houseContract(offer, `staff:${request.staff!.staffId}`);
      request.audit = {
        action: 'agents.contract.house',
        subject: `agent-contract:${created.id}`,
        after: created,
        detail: { reason },
      };
      return ok(created);
    },
  });
  r.route({
    ...operatorRouteOptions(adminRoutes.terminate, { tags, summary: 'End a contract in force' }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const ended = await contracts.terminateByOperator(request.params.id);
      request.audit = {
        action: 'agents.contract.terminate',
        subject: `agent-contract:${ended.id}`,
        after: ended,
        detail: { reason: request.body.reason },
      };
      return ok(ended);
    },
  });
}
