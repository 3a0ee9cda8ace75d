import type { Db } from '../../../db/connect';
import type { JobRunner } from '../../../lib/jobs';
import type { GamesService } from '../../games';
import type { WithdrawalsService } from '../../payments';
import type { SystemService } from '../../system';
import type { WalletService } from '../../wallet';
import './errors';
import { createBetOrder } from './bet-order';
import { createBetOrderRepository } from './bet-order-repository';
import { createLateShares } from './late-shares';
import { createLateSharesRepository } from './late-shares-repository';
import { createBonusRepository } from './repository';
import type { BonusService } from './service';
import { createBonusService } from './service';

export { bonusRoutes } from './routes';
export type { BonusService } from './service';
export type { BetOrderPart } from './bet-order';

/**
 * The bonus wallet part of the rewards module (docs/bonus.md): its service, connected to
 * payments' withdrawal check (an open requirement answers the turnover code), and its bet
 * order, connected to the wallet's bet path (which wallet a bet uses).
 */
export function createBonusPart(deps: {
  db: Db;
  wallet: WalletService;
  system: SystemService;
  games: GamesService;
  withdrawals: WithdrawalsService;
}): BonusService {
  const betOrderRepo = createBetOrderRepository(deps.db);
  const betOrder = createBetOrder({
    repo: betOrderRepo,
    wallet: deps.wallet,
    system: deps.system,
    games: deps.games,
  });
  const bonus = createBonusService({
    db: deps.db,
    repo: createBonusRepository(deps.db),
    wallet: deps.wallet,
    system: deps.system,
    games: deps.games,
    betOrder,
    lateShares: createLateShares({
      db: deps.db,
      repo: createLateSharesRepository(deps.db),
      wallet: deps.wallet,
      othersOpen: (memberId, currency, grantId) =>
        betOrderRepo.othersOpen(memberId, currency, grantId),
      bonusFirst: async (merchantCode) =>
        (await betOrder.settings(merchantCode)).betOrder === 'bonus_first',
      now: () => new Date(),
    }),
  });
  deps.withdrawals.connectWagering({ openRequirement: (member) => bonus.openRequirement(member) });
  deps.wallet.connectBonusFunding(betOrder.funding);
  return bonus;
}

/** Each minute's run claims its period; closes are keyed by grant, so a re-run moves nothing twice. */
export function bonusJobs(runner: JobRunner, bonus: () => BonusService): void {
  runner.define({
    name: 'rewards.bonus-expiry',
    every: 'minute',
    run: async (period) => {
      await bonus().expireDue(period.endUtc);
    },
  });
}
