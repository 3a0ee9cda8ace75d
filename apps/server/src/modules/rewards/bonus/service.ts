import type { BonusGrant, BonusList } from '@banca/contracts';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import { publish, type DomainEvents } from '../../../lib/events';
import type { GamesService } from '../../games';
import { complianceProfileOf, type SystemService } from '../../system';
import { postOperation, type MemberRef, type WalletService } from '../../wallet';
import type { RewardGrant, RewardIssuer } from '../seam';
import type { BetOrderPart } from './bet-order';
import type { LateShares } from './late-shares';
import type { BonusGrantRow, BonusRepository, WagerCount } from './repository';

/** Largest bonus one grant may give: R$ 1 million. More is a typo in a promotion, not a bonus. */
export const MAX_BONUS_MINOR = 100_000_000;
/** Longest a bonus may stay open: a year. Promotions say days or weeks; this bounds a typo. */
export const MAX_BONUS_DAYS = 366;
/** Largest requirement multiple (the promotions' own limit, migration 0029). */
export const MAX_WAGERING_MULTIPLE = 100;
/** Grants one page of the bonus details shows: open ones first, then the newest closed ones. */
export const BONUS_LIST_LIMIT = 100;
/** Grants one expiry or repair run handles; the rest wait for the next minute. */
export const BONUS_JOB_BATCH = 200;
/** How long a promotion's bonus stays open to be wagered (promotions set no expiry of their own). */
export const BONUS_LIFETIME_DAYS = 30;
/** A category's weight when the brand names none: every valid bet counts in full. */
export const DEFAULT_CATEGORY_WEIGHT = 100;

type SettledBetRound = DomainEvents['bets.settled']['rounds'][number];

export type GrantBonusInput = {
  member: MemberRef;
  /** What gives the bonus, unique per brand (e.g. `promotion:<id>:<period>:<member>`): a grant is made once. */
  sourceKey: string;
  /** Shown to the member, by language: the promotion's title. */
  titles: Record<string, string>;
  /** The promotion that gave it, when one did. */
  promotionId?: number | null;
  amountMinor: number;
  /** The qualifying deposit, counted in the requirement when the base is bonus + deposit. */
  depositMinor?: number;
  wageringMultiple: number;
  wageringBase: 'bonus' | 'bonus_deposit';
  expiresAt: Date;
};

/**
 * The bonus wallet with wagering (docs/bonus.md). A bonus lands in the member's `bonus` ledger
 * account from the brand's `promotion` account (key `bonus-grant:<id>`) with a turnover
 * requirement; valid bets of settled rounds count toward the oldest open requirement by their
 * game category's weight; once met, the bonus moves to the main wallet; a forfeit or the
 * expiry job gives it back to the promotion account. Each grant closes through one ledger key,
 * `bonus-close:<id>`, whichever way it closes.
 */
