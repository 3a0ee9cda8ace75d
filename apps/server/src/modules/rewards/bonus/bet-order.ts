import { GAME_CATEGORIES, type BetOrderSettings } from '@banca/contracts';
import { AppError } from '../../../http/errors';
import { refreshingValue } from '../../../lib/refreshing-value';
import type { GamesService } from '../../games';
import { complianceProfileOf, type SystemService } from '../../system';
import type { BonusFunding, MemberRef, WalletService } from '../../wallet';
import type { BetOrderRepository } from './bet-order-repository';
import type { BonusGrantRow } from './repository';

/**
 * How long a brand's bet order may take to show on every instance: each bet asks it, so it
 * is answered from memory (a cash-first brand's bets cost no query), read again in the background.
 */
const BET_ORDER_MAX_AGE_MS = 30_000;
const isGameCategory = (value: string): value is (typeof GAME_CATEGORIES)[number] =>
  (GAME_CATEGORIES as readonly string[]).includes(value);

/** Tries of a close whose amount a concurrent bet or close overtook (then measured again). */
const MAX_CLOSE_ATTEMPTS = 3;

/**
 * Which wallet a bet uses (docs/bonus.md "Which wallet a bet uses", migration 0032). Per brand,
 * `cash_first` (the default: bets from cash only, bonus money parked until its requirement
 * converts it) or `bonus_first` (the wallet's bet path draws the bonus account first and splits
 * wins back). Game categories the brand lists as cash only, transfer-wallet vendors (they play
 * from their own wallet) and every br-regulated brand never take bonus money. The wallet asks
 * through the `BonusFunding` this part connects at assembly.
 */
export function createBetOrder(deps: {
  repo: BetOrderRepository;
  wallet: Pick<WalletService, 'purposeBalance' | 'postedOperation'>;
  system: Pick<SystemService, 'brandByCode'>;
  games: Pick<GamesService, 'gameMenus'>;
}) {
  const { repo, wallet, system, games } = deps;
  const orders = refreshingValue({
    load: () => repo.all(),
    maxAgeMs: BET_ORDER_MAX_AGE_MS,
    refreshAfterMs: BET_ORDER_MAX_AGE_MS / 2,
  });
  /** Each vendor's game category, worked out once per catalogue the games module holds. */
  let categories: { menus: unknown; byVendor: Map<string, string> } | null = null;

  async function categoryOf(vendorCode: string): Promise<string | undefined> {
    const menus = await games.gameMenus();
    if (categories?.menus !== menus) {
      const byVendor = new Map<string, string>();
      for (const menu of menus)
        for (const vendor of menu.vendors)
          if (!byVendor.has(vendor.code)) byVendor.set(vendor.code, vendor.gameCategory);
      categories = { menus, byVendor };
    }
    return categories.byVendor.get(vendorCode);
  }

  async function settings(merchantCode: string): Promise<BetOrderSettings> {
    const row = (await orders.get()).get(merchantCode);
    return {
      betOrder: row?.betOrder ?? 'cash_first',
      cashOnlyCategories: (row?.cashOnlyCategories ?? []).filter(isGameCategory),
    };
  }

  const funding: BonusFunding = {
    async bonusFirst(merchantCode, vendorCode) {
      const row = (await orders.get()).get(merchantCode);
      if (row?.betOrder !== 'bonus_first') return false;
      const brand = await system.brandByCode(merchantCode);
      if (!brand || complianceProfileOf(brand.settings) === 'br-regulated') return false;
      const category = await categoryOf(vendorCode);
      return category === undefined || !row.cashOnlyCategories.includes(category);
    },
  };

  /** The console's save: the order and the cash-only categories (deduplicated). */
  async function save(merchantCode: string, input: BetOrderSettings): Promise<BetOrderSettings> {
    const saved = { ...input, cashOnlyCategories: [...new Set(input.cashOnlyCategories)].sort() };
    await repo.save(merchantCode, saved);
    orders.invalidate();
    return saved;
  }

  /**
   * What the close of `row` moves out of the bonus account: what is left there. The account
   * holds the member's open bonuses together, and under bonus_first stakes have left it and
   * wins' bonus shares come back to it, so a close takes everything left when it is the
   * member's only open bonus, and at most its own amount while others stay open (under
   * cash_first both are exactly the grant's amount).
   */
  async function leftFor(row: BonusGrantRow, member: MemberRef): Promise<number> {
    const [left, othersOpen] = await Promise.all([
      wallet.purposeBalance(member, 'bonus'),
      repo.othersOpen(row.member_id, row.currency, row.id),
    ]);
    return othersOpen ? Math.min(left, row.amount_minor) : left;
  }

  /**
   * Posts a claimed close for what is left (leftFor) under the grant's one key: a run that
   * finds the key posted takes that operation (an earlier run measured it); a bet or another
   * close that overtook the measure makes it measure again. Nothing left moves nothing and
   * owes nothing (`closed_amount_minor` 0). Answers the operation (null: nothing moved) and the amount.
   */
  async function postLeft(
    row: BonusGrantRow,
    member: MemberRef,
    post: (amountMinor: number) => Promise<{ operationId: number }>,
  ): Promise<{ operationId: number | null; amountMinor: number }> {
    for (let attempt = 1; ; attempt += 1) {
      const earlier = await wallet.postedOperation(`bonus-close:${row.id}`);
      if (earlier) {
        await repo.setClosedAmount(row.id, earlier.amountMinor);
        return earlier;
      }
      const amountMinor = await leftFor(row, member);
      if (amountMinor === 0) {
        await repo.setClosedAmount(row.id, 0);
        return { operationId: null, amountMinor: 0 };
      }
      try {
        const { operationId } = await post(amountMinor);
        await repo.setClosedAmount(row.id, amountMinor);
        return { operationId, amountMinor };
      } catch (error) {
        const overtaken =
          error instanceof AppError &&
          (error.code === 'insufficient_funds' || error.code === 'idempotency_conflict');
        if (!overtaken || attempt >= MAX_CLOSE_ATTEMPTS) throw error;
      }
    }
  }

  return { funding, settings, save, postLeft };
}
export type BetOrderPart = ReturnType<typeof createBetOrder>;
