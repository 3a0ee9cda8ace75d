import { createMemoryFileStorage } from '../../lib/file-storage';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import './events';
import { bonusJobs, bonusRoutes, createBonusPart, type BonusService } from './bonus';
import {
  cashbackJobs,
  createCashbackPart,
  ratesFromMemberLookup,
  rebateRoutes,
  type CashbackService,
} from './cashback';
import { createLedgerIssuers } from './issuers';
import { createRewardsRepository } from './repository';
import { promotionAdminRoutes, promotionRoutes } from './routes';
import { rewardSettingsRoutes } from './settings-routes';
import { settledRoundsHandler } from './settled-rounds';
import type { RewardIssuers } from './seam';
import {
  createTicketsPart,
  ticketAdminRoutes,
  ticketJobs,
  ticketRoutes,
  type TicketsService,
} from './tickets';
import { createRewardsService, type RewardsService } from './service';
import {
  createVipPart,
  vipAdminRoutes,
  vipHandlers,
  vipJobs,
  vipRoutes,
  type VipService,
} from './vip';
import {
  createPointsPart,
  pointsAdminRoutes,
  pointsJobs,
  pointsRoutes,
  type PointsService,
} from './points';
import {
  createMissionsPart,
  missionAdminRoutes,
  missionHandlers,
  missionJobs,
  missionRoutes,
  type MissionsService,
} from './missions';
import {
  createReferralPart,
  referralAdminRoutes,
  referralRoutes,
  type ReferralService,
} from './referral';

export type { RewardsService } from './service';
export type { RewardGrant, RewardIssuer, RewardIssuers, IssuedReward } from './seam';

declare module '../manifest' {
  interface ServiceRegistry {
    /** Promotions: rules, entries, claims, applications, the reward-issuing seam. */
    rewards: RewardsService;
    /** The bonus wallet with wagering (bonus/, docs/bonus.md): grants, progress, conversion, forfeit, expiry. */
    bonus: BonusService;
    /** Cashback of each period's net loss and manual rebate (cashback/, docs/bonus.md "Cashback"). */
    cashback: CashbackService;
    /** Red envelope, egg and prize wheel tickets and their provably fair draws (tickets/). */
    tickets: TicketsService;
    /** VIP levels, their rewards and per-level cashback rate (vip/, docs/loyalty.md). */
    vip: VipService;
    /** Points from valid bets and the points mall (points/, docs/loyalty.md). */
    points: PointsService;
    /** Missions and the mission leaderboard (missions/, docs/missions.md). */
    missions: MissionsService;
    /** Invite a friend: codes, friends, rewards on qualification (referral/, docs/missions.md). */
    referral: ReferralService;
  }
}

/**
 * rewards: promotions and what they give (docs/rewards.md). Owns `promotions`,
 * `promotion_entries`, `promotion_counted_facts`, `promotion_applications`,
 * `promotion_application_proofs` (migration 0029); the bonus wallet, wagering, cashback, rebate
 * and tickets are its `bonus/`, `cashback/` and `tickets/` parts (migration 0030). Rewards are
 * issued through the seam (seam.ts): cash and points here, bonus and tickets by their parts;
 * every money move is a wallet ledger operation. Reacts to deposits, registrations and settled
 * rounds (triggers); publishes `promotion.*` (events.ts), which realtime pushes to the member.
 */
