import type { Db } from '../../../db/connect';
import type { JobRunner } from '../../../lib/jobs';
import type { Brand } from '../../system';
import type { WalletService } from '../../wallet';
import {
  createContractsRepository,
  createContractsService,
  type ContractsService,
} from '../contracts';
import { createSettlementRepository } from './repository';
import { createSettlementService, type SettlementService } from './service';

export { settlementRoutes, adminSettlementRoutes } from './routes';
export { SETTLE_GRACE_MS, type SettlementService } from './service';

/**
 * The contracts and their settlement, as the agents module's manifest wires them: two services
 * built from the module's database and the services of wallet, system and auth's accounts.
 */
export function createContractServices(deps: {
  db: Db;
  wallet: Pick<WalletService, 'memberAccount' | 'houseAccount'>;
  brandByCode(merchantCode: string): Promise<Brand | null>;
  isDirectDownline(uplineId: number, downlineId: number): Promise<boolean>;
  member(id: number): Promise<{ username: string; type: number; merchantCode: string } | null>;
  now?: () => number;
}): { agentContracts: ContractsService; agentSettlement: SettlementService } {
  const contracts = createContractsService({
    db: deps.db,
    repo: createContractsRepository(deps.db),
    isDirectDownline: deps.isDirectDownline,
    member: deps.member,
  });
  const settlement = createSettlementService({
    db: deps.db,
    repo: createSettlementRepository(deps.db),
    wallet: deps.wallet,
    brandByCode: deps.brandByCode,
    accountNames: contracts.accountNames,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return { agentContracts: contracts, agentSettlement: settlement };
}

/** Job names, for `app.jobs.runNow` in tests and the console. */
export const SETTLEMENT_JOBS = {
  realtime: 'agents.realtime-salary',
  hourly: 'agents.hourly-salary',
  days: 'agents.daily-settlements',
  retryUnpaid: 'agents.retry-unpaid',
} as const;

/**
 * The settlement jobs (docs/agents.md "Settlement"). Periods are cut in UTC: 5- and 30-minute
 * windows and whole hours are the same instants in every zone of whole-hour offset, and the
 * daily job looks at each brand's own midnight. Catch-up after an outage: a day of real-time
 * windows, two days of half hours and of hours.
 */
export function defineSettlementJobs(runner: JobRunner, settlement: SettlementService): void {
  runner.define({
    name: SETTLEMENT_JOBS.realtime,
    every: '5 minutes',
    catchUpPeriods: 288,
    run: async (period) => {
      await settlement.settleRealtime(period);
    },
  });
  runner.define({
    name: SETTLEMENT_JOBS.hourly,
    every: '30 minutes',
    catchUpPeriods: 96,
    run: async (period) => {
      await settlement.settleHourly(period);
    },
  });
  runner.define({
    name: SETTLEMENT_JOBS.days,
    every: 'hour',
    catchUpPeriods: 48,
    run: async (period) => {
      await settlement.settleDays(period);
    },
  });
  // Wages an upline could not pay when they were due, paid once it can.
  runner.define({
    name: SETTLEMENT_JOBS.retryUnpaid,
    every: '5 minutes',
    run: async () => {
      await settlement.retryUnpaid();
    },
  });
}
