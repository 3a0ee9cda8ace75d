import {
  isModuleEnabled,
  ModuleId,
  type CashbackPaidPeriod,
  type RebateClaim,
  type RebateOverview,
} from '@banca/contracts';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import { publish } from '../../../lib/events';
import type { GamesService } from '../../games';
import type { JobPeriod } from '../../../lib/jobs';
import { complianceProfileOf, type Brand, type SystemService } from '../../system';
import {
  dayInZone,
  postOperation,
  startOfDayUtc,
  type MemberRef,
  type WalletService,
} from '../../wallet';
import './errors';
import {
  addDays,
  cashbackLedgerKey,
  periodEndedBy,
  periodOfDay,
  periodOfKey,
  type CashbackPeriod,
  type CashbackPeriodKind,
} from './periods';
import type { CashbackPayoutRow, CashbackRepository, CashbackSettingsRow } from './repository';

/** A rebate counts the valid bets of at most this many days back (the first claim, or a late one). */
export const REBATE_MAX_WINDOW_DAYS = 30;
/** How far before the window a counted round may have been opened (a round settled late). */
const ROUND_OPEN_SLACK_DAYS = 2;
/** Rebate claims the page lists. */
const REBATE_CLAIMS_LISTED = 20;

/** The highest share of a loss a brand may give back: 100 % (basis points). */
export const MAX_CASHBACK_RATE_BP = 10_000;
/** Unpaid rebate claims one job run pays; the rest wait for the next hour. */
const UNPAID_REBATES_BATCH = 200;
/**
 * How far back a run looks after the job did not run (instances down): every midnight since the
 * last hour a run handled, at most this many days back.
 */
export const CASHBACK_CATCH_UP_DAYS = 60;
/** The name the job's coverage is kept under (migration 0043). */
const COVERAGE = 'rewards.cashback-days';
/** Cashback periods the settings desk lists as paid lately. */
const PAID_PERIODS_LISTED = 8;

export type CashbackSettings = {
  enabled: boolean;
  /** Share of the period's net loss paid back, in basis points (500 = 5 %). */
  rateBp: number;
  /** Day, week (Monday to Sunday) or calendar month, in the brand's time zone. */
  period: CashbackPeriodKind;
  /** A period's loss below this pays nothing. */
  minLossMinor: number;
  /** The most one member is paid per period (0: no cap). */
  maxPayoutMinor: number;
};

/**
 * Where a member's cashback rate comes from when it is not the brand's (a VIP level's rate,
 * docs/bonus.md "Cashback"): the rate of each member asked, in basis points; a member left out
 * of the answer gets the brand's rate.
 */
export type CashbackRateSource = (input: {
  merchantCode: string;
  memberIds: number[];
  brandRateBp: number;
}) => Promise<Map<number, number>>;

/**
 * A rate source from a lookup of one member's rate (the VIP part's `cashbackRateFor`), asked
 * for each losing member in turn; null keeps the brand's rate.
 */
export function ratesFromMemberLookup(
  rateFor: (member: { memberId: number; merchantCode: string }) => Promise<number | null>,
): CashbackRateSource {
  return async ({ merchantCode, memberIds }) => {
    const rates = new Map<number, number>();
    for (const memberId of memberIds) {
      const rate = await rateFor({ memberId, merchantCode });
      if (rate !== null) rates.set(memberId, rate);
    }
    return rates;
  };
}

/**
 * Cashback (docs/bonus.md "Cashback"): a share of each member's net loss of the brand's
 * period (a day, a week or a month), computed from the settled bet records once the period has
 * ended, paid to the main wallet from the brand's promotion account. Exactly once per member and
 * period: the payout rows are unique per (member, period) and the money's ledger key names the
 * period and the member, so a re-run or a concurrent run pays nothing twice; the member's inbox
 * hears of it through `cashback.credited`, published with the run that records the payment.
 * Off under br-regulated (Lei 14.790 art. 29).
 */
