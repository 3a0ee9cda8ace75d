import type { EventBus } from '../../lib/events';
import type { SettledBetRound } from '../wallet';
import type { BonusService } from './bonus';
import type { MissionsService, ReferralReactions } from './missions';
import type { PointsService } from './points';
import type { RewardsService } from './service';
import type { VipService } from './vip';

/** The reward parts that count settled rounds (each idempotent for a redelivered event). */
export type SettledRoundsCounters = {
  rewards: RewardsService;
  bonus: BonusService;
  vip: VipService;
  points: PointsService;
  referral: ReferralReactions;
  missions: MissionsService;
};

/**
 * Every reward part counts `bets.settled` through ONE handler: promotions' turnover and loss,
 * bonus wagering, VIP days, points earned, referral qualification and missions. Each handler of
 * an event is a delivery row written, claimed (re-reading the event's rounds) and marked done,
 * and `bets.settled` is written by the bet path's own transactions, once per ledger batch; six
 * handlers made event deliveries the largest table written per round in bench:pam (3.2 rows a
 * round, more than any ledger table).
 *
 * The parts run side by side; if one fails, the delivery fails and is retried as a whole, and
 * the parts that had succeeded count nothing twice: promotions key each round, bonus wagering
 * its (grant, round), VIP, missions and points the event (points accrue, posted each minute).
 * Referral runs before missions, so a friend it qualifies counts toward the referrer's invite
 * missions in the same delivery.
 */
export function settledRoundsHandler(bus: EventBus, parts: () => SettledRoundsCounters): void {
  const count = async (batches: { id: number; rounds: SettledBetRound[] }[]) => {
    const { rewards, bonus, vip, points, referral, missions } = parts();
    const rounds = batches.flatMap((batch) => batch.rounds);
    const results = await Promise.allSettled([
      rewards.onRoundsSettled(rounds),
      bonus.countSettledRounds(rounds),
      vip.onRoundsSettled(batches),
      points.onRoundsSettled(batches),
      (async () => {
        await referral.onRoundsSettled(batches);
        await missions.onRoundsSettled(batches);
      })(),
    ]);
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
  };
  bus.onBatch('bets.settled', 'rewards.settled-rounds', async (events) => {
    await count(events.map((event) => ({ id: event.id, rounds: event.payload.rounds })));
  });
  // One round per event: written before migration 0027; still delivered if left undelivered.
  bus.onBatch('bet.settled', 'rewards.settled-round', async (events) => {
    await count(events.map((event) => ({ id: event.id, rounds: [event.payload] })));
  });
}