export const rewardsModule = defineModule({
  name: 'rewards',
  requires: [
    'wallet',
    'system',
    'payments',
    'accounts',
    'games',
    'withdrawals',
    'security',
    'keys',
    'messages',
    'realtime',
    'members',
  ],
  provides: ['rewards', 'bonus', 'cashback', 'tickets', 'vip', 'points', 'missions', 'referral'],
  create: (
    { db, adapters },
    {
      wallet,
      system,
      payments,
      accounts,
      games,
      withdrawals,
      security,
      messages,
      realtime,
      members,
    },
  ) => {
    const bonus = createBonusPart({ db, wallet, system, games, withdrawals });
    const ledgerIssuers = createLedgerIssuers({ db, wallet });
    // A ticket's prize is paid by the issuer of its kind (docs/rewards.md "Tickets").
    const tickets = createTicketsPart({
      db,
      system,
      prizes: { ...ledgerIssuers, bonus: bonus.issuer },
      realtime,
    });
    const issuers: RewardIssuers = {
      ...ledgerIssuers,
      bonus: bonus.issuer,
      ticket: tickets.issuer,
    };
    const vip = createVipPart({ db, wallet, system, messages, realtime });
    // Member info's VIP label and rank come from the levels (members is built before rewards).
    members.connectVip((member) => vip.badgeFor(member));
    const missions = createMissionsPart({
      db,
      system,
      games,
      accounts,
      issuers,
      realtime,
    });
    const referral = createReferralPart({ db, system, payments, accounts, issuers, missions });
    const cashback = createCashbackPart({ db, wallet, system, games });
    // A member's VIP level may set its own cashback rate (docs/bonus.md "Cashback").
    cashback.connectRates(ratesFromMemberLookup(vip.cashbackRateFor));
    return {
      bonus,
      tickets,
      vip,
      missions,
      referral,
      points: createPointsPart({ db, wallet, games, bonus, vip, security }),
      cashback,
      rewards: createRewardsService({
        db,
        repo: createRewardsRepository(db),
        system,
        payments,
        // Proofs and banners beside payments' receipts (main.ts: a folder under DATA_DIR).
        storage: adapters.fileStorage ?? createMemoryFileStorage(),
        issuers,
        memberSince: async (memberId) => (await accounts.findById(memberId))?.created_at ?? null,
      }),
    };
  },
  routes: {
    player: (scope, services) => {
      promotionRoutes(scope, services.rewards);
      bonusRoutes(scope, services.bonus);
      rebateRoutes(scope, services.cashback);
      ticketRoutes(scope, services.tickets);
      vipRoutes(scope, services.vip);
      pointsRoutes(scope, services.points, services.keys);
      missionRoutes(scope, services.missions);
      referralRoutes(scope, services.referral);
    },
    operator: (scope, services) => {
      promotionAdminRoutes(scope, services);
      rewardSettingsRoutes(scope, services);
      ticketAdminRoutes(scope, services.tickets);
      vipAdminRoutes(scope, services.vip);
      pointsAdminRoutes(scope, services);
      missionAdminRoutes(scope, services.missions);
      referralAdminRoutes(scope, services.referral);
    },
  },
  handlers: (bus, { rewards, bonus, vip, points, missions, referral }) => {
    missionHandlers(
      bus,
      () => missions,
      () => referral,
    );
    vipHandlers(bus, () => vip);
    settledRoundsHandler(bus, () => ({ rewards, bonus, vip, points, referral, missions }));
    bus.on('deposit.credited', 'rewards.promotion-deposit', async ({ payload }) => {
      await rewards.onDepositCredited(payload);
    });
    bus.on(
      'member.registered',
      'rewards.promotion-registration',
      async ({ payload, createdAt }) => {
        await rewards.onRegistered(payload, createdAt);
      },
    );
  },
  jobs: (runner, { rewards, bonus, cashback, tickets, vip, points, missions, referral }) => {
    vipJobs(runner, () => vip);
    pointsJobs(runner, () => points);
    missionJobs(
      runner,
      () => missions,
      () => referral,
    );
    bonusJobs(runner, () => bonus);
    ticketJobs(runner, () => tickets);
    cashbackJobs(runner, () => cashback);
    // Issues an instance left between "issuing" and "issued"; each minute's run claims its period.
    runner.define({
      name: 'rewards.finish-issues',
      every: 'minute',
      run: async () => {
        await rewards.recover();
      },
    });
  },
});
