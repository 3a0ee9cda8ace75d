import type { Db } from '../../../db/connect';
import type { JobRunner } from '../../../lib/jobs';
import type { GamesService } from '../../games';
import type { WalletService } from '../../wallet';
import type { BonusService } from '../bonus';
import type { VipService } from '../vip';
import { createPointsRepository } from './repository';
import { createPointsService, type PointsService } from './service';

export type { PointsService } from './service';
export { pointsAdminRoutes, pointsRoutes } from './routes';

/** The points and mall part of the rewards module (docs/loyalty.md "Points", "The mall"). */
export function createPointsPart(deps: {
  db: Db;
  wallet: WalletService;
  games: GamesService;
  bonus: BonusService;
  vip: VipService;
  security: { checkPaymentPassword(memberId: number, ip: string, password: string): Promise<void> };
}): PointsService {
  return createPointsService({
    db: deps.db,
    repo: createPointsRepository(deps.db),
    wallet: deps.wallet,
    games: deps.games,
    bonus: deps.bonus,
    security: deps.security,
    validBetOf: (member, brand) => deps.vip.windowValidBet(member, brand),
  });
}

/**
 * Each minute: points accrued from settled rounds are posted to the members' points wallets,
 * one ledger operation per member (docs/loyalty.md "Points"); decided redeems whose money did
 * not move (the ledger failed after the decision) are posted again with their keys
 * (docs/loyalty.md "The mall").
 */
export function pointsJobs(runner: JobRunner, points: () => PointsService): void {
  runner.define({
    name: 'rewards.points-post',
    every: 'minute',
    run: async () => {
      await points().postAccrued();
    },
  });
  runner.define({
    name: 'rewards.mall-settle',
    every: 'minute',
    run: async () => {
      await points().settleDecided();
    },
  });
}
