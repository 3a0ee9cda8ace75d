import type { Db } from '../../../db/connect';
import type { EventBus } from '../../../lib/events';
import type { JobRunner } from '../../../lib/jobs';
import type { Accounts } from '../../auth';
import type { GamesService } from '../../games';
import type { RealtimeService } from '../../realtime';
import type { SystemService } from '../../system';
import type { DomainEvents } from '../../../lib/events';
import type { RewardIssuers } from '../seam';
import './errors';
import { createMissionsRepository } from './repository';
import { createMissionsService, type MissionsService, type SettledRoundsEvent } from './service';
import './tables';

export { missionAdminRoutes, missionRoutes } from './routes';
export { maskName, type MissionsService, type SettledRoundsEvent } from './service';

/** The missions part of the rewards module (docs/missions.md). */
export function createMissionsPart(deps: {
  db: Db;
  system: SystemService;
  games: GamesService;
  accounts: Accounts;
  issuers: RewardIssuers;
  realtime: Pick<RealtimeService, 'pushMany'>;
}): MissionsService {
  return createMissionsService({ ...deps, repo: createMissionsRepository(deps.db) });
}

/**
 * What the referral part does with the same facts (referral/service.ts), by shape: the
 * referral part uses missions, so missions do not import it back.
 */
export type ReferralReactions = {
  onRoundsSettled(events: readonly SettledRoundsEvent[]): Promise<void>;
  onDepositCredited(p: DomainEvents['deposit.credited']): Promise<void>;
  onRegistered(p: DomainEvents['member.registered'], at: Date): Promise<void>;
  recover(): Promise<number>;
};

/**
 * The facts missions and referrals count (settled rounds: rewards/settled-rounds.ts). Deposits
 * take one handler for both parts: every handler of an event is a delivery row written and
 * updated per event. Referral first, so a friend it qualifies counts toward the referrer's
 * invite missions in the same delivery.
 */
export function missionHandlers(
  bus: EventBus,
  missions: () => MissionsService,
  referral: () => ReferralReactions,
): void {
  bus.on('deposit.credited', 'rewards.mission-deposit', async ({ payload }) => {
    await referral().onDepositCredited(payload);
    await missions().onDepositCredited(payload);
  });
  bus.on('member.registered', 'rewards.referral-registration', async ({ payload, createdAt }) => {
    await referral().onRegistered(payload, createdAt);
  });
  bus.on('member.logged-in', 'rewards.mission-login', async ({ payload }) => {
    await missions().onLoggedIn(payload);
  });
}

/**
 * Claims and referral rewards an instance left midway, and claimable missions nobody pushed yet
 * (MISSION); each minute's run claims its period.
 */
export function missionJobs(
  runner: JobRunner,
  missions: () => MissionsService,
  referral: () => ReferralReactions,
): void {
  runner.define({
    name: 'rewards.missions-finish',
    every: 'minute',
    run: async () => {
      await missions().recover();
      await referral().recover();
      await missions().notifyClaimable(null);
    },
  });
}