export function createBonusService(deps: {
  db: Db;
  repo: BonusRepository;
  wallet: WalletService;
  system: Pick<SystemService, 'brandByCode'>;
  games: Pick<GamesService, 'gameMenus'>;
  /** Which wallet a bet uses, and what a close moves (bet-order.ts). */
  betOrder: BetOrderPart;
  /** Wins' bonus shares that land after their bonus closed (late-shares.ts). */
  lateShares: LateShares;
  now?: () => Date;
}) {
  const { db, repo, wallet, system, games, betOrder, lateShares } = deps;
  const now = deps.now ?? (() => new Date());

  /** Bonus features exist only outside br-regulated (Lei 14.790 art. 29, facts.md §4). */
  async function assertEnabled(merchantCode: string): Promise<void> {
    const brand = await system.brandByCode(merchantCode);
    if (!brand || complianceProfileOf(brand.settings) === 'br-regulated')
      throw new AppError('bonus_disabled');
  }

  function memberOf(row: BonusGrantRow): MemberRef {
    return { memberId: row.member_id, merchantCode: row.merchant_code, currency: row.currency };
  }

  function view(row: BonusGrantRow, language: string, lateMinor = 0): BonusGrant {
    return {
      id: row.id,
      title: row.titles[language] ?? row.titles['pt-BR'] ?? Object.values(row.titles)[0] ?? '',
      currency: row.currency,
      amountMinor: row.amount_minor,
      depositMinor: row.deposit_minor,
      wageringMultiple: row.wagering_multiple,
      wageringBase: row.wagering_base,
      requiredMinor: row.required_minor,
      wageredMinor: Math.min(row.wagered_minor, row.required_minor),
      status: row.status,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      closedAt: row.closed_at?.toISOString() ?? null,
      // What the close moved, and the late wins' shares that followed it (late-shares.ts).
      closedAmountMinor:
        row.closed_amount_minor === null ? null : row.closed_amount_minor + lateMinor,
    };
  }

  /** The grant's money into the bonus wallet (once: the key names the grant). */
  async function postGrant(row: BonusGrantRow): Promise<void> {
    const member = memberOf(row);
    const [promotion, bonus] = await Promise.all([
      wallet.houseAccount(row.merchant_code, 'promotion', row.currency),
      wallet.memberAccount(member, 'bonus'),
    ]);
    const operation = await postOperation(db, {
      idempotencyKey: `bonus-grant:${row.id}`,
      kind: 'bonus_grant',
      reference: `bonus:${row.id}`,
      transfers: [{ from: promotion, to: bonus, amountMinor: row.amount_minor, kind: 'bonus' }],
    });
    await repo.setGrantOperation(row.id, operation.operationId);
  }

  /**
   * The closed grant's money out of the bonus wallet: to the main wallet when completed, back
   * to the promotion account when forfeited or expired. One key per grant, so one close ever
   * moves money; what it moves is what is left in the bonus account (bet-order.ts: under
   * bonus_first, stakes and wins have moved it). Nothing left moves nothing and tells nothing.
   */
  async function postClose(row: BonusGrantRow): Promise<void> {
    const outcome = row.status;
    if (outcome === 'open') throw new Error(`bonus ${row.id} is still open: nothing to close`);
    const member = memberOf(row);
    const bonus = await wallet.memberAccount(member, 'bonus');
    const to =
      row.status === 'completed'
        ? await wallet.memberAccount(member, 'main')
        : await wallet.houseAccount(row.merchant_code, 'promotion', row.currency);
    const operation = await betOrder.postLeft(row, member, (amountMinor) =>
      postOperation(db, {
        idempotencyKey: `bonus-close:${row.id}`,
        kind: row.status === 'completed' ? 'bonus_convert' : `bonus_${row.status}`,
        reference: `bonus:${row.id}`,
        transfers: [{ from: bonus, to, amountMinor, kind: 'bonus' }],
      }),
    );
    if (operation.operationId !== null) {
      const operationId = operation.operationId;
      // The member's inbox hears of it once: with the run that records the close's operation.
      await db.transaction().execute(async (trx) => {
        if (!(await repo.setClosedOperation(row.id, operationId, trx))) return;
        await publish(trx, 'bonus.closed', {
          merchantCode: row.merchant_code,
          memberId: row.member_id,
          currency: row.currency,
          grantId: row.id,
          outcome,
          amountMinor: operation.amountMinor,
        });
      });
    }
    // Rounds it staked that are still open: their wins' bonus shares follow this close.
    await lateShares.watch(row);
  }

  async function close(
    id: number,
    status: 'completed' | 'forfeited' | 'expired',
    memberId?: number,
  ): Promise<BonusGrantRow | undefined> {
    const row = await repo.claimClose(id, status, now(), memberId);
    if (row) await postClose(row);
    return row;
  }

  /**
   * Gives a member a bonus (the promotions' issuing seam, an operator's grant). Refused under
   * br-regulated. A second call with the same source answers the first grant and moves nothing.
   */
  async function grant(input: GrantBonusInput, language = 'pt-BR'): Promise<BonusGrant> {
    await assertEnabled(input.member.merchantCode);
    const deposit = input.depositMinor ?? 0;
    const invalid = (detail: string) => new AppError('bonus_grant_invalid', { params: { detail } });
    if (
      !Number.isSafeInteger(input.amountMinor) ||
      input.amountMinor <= 0 ||
      input.amountMinor > MAX_BONUS_MINOR
    )
      throw invalid('amount');
    if (!Number.isSafeInteger(deposit) || deposit < 0 || deposit > MAX_BONUS_MINOR * 100)
      throw invalid('deposit');
    if (
      !Number.isInteger(input.wageringMultiple) ||
      input.wageringMultiple < 0 ||
      input.wageringMultiple > MAX_WAGERING_MULTIPLE
    )
      throw invalid('wagering multiple');
    const lifetimeMs = input.expiresAt.getTime() - now().getTime();
    if (!(lifetimeMs > 0) || lifetimeMs > MAX_BONUS_DAYS * 86_400_000) throw invalid('expiry');
    const base =
      input.wageringBase === 'bonus_deposit' ? input.amountMinor + deposit : input.amountMinor;
    const row = await repo.insertGrant({
      merchant_code: input.member.merchantCode,
      member_id: input.member.memberId,
      currency: input.member.currency,
      source_key: input.sourceKey,
      titles: JSON.stringify(input.titles) as never,
      promotion_id: input.promotionId ?? null,
      amount_minor: input.amountMinor,
      deposit_minor: deposit,
      wagering_multiple: input.wageringMultiple,
      wagering_base: input.wageringBase,
      required_minor: base * input.wageringMultiple,
      expires_at: input.expiresAt,
      grant_operation_id: null,
      closed_at: null,
      closed_operation_id: null,
    });
    if (row.grant_operation_id === null) await postGrant(row);
    // A bonus without a requirement is cash at once.
    if (row.required_minor === 0) await close(row.id, 'completed');
    return view((await repo.grant(row.id))!, language);
  }

  /**
   * The seam's bonus issuer (seam.ts, docs/rewards.md): a promotion's bonus reward becomes a
   * grant keyed by the reward's idempotency key, with the promotion's requirement and title,
   * open for BONUS_LIFETIME_DAYS.
   */
  const issuer: RewardIssuer = {
    async issue(reward: RewardGrant) {
      const granted = await grant({
        member: {
          memberId: reward.memberId,
          merchantCode: reward.merchantCode,
          currency: reward.currency,
        },
        sourceKey: reward.idempotencyKey,
        titles: await repo.promotionTitles(reward.promotionId),
        promotionId: reward.promotionId,
        amountMinor: reward.amountMinor,
        depositMinor: reward.wagering?.depositMinor ?? 0,
        wageringMultiple: reward.wagering?.multiple ?? 0,
        wageringBase: reward.wagering?.base ?? 'bonus',
        expiresAt: new Date(now().getTime() + BONUS_LIFETIME_DAYS * 86_400_000),
      });
      return { reference: `bonus:${granted.id}` };
    },
  };

  /** The weight of each vendor's rounds: its game category's, as the brand set them (percent). */
  async function weightsByVendor(merchantCode: string): Promise<(vendor: string) => number> {
    const [weights, menus] = await Promise.all([
      repo.categoryWeights(merchantCode),
      games.gameMenus(),
    ]);
    const categoryOf = new Map<string, string>();
    for (const menu of menus)
      for (const vendor of menu.vendors)
        if (!categoryOf.has(vendor.code)) categoryOf.set(vendor.code, vendor.gameCategory);
    return (vendor) => {
      const category = categoryOf.get(vendor);
      const weight = category === undefined ? undefined : weights[category];
      return weight ?? DEFAULT_CATEGORY_WEIGHT;
    };
  }

  /**
   * The `bets.settled` handler: each round's valid bet counts toward its member's oldest open
   * requirement that existed when the round settled, by weight, once per (grant, round); met
   * requirements convert. Rounds of members without an open bonus cost one indexed read.
   */
  async function countSettledRounds(rounds: SettledBetRound[]): Promise<void> {
    const counting = rounds.filter((r) => r.validBetMinor > 0);
    const open = await repo.openGrantsOf([...new Set(counting.map((r) => r.memberId))]);
    if (open.length === 0) return;
    const weightOf = new Map<string, (vendor: string) => number>();
    const counts: WagerCount[] = [];
    for (const round of counting) {
      const settledAt = new Date(round.settledAt);
      const target = open.find(
        (g) =>
          g.member_id === round.memberId &&
          g.currency === round.currency &&
          g.created_at <= settledAt,
      );
      if (!target) continue;
      let weigh = weightOf.get(round.merchantCode);
      if (!weigh) {
        weigh = await weightsByVendor(round.merchantCode);
        weightOf.set(round.merchantCode, weigh);
      }
      counts.push({
        grantId: target.id,
        betRoundId: round.betRoundId,
        countedMinor: Math.floor((round.validBetMinor * weigh(round.vendorCode)) / 100),
      });
    }
    for (const id of await repo.count(counts)) await close(id, 'completed');
  }

  /** The member gives up an open bonus (confirmed on the page): its money leaves the bonus wallet. */
  async function forfeit(member: MemberRef, id: number, language: string): Promise<BonusGrant> {
    await assertEnabled(member.merchantCode);
    const existing = await repo.grant(id);
    if (!existing || existing.member_id !== member.memberId) throw new AppError('bonus_not_found');
    const closed = await close(id, 'forfeited', member.memberId);
    if (!closed) throw new AppError('bonus_not_open');
    return view((await repo.grant(id))!, language);
  }

  /** The reward centre's and bonus details' list, with the bonus wallet's balance and the weights. */
  async function list(member: MemberRef, language: string): Promise<BonusList> {
    await assertEnabled(member.merchantCode);
    // A late win's share the job has not moved yet moves now, before the member reads it.
    await lateShares.settle([member.memberId]);
    const [rows, bonusBalanceMinor, weights, order] = await Promise.all([
      repo.grantsOf(member.memberId, BONUS_LIST_LIMIT),
      wallet.purposeBalance(member, 'bonus'),
      repo.categoryWeights(member.merchantCode),
      betOrder.settings(member.merchantCode),
    ]);
    const late = await lateShares.lateSums(
      rows.filter((r) => r.status !== 'open').map((r) => r.id),
    );
    return {
      list: rows.map((row) => view(row, language, late.get(row.id) ?? 0)),
      currency: member.currency,
      bonusBalanceMinor,
      categoryWeights: weights,
      betOrder: order.betOrder,
    };
  }

  /**
   * The expiry job: open grants past their expiry close as expired, each once (the claim is a
   * conditional update, the money one ledger key), then whatever an instance left half-done is posted.
   */
  async function expireDue(at: Date): Promise<number> {
    let expired = 0;
    for (const id of await repo.expiredIds(at, BONUS_JOB_BATCH))
      if (await close(id, 'expired')) expired += 1;
    for (const row of await repo.owed(BONUS_JOB_BATCH)) {
      if (row.grant_operation_id === null) await postGrant(row);
      if (row.status !== 'open' && row.closed_amount_minor === null) await postClose(row);
    }
    for (const id of await repo.metOpenIds(BONUS_JOB_BATCH)) await close(id, 'completed');
    await lateShares.settle(null, BONUS_JOB_BATCH);
    return expired;
  }

  /** What a withdrawal waits for (payments' turnover check): the open requirements together. */
  function openRequirement(member: MemberRef) {
    return repo.openRequirement(member.memberId);
  }

  return {
    /** The brand's bet order (the settings desk reads and saves it here). */
    betOrder,
    grant,
    issuer,
    forfeit,
    list,
    countSettledRounds,
    /**
     * Moves on at once the late wins' bonus shares of these members (docs/bonus.md "A win
     * after its bonus closed"): for the settled-rounds handler to call with the rounds' member
     * ids (one indexed query when none of them has a watch); until then the minute job does it.
     */
    settleLateShares: (memberIds: number[]) => lateShares.settle(memberIds),
    expireDue,
    openRequirement,
    categoryWeights: (merchantCode: string) => repo.categoryWeights(merchantCode),
    setCategoryWeights: (merchantCode: string, weights: Record<string, number>) =>
      repo.setCategoryWeights(merchantCode, weights),
  };
}
export type BonusService = ReturnType<typeof createBonusService>;
