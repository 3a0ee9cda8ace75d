import {
  MAX_RATE_BP,
  type ContractKind,
  type ContractTier,
  type DividendPeriod,
} from '@banca/contracts';
import { AppError } from '../../../http/errors';

/**
 * The contracts' pure rules (docs/agents.md "Contracts"): tiers, ceilings, and what a period's
 * figures pay. No database, no clock: unit-tested beside this file, and the settlement job and
 * the tests' independent recomputation both call `payoutOf`.
 */

/** Basis points in one whole (10,000 bp = 100 %). */
export const BP_PER_UNIT = 10_000n;

/** The rates a contract is compared by: its highest tier (real-time: each wage apart). */
export type TopRates = { topRateBp: number; topLossRateBp: number };

/**
 * Checks a contract's tiers before anything is stored: each tier's threshold and rate(s) higher
 * than the one before (facts.md §1), rates within the kind's ceiling, real-time tiers with both
 * wages. Throws the first broken rule as a code with its tier number (1-based).
 */
export function checkTiers(kind: ContractKind, tiers: readonly ContractTier[]): TopRates {
  const max = MAX_RATE_BP[kind];
  tiers.forEach((tier, index) => {
    const level = index + 1;
    const rates = kind === 'realtime' ? [tier.rateBp, tier.lossRateBp] : [tier.rateBp];
    if (kind === 'realtime' && tier.lossRateBp === undefined)
      throw new AppError('contract_loss_rate_required', { params: { level } });
    for (const rate of rates)
      if (rate === undefined || rate < 1 || rate > max)
        throw new AppError('contract_rate_out_of_bounds', {
          params: { level, maxPercent: (max / 100).toFixed(2) },
        });
    const before = tiers[index - 1];
    if (!before) return;
    const higher =
      tier.thresholdMinor > before.thresholdMinor &&
      tier.rateBp > before.rateBp &&
      (kind !== 'realtime' || (tier.lossRateBp ?? 0) > (before.lossRateBp ?? 0));
    if (!higher) throw new AppError('contract_tiers_not_increasing', { params: { level } });
  });
  return topRates(kind, tiers);
}

export function topRates(kind: ContractKind, tiers: readonly ContractTier[]): TopRates {
  return {
    topRateBp: Math.max(0, ...tiers.map((t) => t.rateBp)),
    topLossRateBp: kind === 'realtime' ? Math.max(0, ...tiers.map((t) => t.lossRateBp ?? 0)) : 0,
  };
}

/** Does `inner` give more than `outer` allows (either wage of a real-time salary)? */
export function exceeds(inner: TopRates, outer: TopRates): boolean {
  return inner.topRateBp > outer.topRateBp || inner.topLossRateBp > outer.topLossRateBp;
}

/** What a team did in a period, as the settlement sums it from the bet records. */
export type TeamFigures = {
  validBetMinor: number;
  wonBetMinor: number;
  lostBetMinor: number;
  /** The players' result (payout − stake): negative when the team lost. */
  profitLossMinor: number;
  activeMembers: number;
};

export type ContractTermsForPay = {
  kind: ContractKind;
  minActiveMembers: number;
  tiers: readonly ContractTier[];
};

export type Payout = {
  rateBp: number;
  lossRateBp: number;
  amountMinor: number;
  status: 'paid' | 'below_threshold';
};

/** The highest tier whose threshold the figure reached, or undefined. */
export function tierFor(
  tiers: readonly ContractTier[],
  figureMinor: number,
): ContractTier | undefined {
  let reached: ContractTier | undefined;
  for (const tier of tiers) if (figureMinor >= tier.thresholdMinor) reached = tier;
  return reached;
}

const share = (amountMinor: number, rateBp: number) =>
  (BigInt(Math.max(0, amountMinor)) * BigInt(rateBp)) / BP_PER_UNIT;

/**
 * What a contract pays for a period's figures, rounded down to the minor unit (the payer never
 * pays a fraction it cannot):
 * - dividend: the rate of the tier the team's loss reached, on that loss (nothing if it won);
 * - daily and hourly salary: the rate of the tier the team's valid bets reached, on them;
 * - real-time salary: the tier by the window's valid bets; the profit wage on bets of rounds
 *   the players won, the loss wage on bets of rounds they lost (facts.md §1).
 * Below `minActiveMembers` active members (members with a valid bet) nothing is paid.
 */
export function payoutOf(terms: ContractTermsForPay, figures: TeamFigures): Payout {
  const none: Payout = { rateBp: 0, lossRateBp: 0, amountMinor: 0, status: 'below_threshold' };
  if (figures.activeMembers < terms.minActiveMembers) return none;
  if (terms.kind === 'dividend') {
    const teamLossMinor = -figures.profitLossMinor;
    if (teamLossMinor <= 0) return none;
    const tier = tierFor(terms.tiers, teamLossMinor);
    if (!tier) return none;
    return paid(tier.rateBp, 0, share(teamLossMinor, tier.rateBp));
  }
  const tier = tierFor(terms.tiers, figures.validBetMinor);
  if (!tier || figures.validBetMinor <= 0) return none;
  if (terms.kind === 'realtime') {
    const lossRateBp = tier.lossRateBp ?? 0;
    const amount =
      (BigInt(figures.wonBetMinor) * BigInt(tier.rateBp) +
        BigInt(figures.lostBetMinor) * BigInt(lossRateBp)) /
      BP_PER_UNIT;
    return paid(tier.rateBp, lossRateBp, amount);
  }
  return paid(tier.rateBp, 0, share(figures.validBetMinor, tier.rateBp));
}

function paid(rateBp: number, lossRateBp: number, amount: bigint): Payout {
  const amountMinor = Number(amount);
  return { rateBp, lossRateBp, amountMinor, status: amountMinor > 0 ? 'paid' : 'below_threshold' };
}

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The dividend period that ends with local day `day` (yyyy-mm-dd), or undefined if none of this
 * length does: weeks run Monday to Sunday, half-months 1–15 and 16–end, months 1–end. Returns
 * the period's first day and its label (`weekly:2026-11-16`).
 */
export function dividendPeriodEnding(
  period: DividendPeriod,
  day: string,
): { firstDay: string; label: string } | undefined {
  const next = addDays(day, 1);
  const lastOfMonth = next.slice(8) === '01';
  let firstDay: string | undefined;
  switch (period) {
    case 'daily':
      firstDay = day;
      break;
    case 'weekly':
      // getUTCDay of a date-only string: 0 is Sunday, the last day of the week
      if (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) firstDay = addDays(day, -6);
      break;
    case 'semimonthly':
      if (day.slice(8) === '15') firstDay = `${day.slice(0, 8)}01`;
      else if (lastOfMonth) firstDay = `${day.slice(0, 8)}16`;
      break;
    case 'monthly':
      if (lastOfMonth) firstDay = `${day.slice(0, 8)}01`;
      break;
  }
  return firstDay ? { firstDay, label: `${period}:${firstDay}` } : undefined;
}

export { addDays as addCalendarDays };