export function createCashbackService(deps: {
  db: Db;
  repo: CashbackRepository;
  wallet: WalletService;
  system: Pick<SystemService, 'brandByCode'>;
  games: Pick<GamesService, 'gameMenus'>;
  now?: () => Date;
}) {
  const { db, repo, wallet, system, games } = deps;
  const now = deps.now ?? (() => new Date());
  let rateSource: CashbackRateSource | null = null;

  /** A part that knows members' own rates (VIP levels) plugs in here at assembly. */
  function connectRates(source: CashbackRateSource): void {
    rateSource = source;
  }

  /** Each member's rate: their own where a connected source gives one, the brand's otherwise. */
  async function memberRates(
    merchantCode: string,
    memberIds: number[],
    brandRateBp: number,
  ): Promise<(memberId: number) => number> {
    const own =
      rateSource && memberIds.length > 0
        ? await rateSource({ merchantCode, memberIds, brandRateBp })
        : new Map<number, number>();
    return (memberId) =>
      Math.max(0, Math.min(MAX_CASHBACK_RATE_BP, Math.floor(own.get(memberId) ?? brandRateBp)));
  }

  async function settings(merchantCode: string): Promise<CashbackSettings> {
    const row = await repo.settings(merchantCode);
    return {
      enabled: row?.enabled ?? false,
      rateBp: row?.rate_bp ?? 0,
      period: row?.period ?? 'day',
      minLossMinor: row?.min_loss_minor ?? 0,
      maxPayoutMinor: row?.max_payout_minor ?? 0,
    };
  }

  /** Saves the brand's cashback programme; answers the settings before and after (the audit's). */
  async function saveSettings(merchantCode: string, input: CashbackSettings) {
    const before = await settings(merchantCode);
    const current = await repo.settings(merchantCode);
    await repo.saveSettings({
      merchant_code: merchantCode,
      enabled: input.enabled,
      period: input.period,
      rate_bp: Math.max(0, Math.min(MAX_CASHBACK_RATE_BP, Math.floor(input.rateBp))),
      min_loss_minor: Math.max(0, Math.floor(input.minLossMinor)),
      max_payout_minor: Math.max(0, Math.floor(input.maxPayoutMinor)),
      rebate_enabled: current?.rebate_enabled ?? false,
      rebate_rates_bp: current?.rebate_rates_bp ?? {},
    });
    return { before, after: await settings(merchantCode) };
  }

  /** The money of one payout row, once (its ledger key), and the member's message with it. */
  async function credit(row: CashbackPayoutRow, period: CashbackPeriod): Promise<void> {
    const [promotion, main] = await Promise.all([
      wallet.houseAccount(row.merchant_code, 'promotion', row.currency),
      wallet.memberAccount(
        { memberId: row.member_id, merchantCode: row.merchant_code, currency: row.currency },
        'main',
      ),
    ]);
    const operation = await postOperation(db, {
      idempotencyKey: cashbackLedgerKey(period, row.member_id),
      kind: 'cashback',
      reference: `cashback:${period.kind === 'day' ? period.firstDay : period.key}`,
      transfers: [{ from: promotion, to: main, amountMinor: row.amount_minor, kind: 'bonus' }],
    });
    await db.transaction().execute(async (trx) => {
      if (!(await repo.setOperation(row.id, operation.operationId, trx))) return;
      await publish(trx, 'cashback.credited', {
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        currency: row.currency,
        payoutId: row.id,
        amountMinor: row.amount_minor,
        firstDay: period.firstDay,
        lastDay: period.lastDay,
      });
    });
  }

  /**
   * Pays one brand's cashback period that `day` belongs to (the brand's setting: its day, week
   * or month), once it has ended: every member whose settled rounds of the period lost money
   * gets their rate of the loss. Days an earlier period already paid (the brand changed its
   * period) are left out. Answers how many members the period pays in all (re-runs included).
   */
  async function payPeriod(brand: Brand, day: string): Promise<number> {
    if (complianceProfileOf(brand.settings) === 'br-regulated') return 0;
    const current = await settings(brand.merchantCode);
    if (!current.enabled) return 0;
    const period = periodOfDay(current.period, day);
    const toUtc = startOfDayUtc(addDays(period.lastDay, 1), brand.timeZone);
    if (toUtc > now()) return 0;
    const periodStart = startOfDayUtc(period.firstDay, brand.timeZone);
    const paidUntil = await repo.paidUntil(brand.merchantCode, period.key, toUtc);
    const fromUtc = paidUntil && paidUntil > periodStart ? paidUntil : periodStart;
    if (fromUtc < toUtc) {
      const losses = (
        await repo.netLosses({ merchantCode: brand.merchantCode, fromUtc, toUtc })
      ).filter((l) => l.lossMinor >= current.minLossMinor);
      const rateOf = await memberRates(
        brand.merchantCode,
        losses.map((l) => l.memberId),
        current.rateBp,
      );
      await repo.insertPayouts(
        losses
          .map((l) => {
            const share = Math.floor((l.lossMinor * rateOf(l.memberId)) / 10_000);
            return {
              merchant_code: brand.merchantCode,
              member_id: l.memberId,
              currency: brand.currency,
              kind: 'cashback' as const,
              period_key: period.key,
              window_start: fromUtc,
              window_end: toUtc,
              basis_minor: l.lossMinor,
              amount_minor:
                current.maxPayoutMinor > 0 ? Math.min(share, current.maxPayoutMinor) : share,
            };
          })
          .filter((row) => row.amount_minor > 0),
      );
    }
    const owed = await repo.unpaid(brand.merchantCode, 'cashback', period.key);
    for (const row of owed) await credit(row, period);
    return owed.length;
  }

  /**
   * The hourly job: the brands whose midnight fell in this hour pay the period that ended then,
   * if one did (each brand's own calendar: every midnight ends a day, Monday's a week, the
   * 1st's a month). A run after a longer stop than its hour looks back to the end of the last
   * hour a run handled (the coverage, at most CASHBACK_CATCH_UP_DAYS back) and pays every period
   * that ended at a midnight since, each once by its keys; an older hour's run (a catch-up row of
   * the runner) looks at its own hour only.
   */
  async function settlePeriods(jobPeriod: JobPeriod): Promise<void> {
    const covered = await repo.coveredUntil(COVERAGE);
    const oldest = new Date(jobPeriod.endUtc.getTime() - CASHBACK_CATCH_UP_DAYS * 86_400_000);
    const fromUtc =
      covered && covered < jobPeriod.startUtc
        ? new Date(Math.max(covered.getTime(), oldest.getTime()))
        : jobPeriod.startUtc;
    for (const row of await repo.brandsWithCashback()) {
      const brand = await system.brandByCode(row.merchantCode);
      if (!brand) continue;
      // Every midnight of the brand's zone in (fromUtc, endUtc], oldest first.
      for (let day = dayInZone(fromUtc, brand.timeZone); ; day = addDays(day, 1)) {
        const midnight = startOfDayUtc(day, brand.timeZone);
        if (midnight > jobPeriod.endUtc) break;
        if (midnight <= fromUtc) continue;
        const ended = periodEndedBy(row.period, day);
        if (ended) await payPeriod(brand, ended.lastDay);
      }
    }
    // Only once every period up to here is paid (a failed run is run again and looks as far back).
    await repo.cover(COVERAGE, jobPeriod.endUtc);
    // A claim still being paid by its own request is left to it for a minute.
    await payUnpaidRebates(new Date(jobPeriod.endUtc.getTime() - 60_000));
  }

  /** The periods paid lately (the settings desk): members and amount of each. */
  async function paidPeriods(merchantCode: string): Promise<CashbackPaidPeriod[]> {
    return (await repo.paidPeriods(merchantCode, PAID_PERIODS_LISTED)).flatMap((paid) => {
      const period = periodOfKey(paid.periodKey);
      return period ? [{ ...paid, firstDay: period.firstDay, lastDay: period.lastDay }] : [];
    });
  }

  // ── manual rebate ──────────────────────────────────────────────────────────────

  function rebateSettings(row: CashbackSettingsRow | undefined) {
    return { enabled: row?.rebate_enabled ?? false, ratesBp: row?.rebate_rates_bp ?? {} };
  }

  /**
   * Turns the brand's manual rebate on or off with its rates (basis points of valid bets per
   * category); answers the settings before and after (the audit's).
   */
  async function saveRebate(
    merchantCode: string,
    enabled: boolean,
    ratesBp: Record<string, number>,
  ) {
    const current = await repo.settings(merchantCode);
    await repo.saveSettings({
      merchant_code: merchantCode,
      enabled: current?.enabled ?? false,
      period: current?.period ?? 'day',
      rate_bp: current?.rate_bp ?? 0,
      min_loss_minor: current?.min_loss_minor ?? 0,
      max_payout_minor: current?.max_payout_minor ?? 0,
      rebate_enabled: enabled,
      rebate_rates_bp: Object.fromEntries(
        Object.entries(ratesBp).map(([c, r]) => [
          c,
          Math.max(0, Math.min(MAX_CASHBACK_RATE_BP, Math.floor(r))),
        ]),
      ),
    });
    return {
      before: rebateSettings(current),
      after: rebateSettings(await repo.settings(merchantCode)),
    };
  }

  /** The brand's rates when manual rebate is on (the whitelabel module and the brand's switch); refused otherwise. */
  async function rebateRates(brand: Brand): Promise<Record<string, number>> {
    if (complianceProfileOf(brand.settings) === 'br-regulated')
      throw new AppError('bonus_disabled');
    const settings = await repo.settings(brand.merchantCode);
    if (
      !isModuleEnabled(brand.settings.whitelabel, ModuleId.manualRebate) ||
      !settings?.rebate_enabled
    )
      throw new AppError('rebate_disabled');
    return settings.rebate_rates_bp;
  }

  /** What a claim at `at` would count: from the last claim's end (at most REBATE_MAX_WINDOW_DAYS back). */
  async function rebateWindow(member: MemberRef, brand: Brand, at: Date) {
    const rates = await rebateRates(brand);
    const oldest = new Date(at.getTime() - REBATE_MAX_WINDOW_DAYS * 86_400_000);
    const last = await repo.lastRebate(member.memberId);
    const fromUtc = last && last.window_end > oldest ? last.window_end : oldest;
    const [bets, menus] = await Promise.all([
      repo.validBetsByVendor(
        member.merchantCode,
        member.memberId,
        new Date(fromUtc.getTime() - ROUND_OPEN_SLACK_DAYS * 86_400_000),
        fromUtc,
        at,
      ),
      games.gameMenus(),
    ]);
    const categoryOf = new Map<string, string>();
    for (const menu of menus)
      for (const vendor of menu.vendors)
        if (!categoryOf.has(vendor.code)) categoryOf.set(vendor.code, vendor.gameCategory);
    const byCategory = new Map<string, number>();
    for (const b of bets) {
      const category = categoryOf.get(b.vendorCode) ?? 'OTHER';
      byCategory.set(category, (byCategory.get(category) ?? 0) + b.validBetMinor);
    }
    const lines = [...byCategory].map(([category, validBetMinor]) => {
      const rateBp = rates[category] ?? 0;
      return {
        category,
        validBetMinor,
        rateBp,
        amountMinor: Math.floor((validBetMinor * rateBp) / 10_000),
      };
    });
    // Two claims that read the same last claim count the same bets: they share this key.
    const claimKey = `after:${last?.id ?? 'none'}`;
    return {
      fromUtc,
      claimKey,
      lines,
      amountMinor: lines.reduce((sum, l) => sum + l.amountMinor, 0),
    };
  }

  function claimView(row: {
    id: number;
    window_start: Date;
    window_end: Date;
    basis_minor: number;
    amount_minor: number;
  }): RebateClaim {
    return {
      id: row.id,
      fromUtc: row.window_start.toISOString(),
      toUtc: row.window_end.toISOString(),
      validBetMinor: row.basis_minor,
      amountMinor: row.amount_minor,
    };
  }

  /** The manual rebate page: what a claim would pay now, by category, and the claims made. */
  async function rebateOverview(member: MemberRef, brand: Brand): Promise<RebateOverview> {
    const window = await rebateWindow(member, brand, now());
    const claims = await repo.payoutsOf(member.memberId, 'rebate', REBATE_CLAIMS_LISTED);
    return {
      currency: member.currency,
      sinceUtc: window.fromUtc.toISOString(),
      lines: window.lines,
      amountMinor: window.amountMinor,
      claims: claims.map(claimView),
    };
  }

  /**
   * The member claims the rebate of the valid bets since the last claim. The claim's row is
   * keyed by the claim it follows, so of two claims at once one wins
   * (`rebate_already_claimed`); the money is keyed by the row (`rebate:<id>`).
   */
  async function claimRebate(member: MemberRef, brand: Brand): Promise<RebateClaim> {
    const at = now();
    const window = await rebateWindow(member, brand, at);
    if (window.amountMinor <= 0) throw new AppError('rebate_nothing_to_claim');
    const row = await repo.insertClaim({
      merchant_code: member.merchantCode,
      member_id: member.memberId,
      currency: member.currency,
      kind: 'rebate',
      period_key: window.claimKey,
      window_start: window.fromUtc,
      window_end: at,
      basis_minor: window.lines.reduce((sum, l) => sum + l.validBetMinor, 0),
      amount_minor: window.amountMinor,
    });
    if (!row) throw new AppError('rebate_already_claimed');
    await creditRebate(row);
    return claimView(row);
  }

  /** A rebate claim's money, once (`rebate:<id>`), and the member's message with it. */
  async function creditRebate(row: CashbackPayoutRow): Promise<void> {
    const member = {
      memberId: row.member_id,
      merchantCode: row.merchant_code,
      currency: row.currency,
    };
    const [promotion, main] = await Promise.all([
      wallet.houseAccount(row.merchant_code, 'promotion', row.currency),
      wallet.memberAccount(member, 'main'),
    ]);
    const operation = await postOperation(db, {
      idempotencyKey: `rebate:${row.id}`,
      kind: 'rebate',
      reference: `rebate:${row.id}`,
      transfers: [{ from: promotion, to: main, amountMinor: row.amount_minor, kind: 'bonus' }],
    });
    await db.transaction().execute(async (trx) => {
      if (!(await repo.setOperation(row.id, operation.operationId, trx))) return;
      await publish(trx, 'rebate.credited', {
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        currency: row.currency,
        payoutId: row.id,
        amountMinor: row.amount_minor,
      });
    });
  }

  /**
   * Claims an instance wrote but did not pay (it stopped between the row and the money): the
   * hourly job posts them, under the claim's own key, so a claim is paid once whatever happened.
   */
  async function payUnpaidRebates(before: Date): Promise<number> {
    const rows = await repo.unpaidRebates(before, UNPAID_REBATES_BATCH);
    for (const row of rows) await creditRebate(row);
    return rows.length;
  }

  return {
    connectRates,
    settings,
    saveSettings,
    payPeriod,
    settlePeriods,
    paidPeriods,
    rebateSettings: async (merchantCode: string) =>
      rebateSettings(await repo.settings(merchantCode)),
    saveRebate,
    rebateOverview,
    claimRebate,
    payUnpaidRebates,
  };
}
export type CashbackService = ReturnType<typeof createCashbackService>;
