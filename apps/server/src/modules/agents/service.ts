import type { Db } from '../../db/connect';
import type { Accounts } from '../auth';
import type { Brand } from '../system';
import { dayInZone, type WalletService } from '../wallet';
import { createApplications } from './applications';
import { createApplicationsRepository } from './applications-repository';
import { createReports, type ReportsDeps } from './reports';
import type { ReportsRepository } from './reports-repository';
import type { TreeRepository } from './repository';
import { createRollup } from './rollup';
import { createTransfers } from './transfers';
import { createTransfersRepository } from './transfers-repository';

/**
 * Most members a caller may ask `teamMemberIds` for: a list for small teams (the console's
 * tree, tests). Team figures of big teams join agent_tree in SQL instead (`teamMember`), which
 * a 100,000-member team needs (docs/agents.md "Team queries").
 */
export const MAX_TEAM_IDS = 10_000;
/** Members placed per backfill batch (members registered before the tree existed). */
const BACKFILL_BATCH = 500;

export interface AgentsServiceDeps {
  db: Db;
  tree: TreeRepository;
  reports: ReportsRepository;
  accounts: Accounts;
  wallet: Pick<WalletService, 'memberAccount' | 'balances' | 'refundedStakes'>;
  security: { checkPaymentPassword(memberId: number, ip: string, password: string): Promise<void> };
  brandByCode: (merchantCode: string) => Promise<Brand | null>;
  games: ReportsDeps['games'];
  now?: () => Date;
}

/** The downline tree's rules and the agent centre's services (docs/agents.md). */
export function createAgentsService(deps: AgentsServiceDeps) {
  const { db, tree, reports, accounts } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Puts a member in the tree under its upline (or as a root), idempotently: the handler of
     * `member.registered`, the register centre and the backfill all call this.
     */
    async placeMember(input: {
      memberId: number;
      uplineId: number | null;
      merchantCode: string;
      joinedAt?: Date;
    }): Promise<void> {
      await db.transaction().execute((trx) => tree.place(trx, input));
    },

    /**
     * Places every member that has an upline (or is an agent) but no tree row yet, in id order
     * so uplines come first: members registered before the tree existed, and a demo database.
     * Idempotent; answers how many it placed.
     */
    async backfillTree(): Promise<number> {
      let placed = 0;
      let afterId = 0;
      for (;;) {
        const batch = await accounts.treeCandidates(afterId, BACKFILL_BATCH);
        if (batch.length === 0) return placed;
        afterId = batch[batch.length - 1]!.id;
        const known = await tree.placedOf(batch.map((member) => member.id));
        for (const member of batch.filter((m) => !known.has(m.id)))
          await db.transaction().execute((trx) =>
            tree.place(trx, {
              memberId: member.id,
              uplineId: member.upline_member_id,
              merchantCode: member.merchant_code,
              joinedAt: member.created_at,
            }),
          );
        placed += batch.length - known.size;
      }
    },

    /** True when `downlineId` is one level under `uplineId`. */
    async isDirectDownline(uplineId: number, downlineId: number): Promise<boolean> {
      return (await tree.depthBetween(uplineId, downlineId)) === 1;
    },

    /** True when `memberId` is anywhere under `agentId` (the agent itself excluded). */
    async isInTeam(agentId: number, memberId: number): Promise<boolean> {
      const depth = await tree.depthBetween(agentId, memberId);
      return depth !== null && depth > 0;
    },

    /** The member's direct upline, or null at the top of a tree or outside any. */
    async uplineOf(memberId: number): Promise<number | null> {
      const [first] = await tree.ancestors(memberId);
      return first?.depth === 1 ? first.memberId : null;
    },

    /** Every upline of the member, nearest first. */
    ancestorsOf(memberId: number): Promise<{ memberId: number; depth: number }[]> {
      return tree.ancestors(memberId);
    },

    /** The agent's team, the agent excluded, up to MAX_TEAM_IDS (see there for big teams). */
    async teamMemberIds(agentId: number): Promise<number[]> {
      const rows = await tree.descendants(agentId, { limit: MAX_TEAM_IDS });
      return rows.map((row) => row.memberId);
    },

    /** The first `limit` of the member's direct downline (the console's tree). */
    directDownline(
      memberId: number,
      limit: number,
    ): Promise<{ memberId: number; depth: number }[]> {
      return tree.descendants(memberId, { maxDepth: 1, limit });
    },

    teamCounts(agentId: number): Promise<{ team: number; direct: number }> {
      return tree.teamCounts(agentId);
    },

    reports: createReports({
      tree,
      reports,
      accounts,
      games: deps.games,
      refundedStakes: (roundIds) => deps.wallet.refundedStakes(roundIds),
      now,
    }),
    transfers: createTransfers({
      db,
      repo: createTransfersRepository(db),
      tree,
      wallet: deps.wallet,
      accounts,
      security: deps.security,
    }),
    applications: createApplications({
      db,
      repo: createApplicationsRepository(db),
      tree,
      accounts,
    }),
    rollup: createRollup({ db, reports, brandByCode: deps.brandByCode }),

    /**
     * A team member's deposit or withdrawal, from payments' events: counted once on the
     * member's brand day. Members outside every tree are nobody's team: skipped.
     */
    async recordMoney(input: {
      merchantCode: string;
      memberId: number;
      kind: 'deposit' | 'withdrawal';
      amountMinor: number;
      currency: string;
      sourceKey: string;
      at: Date;
    }): Promise<void> {
      if ((await tree.depthBetween(input.memberId, input.memberId)) === null) return;
      const brand = await deps.brandByCode(input.merchantCode);
      if (!brand) return;
      await reports.recordMoney({ ...input, day: dayInZone(input.at, brand.timeZone) });
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
