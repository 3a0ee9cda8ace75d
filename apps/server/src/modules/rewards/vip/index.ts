import type { Db } from '../../../db/connect';
import type { EventBus } from '../../../lib/events';
import type { JobRunner } from '../../../lib/jobs';
import type { MessagesService } from '../../messages';
import type { RealtimeService } from '../../realtime';
import type { SystemService } from '../../system';
import type { WalletService } from '../../wallet';
import { createVipRepository } from './repository';
import { createVipService, type VipService } from './service';

export type { VipService } from './service';
export { LOYALTY_EDIT, LOYALTY_READ, vipAdminRoutes, vipRoutes } from './routes';

/** The VIP part of the rewards module (docs/loyalty.md "VIP"). */
export function createVipPart(deps: {
  db: Db;
  wallet: WalletService;
  system: SystemService;
  messages: MessagesService;
  realtime: RealtimeService;
}): VipService {
  return createVipService({ ...deps, repo: createVipRepository(deps.db) });
}

/**
 * Credited deposits add to the members' days and raise levels at once (one or two statements
 * per batch; settled bets do the same through rewards/settled-rounds.ts); a level change pays
 * level-up rewards, writes the inbox message and pushes VIP_LEVEL.
 */
export function vipHandlers(bus: EventBus, vip: () => VipService): void {
  bus.onBatch('deposit.credited', 'rewards.vip-deposits', async (events) => {
    await vip().onDepositsCredited(events.map((e) => ({ id: e.id, payload: e.payload })));
  });
  bus.onBatch('vip.level-changed', 'rewards.vip-level-changed', async (events) => {
    await vip().onLevelsChanged(events);
  });
}

/** Each hour: every VIP brand recalculated (up and down); at a week's or month's start, its rewards. */
export function vipJobs(runner: JobRunner, vip: () => VipService): void {
  runner.define({
    name: 'rewards.vip-recalculate',
    every: 'hour',
    run: async (period) => {
      await vip().runHourly(period);
    },
  });
}
