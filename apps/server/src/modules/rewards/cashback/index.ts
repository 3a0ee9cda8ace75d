import type { Db } from '../../../db/connect';
import type { JobRunner } from '../../../lib/jobs';
import type { GamesService } from '../../games';
import type { SystemService } from '../../system';
import type { WalletService } from '../../wallet';
import { createCashbackRepository } from './repository';
import { createCashbackService, type CashbackService } from './service';

export type { CashbackRateSource, CashbackService, CashbackSettings } from './service';
export { ratesFromMemberLookup } from './service';
export { rebateRoutes } from './routes';

/** The cashback part of the rewards module (docs/bonus.md "Cashback"). */
export function createCashbackPart(deps: {
  db: Db;
  wallet: WalletService;
  system: SystemService;
  games: GamesService;
}): CashbackService {
  return createCashbackService({
    db: deps.db,
    repo: createCashbackRepository(deps.db),
    wallet: deps.wallet,
    system: deps.system,
    games: deps.games,
  });
}

/**
 * Each hour's run claims its period and pays the cashback periods (day, week or month) that
 * ended at the midnight of the brands whose midnight fell in it. The runner creates the runs of
 * the last 48 hours when instances were down; a run after a longer stop also pays every period
 * that ended since the last hour a run handled (at most 60 days back: service.ts
 * `CASHBACK_CATCH_UP_DAYS`), each once. The name is older than weeks and months.
 */
export function cashbackJobs(runner: JobRunner, cashback: () => CashbackService): void {
  runner.define({
    name: 'rewards.cashback-days',
    every: 'hour',
    catchUpPeriods: 48,
    run: async (period) => {
      await cashback().settlePeriods(period);
    },
  });
}
