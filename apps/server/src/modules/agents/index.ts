import { minorToMajor } from '@banca/contracts';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import './events';
import { agentsAdminRoutes } from './admin-routes';
import { createReportsRepository } from './reports-repository';
import { createTreeRepository } from './repository';
import { agentsRoutes } from './routes';
import { createAgentsService, type AgentsService } from './service';
import { adminContractRoutes, contractRoutes, type ContractsService } from './contracts';
import {
  adminSettlementRoutes,
  createContractServices,
  defineSettlementJobs,
  settlementRoutes,
  type SettlementService,
} from './settlement';

export type { AgentsService } from './service';
export { MAX_TEAM_IDS } from './service';
export { MIN_AGENT_TRANSFER_MINOR, MAX_AGENT_TRANSFER_MINOR } from './transfers';
export { ROLLUP_LAG_MS } from './rollup';

declare module '../manifest' {
  interface ServiceRegistry {
    agents: AgentsService;
    /** Contracts between uplines and direct downlines (contracts/). */
    agentContracts: ContractsService;
    /** Their settlement jobs, records and income (settlement/). */
    agentSettlement: SettlementService;
  }
}

/**
 * agents: the downline tree (a closure table), the agent centre's reports, registration of a
 * direct downline, transfers between an agent and its downline, affiliate applications; and,
 * from `contracts/` and `settlement/`, the salary and dividend contracts and their payouts
 * (docs/agents.md). Owns `agent_tree`, `agent_applications`, `agent_transfers`,
 * `agent_member_days`, `agent_rollup_cursors`, `agent_member_money` (and 0025's contract tables).
 */
export const agentsModule = defineModule({
  name: 'agents',
  requires: ['accounts', 'keys', 'security', 'wallet', 'system', 'members', 'realtime', 'games'],
  provides: ['agents', 'agentContracts', 'agentSettlement'],
  create: ({ db }, { accounts, security, wallet, system, games }) => ({
    ...createContractServices({
      db,
      wallet,
      brandByCode: (code) => system.brandByCode(code),
      isDirectDownline: (uplineId, downlineId) =>
        createTreeRepository(db)
          .depthBetween(uplineId, downlineId)
          .then((depth) => depth === 1),
      member: async (id) => {
        const row = await accounts.findById(id);
        return row
          ? { username: row.username, type: row.type, merchantCode: row.merchant_code }
          : null;
      },
    }),
    agents: createAgentsService({
      db,
      tree: createTreeRepository(db),
      reports: createReportsRepository(db),
      accounts,
      wallet,
      security,
      brandByCode: (merchantCode) => system.brandByCode(merchantCode),
      games,
    }),
  }),
  routes: {
    player: (scope, services) => {
      agentsRoutes(scope, services);
      contractRoutes(scope, { contracts: services.agentContracts, wallet: services.wallet });
      settlementRoutes(scope, services.agentSettlement);
    },
    operator: (scope, services) => {
      agentsAdminRoutes(scope, services);
      adminContractRoutes(scope, { contracts: services.agentContracts, wallet: services.wallet });
      adminSettlementRoutes(scope, services.agentSettlement);
    },
  },
  handlers: (bus, { agents, realtime, accounts }) => {
    // A member registered with an agent's affiliate code (or by its register centre) joins
    // that agent's team; everyone else is in no tree until they become an agent.
    bus.on('member.registered', 'agents.place-in-tree', async ({ payload, createdAt }) => {
      if (payload.uplineMemberId === null) return;
      await agents.placeMember({
        memberId: payload.memberId,
        uplineId: payload.uplineMemberId,
        merchantCode: payload.merchantCode,
        joinedAt: createdAt,
      });
    });
    bus.on('deposit.credited', 'agents.team-deposit', async ({ payload: p }) => {
      await agents.recordMoney({
        merchantCode: p.merchantCode,
        memberId: p.memberId,
        kind: 'deposit',
        amountMinor: p.amountMinor,
        currency: p.currency,
        sourceKey: `deposit:${p.depositId}`,
        at: new Date(p.creditedAt),
      });
    });
    bus.on('withdrawal.paid', 'agents.team-withdrawal', async ({ payload: p, createdAt }) => {
      await agents.recordMoney({
        merchantCode: p.merchantCode,
        memberId: p.memberId,
        kind: 'withdrawal',
        amountMinor: p.amountMinor,
        currency: p.currency,
        sourceKey: `withdrawal:${p.withdrawalId}`,
        at: createdAt,
      });
    });
    // The receiver sees the money arrive (facts.md §1: {amount, time, sender, receiver}).
    bus.on('agent.transferred', 'agents.transfer-notice', async ({ payload: p }) => {
      const [sender, receiver] = await accounts
        .byIds([p.fromMemberId, p.toMemberId])
        .then((rows) =>
          [p.fromMemberId, p.toMemberId].map((id) => rows.find((row) => row.id === id)),
        );
      await realtime.push(
        { memberId: p.toMemberId, merchantCode: p.merchantCode },
        p.direction === 'to_downline'
          ? 'AGENT_TRANSFER_AGENT_TO_DOWNLINE'
          : 'AGENT_TRANSFER_DOWNLINE_TO_AGENT',
        {
          transferId: p.transferId,
          amount: minorToMajor(p.amountMinor),
          amountMinor: p.amountMinor,
          currency: p.currency,
          time: p.at,
          sender: sender?.username ?? '',
          receiver: receiver?.username ?? '',
        },
        `agent.transferred:${p.transferId}`,
      );
    });
  },
  jobs: (runner, { agents, agentSettlement }) => {
    defineSettlementJobs(runner, agentSettlement);
    runner.define({
      name: 'agents.rollup-bets',
      every: 'minute',
      run: async (_period, ctx) => {
        await agents.rollup.rollUp(ctx.now);
      },
    });
    runner.define({
      name: 'agents.backfill-tree',
      every: 'day',
      run: async () => {
        await agents.backfillTree();
      },
    });
  },
});
