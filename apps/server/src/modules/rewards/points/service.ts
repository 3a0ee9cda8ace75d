import {
  formatMoney,
  type AdminPoints,
  type AdminRedemption,
  type ExchangeRate,
  type Goods,
  type GoodsInput,
  type PointConfig,
  type PointReward,
  type PointTransactionPage,
  type Redemption,
  type RedemptionPage,
  type SavePoints,
} from '@banca/contracts';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import type { DomainEvents } from '../../../lib/events';
import type { GamesService } from '../../games';
import type { Brand } from '../../system';
import {
  postOperation,
  postOperationsTogether,
  type MemberRef,
  type WalletService,
} from '../../wallet';
import type { BonusService } from '../bonus';
import { inLanguage } from '../rules';
import './errors';
import type { Accrual, GoodsRow, PointsRepository, Posting, RedemptionRow } from './repository';

type SettledBetRound = DomainEvents['bets.settled']['rounds'][number];

/** How long a brand's points rules are reused on the bet path before being read again. */
const RULES_TTL_MS = 5_000;
/** Bonus goods stay open this long for their wagering (as promotions' bonuses do). */
const MALL_BONUS_DAYS = 30;
/** Points rates are per R$ 100,00 of valid bets (10,000 minor units). */
const RATE_BASE_MINOR = 10_000;
/**
 * A decided redeem whose money has not moved this long after its decision is the job's to
 * settle (the decision's own request posts within it; both would post once anyway, by key).
 */
const SETTLE_AFTER_MS = 30_000;
/** Decided redeems the job settles per run. */
const SETTLE_BATCH = 100;
/**
 * Members' accruals posted per ledger call: one call of the batch function writes them as a
 * set (a lottery draw's settlement posts thousands the same way), short enough not to hold the
 * promotion house account's shards long.
 */
const POST_BATCH = 500;
/** Ledger calls per posting run (20,000 members a minute); more waits for the next minute. */
const POST_BATCHES_PER_RUN = 40;

/** The exchange-rate row a conversion of `points` uses: the highest minPoints it reaches. */
export function rateFor(rates: ExchangeRate[], points: number): ExchangeRate | null {
  return (
    [...rates].sort((a, b) => b.minPoints - a.minPoints).find((r) => points >= r.minPoints) ?? null
  );
}
/** Cash (minor units) that `points` buy at a rate: pointsPerUnit points per currency unit, rounded down. */
export function cashFor(rate: ExchangeRate, points: number): number {
  return Math.floor((points * 100) / rate.pointsPerUnit);
}

/** A text in the language, else the pt-BR column (an empty language falls back to it). */
function textIn(texts: Record<string, string>, language: string, fallback: string): string {
  return texts[language] || fallback || inLanguage(texts, language);
}
function goodsView(g: GoodsRow, language = 'pt-BR'): Goods {
  return {
    id: Number(g.id),
    kind: g.kind,
    name: textIn(g.names, language, g.name),
    description: textIn(g.descriptions, language, g.description),
    names: g.names,
    descriptions: g.descriptions,
    pointsCost: g.points_cost,
    amountRequirementMinor: g.amount_requirement_minor,
    valueMinor: g.value_minor,
    wageringMultiple: g.wagering_multiple,
    stock: g.stock,
    enabled: g.enabled,
    sortOrder: g.sort_order,
  };
}
function redemptionView(r: RedemptionRow, names?: Record<string, string>, language = 'pt-BR') {
  return {
    id: r.id,
    goodsId: r.goods_id,
    goodsName: names ? textIn(names, language, r.goods_name) : r.goods_name,
    quantity: r.quantity,
    points: r.points,
    valueMinor: r.value_minor,
    status: r.status,
    address: r.address,
    mobile: r.mobile,
    remark: r.remark,
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
  } satisfies Redemption;
}

/**
 * Points and the points mall (docs/loyalty.md): points earned from valid bets by category rates,
 * accrued per member and posted to the member's points wallet once a minute
 * (`points-earned:<merchant>:<member>:<currency>:<n>`, never expiring), redeems of
 * goods (stock taken by one conditional update, points by `mall-redeem:<id>`) that an operator
 * approves (cash or bonus paid: `mall-fulfil:<id>`) or rejects (points back: `mall-refund:<id>`),
 * and conversions of points to cash at the exchange-rate table (`points-convert:<id>`). Redeems
 * and conversions check the payment password through the one lock-out limiter (security).
 */
export function createPointsService(deps: {
  db: Db;
  repo: PointsRepository;
  wallet: WalletService;
  games: Pick<GamesService, 'gameMenus'>;
  bonus: Pick<BonusService, 'grant'>;
  security: { checkPaymentPassword(memberId: number, ip: string, password: string): Promise<void> };
  /** The member's valid bets over the VIP window (the goods' amount requirement). */
  validBetOf: (member: MemberRef, brand: Brand) => Promise<number>;
  now?: () => Date;
}) {
  const { db, repo, wallet } = deps;
  const now = deps.now ?? (() => new Date());
  const cache = new Map<string, { at: number; settings: Promise<PointConfig> }>();

  function config(merchantCode: string, currency: string): Promise<PointConfig> {
    const hit = cache.get(merchantCode);
    if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit.settings;
    const loaded = repo.settings(merchantCode).then((s) => ({
      enabled: s?.enabled ?? false,
      currency,
      rates: s?.rates ?? {},
      exchangeRates: s?.exchange_rates ?? [],
    }));
    cache.set(merchantCode, { at: Date.now(), settings: loaded });
    loaded.catch(() => cache.delete(merchantCode));
    return loaded;
  }

  async function categoryOfVendor(): Promise<Map<string, string>> {
    const categoryOf = new Map<string, string>();
    for (const menu of await deps.games.gameMenus())
      for (const vendor of menu.vendors)
        if (!categoryOf.has(vendor.code)) categoryOf.set(vendor.code, vendor.gameCategory);
    return categoryOf;
  }

  /**
   * The `bets.settled` handler: each event's valid bets earn points by their category's rate,
   * per member and event, added to the member's accrual in one statement that also records the
   * events as counted, so a redelivered event earns nothing. No ledger call on the bet path: one
   * ledger operation per (event, member) was ~2.5 of bench:pam's 16.5 rows written per round
   * with loyalty on; `postAccrued` posts each member's accrual once a minute. A batch of a brand
   * without points rules costs no query beyond the cached rules.
   */
  async function onRoundsSettled(events: { id: number; rounds: SettledBetRound[] }[]) {
    let categories: Map<string, string> | null = null;
    const accruals: Accrual[] = [];
    for (const event of events) {
      const earned = new Map<string, { member: MemberRef; byCategory: Map<string, number> }>();
      for (const r of event.rounds) {
        if (r.validBetMinor <= 0) continue;
        const settings = await config(r.merchantCode, r.currency);
        if (!settings.enabled || Object.keys(settings.rates).length === 0) continue;
        categories ??= await categoryOfVendor();
        const category = categories.get(r.vendorCode) ?? 'OTHER';
        if (!settings.rates[category]) continue;
        const key = `${r.merchantCode}:${r.memberId}:${r.currency}`;
        const entry = earned.get(key) ?? {
          member: { memberId: r.memberId, merchantCode: r.merchantCode, currency: r.currency },
          byCategory: new Map<string, number>(),
        };
        entry.byCategory.set(category, (entry.byCategory.get(category) ?? 0) + r.validBetMinor);
        earned.set(key, entry);
      }
      for (const { member, byCategory } of earned.values()) {
        const settings = await config(member.merchantCode, member.currency);
        let points = 0;
        for (const [category, validBet] of byCategory)
          points += Math.floor((validBet * (settings.rates[category] ?? 0)) / RATE_BASE_MINOR);
        if (points > 0) accruals.push({ eventId: event.id, ...member, points });
      }
    }
    await repo.accrue(accruals);
  }

  /** One posting's ledger operation: the promotion house account to the member's points. */
  async function postingOperation(posting: Posting) {
    const member = {
      memberId: posting.memberId,
      merchantCode: posting.merchantCode,
      currency: posting.currency,
    };
    const [promotion, points] = await Promise.all([
      wallet.houseAccount(member.merchantCode, 'promotion', member.currency),
      wallet.memberAccount(member, 'points'),
    ]);
    return {
      idempotencyKey: posting.key,
      kind: 'points_earned',
      // Part of the operation's fingerprint: derived from the key alone, so a replay matches.
      reference: `points-accrual:${posting.key.slice('points-earned:'.length)}`,
      transfers: [
        { from: promotion, to: points, amountMinor: posting.points, kind: 'points_earned' },
      ],
    };
  }

  /**
   * Posts the accrued points (the job `rewards.points-post` each minute; tests and journeys call
   * it directly): up to POST_BATCH members' accruals are taken into postings (each under its
   * own key), posted in ONE call of the ledger's batch function, then cleared by key. A run cut
   * off after the ledger call and before the clear leaves the postings as they were: the next run
   * posts the same keys with the same amounts, which the ledger answers as replays. A posting the
   * ledger refuses stays for the next run; the first refusal is thrown once the others are
   * cleared, so the run is retried and logged. Answers the points posted.
   */
  async function postAccrued(): Promise<number> {
    const startedAt = await repo.clock();
    let posted = 0;
    let failure: unknown = null;
    for (let batch = 0; batch < POST_BATCHES_PER_RUN; batch += 1) {
      const postings = await repo.takePostings(startedAt, POST_BATCH);
      if (postings.length === 0) break;
      const results = await postOperationsTogether(
        db,
        await Promise.all(postings.map(postingOperation)),
      );
      const done = postings.filter((_, i) => !(results[i] instanceof Error));
      failure ??= results.find((r) => r instanceof Error) ?? null;
      await repo.clearPostings(done);
      posted += done.reduce((sum, p) => sum + p.points, 0);
      if (postings.length < POST_BATCH) break;
    }
    if (failure) throw failure;
    return posted;
  }

  /** The member's points counted from settled rounds and not yet in the points wallet. */
  async function pending(member: MemberRef): Promise<number> {
    return repo.pending(member.merchantCode, member.memberId, member.currency);
  }

  async function balance(member: MemberRef): Promise<number> {
    return wallet.purposeBalance(member, 'points');
  }

  async function assertEnabled(brand: Brand): Promise<PointConfig> {
    const settings = await config(brand.merchantCode, brand.currency);
    if (!settings.enabled) throw new AppError('points_disabled');
    return settings;
  }

  async function rewards(
    brand: Brand,
    member: MemberRef | null,
    language = 'pt-BR',
  ): Promise<PointReward> {
    const list = await repo.goodsList(brand.merchantCode, true);
    return {
      currency: brand.currency,
      list: list.map((g) => goodsView(g, language)),
      validBetMinor: member ? await deps.validBetOf(member, brand) : 0,
    };
  }

  /** Takes the points of a recorded redeem or conversion; refused: the record is undone. */
  async function takePoints(
    member: MemberRef,
    row: RedemptionRow,
    key: string,
    cash: { minor: number } | null,
  ) {
    const [promotion, points, main] = await Promise.all([
      wallet.houseAccount(member.merchantCode, 'promotion', member.currency),
      wallet.memberAccount(member, 'points'),
      wallet.memberAccount(member, 'main'),
    ]);
    try {
      await postOperation(db, {
        idempotencyKey: key,
        kind: cash ? 'points_convert' : 'mall_redeem',
        reference: `mall:${row.id}`,
        transfers: [
          { from: points, to: promotion, amountMinor: row.points, kind: 'points_spent' },
          ...(cash
            ? [{ from: promotion, to: main, amountMinor: cash.minor, kind: 'points_convert' }]
            : []),
        ],
      });
    } catch (error) {
      await repo.undo(row);
      if (error instanceof AppError && error.code === 'insufficient_funds')
        throw new AppError('points_insufficient', { params: { balance: await balance(member) } });
      throw error;
    }
  }

  async function assertPoints(member: MemberRef, needed: number) {
    const held = await balance(member);
    if (held < needed) throw new AppError('points_insufficient', { params: { balance: held } });
  }

  /**
   * Redeems goods: the payment password (counted by the lock-out limiter), the goods, the
   * amount requirement and the points are checked; the stock's conditional update decides a race
   * for the last items; the points leave the points wallet. In process until an operator decides.
   */
  async function redeem(
    member: MemberRef,
    brand: Brand,
    client: { ip: string; language: string },
    input: {
      goodsId: number;
      quantity: number;
      paymentPassword: string;
      address?: string | undefined;
      mobile?: string | undefined;
      remark?: string | undefined;
    },
  ): Promise<Redemption> {
    await assertEnabled(brand);
    await deps.security.checkPaymentPassword(member.memberId, client.ip, input.paymentPassword);
    const goods = await repo.goods(input.goodsId);
    if (!goods || !goods.enabled || goods.merchant_code !== brand.merchantCode)
      throw new AppError('mall_goods_not_found');
    if (goods.kind === 'physical' && (!input.address || !input.mobile))
      throw new AppError('mall_address_required');
    if (goods.amount_requirement_minor > 0) {
      const validBet = await deps.validBetOf(member, brand);
      if (validBet < goods.amount_requirement_minor)
        throw new AppError('mall_requirement_not_met', {
          params: {
            amount: formatMoney(goods.amount_requirement_minor, brand.currency, client.language),
          },
        });
    }
    const points = goods.points_cost * input.quantity;
    await assertPoints(member, points);
    const row = await repo.takeAndRecord(goods.id, {
      merchant_code: brand.merchantCode,
      member_id: member.memberId,
      currency: member.currency,
      goods_id: goods.id,
      goods_name: goods.name,
      quantity: input.quantity,
      points,
      value_minor: goods.value_minor * input.quantity,
      status: 'in_process',
      address: goods.kind === 'physical' ? (input.address ?? null) : null,
      mobile: goods.kind === 'physical' ? (input.mobile ?? null) : null,
      remark: input.remark ?? null,
    });
    if (!row) throw new AppError('mall_out_of_stock');
    await takePoints(member, row, `mall-redeem:${row.id}`, null);
    return redemptionView(row);
  }

  /** Converts points to cash at the exchange-rate table, at once (payment password checked). */
  async function convert(
    member: MemberRef,
    brand: Brand,
    ip: string,
    input: { points: number; paymentPassword: string },
  ): Promise<Redemption> {
    const settings = await assertEnabled(brand);
    await deps.security.checkPaymentPassword(member.memberId, ip, input.paymentPassword);
    const rate = rateFor(settings.exchangeRates, input.points);
    const smallest = Math.min(...settings.exchangeRates.map((r) => r.minPoints));
    if (!rate || cashFor(rate, input.points) <= 0)
      throw new AppError('points_convert_too_small', {
        params: { minPoints: Number.isFinite(smallest) ? smallest : input.points + 1 },
      });
    await assertPoints(member, input.points);
    const cash = cashFor(rate, input.points);
    const row = await repo.insertRedemption({
      merchant_code: brand.merchantCode,
      member_id: member.memberId,
      currency: member.currency,
      goods_id: null,
      goods_name: 'points_convert',
      quantity: 1,
      points: input.points,
      value_minor: cash,
      status: 'approved',
      address: null,
      mobile: null,
      remark: null,
      // The conversion's one ledger operation is its money movement: nothing left to settle.
      settled_at: new Date(),
    });
    await takePoints(member, row, `points-convert:${row.id}`, { minor: cash });
    return redemptionView(row);
  }

  async function redeemList(
    member: MemberRef,
    page: { pageNo: number; pageSize: number },
    language = 'pt-BR',
  ): Promise<RedemptionPage> {
    const { rows, total } = await repo.redemptionsOf(
      member.memberId,
      page.pageSize,
      (page.pageNo - 1) * page.pageSize,
    );
    // The goods' names in the member's language (the row keeps the pt-BR name it was redeemed as).
    const names = await repo.goodsNames(
      rows.flatMap((r) => (r.goods_id === null ? [] : [r.goods_id])),
    );
    return {
      list: rows.map((r) =>
        redemptionView(r, r.goods_id === null ? undefined : names.get(r.goods_id), language),
      ),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount: total,
    };
  }

  async function transactions(
    member: MemberRef,
    page: { pageNo: number; pageSize: number },
  ): Promise<PointTransactionPage> {
    const records = await wallet.records(member, { ...page, purpose: 'points' });
    return {
      list: records.list.map((t) => ({
        id: t.id,
        time: t.time,
        type: t.type,
        changedPoints: t.amountMinor,
        balanceAfter: t.balanceAfterMinor,
      })),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount: records.totalCount,
    };
  }

  // ── console ──────────────────────────────────────────────────────────────────

  async function adminSettings(merchantCode: string): Promise<AdminPoints> {
    cache.delete(merchantCode);
    const s = await repo.settings(merchantCode);
    return {
      merchantCode,
      enabled: s?.enabled ?? false,
      rates: s?.rates ?? {},
      exchangeRates: s?.exchange_rates ?? [],
    };
  }

  async function saveSettings(input: SavePoints) {
    const before = await adminSettings(input.merchantCode);
    await repo.saveSettings({
      merchant_code: input.merchantCode,
      enabled: input.enabled,
      rates: input.rates,
      exchange_rates: [...input.exchangeRates].sort((a, b) => a.minPoints - b.minPoints),
    });
    return { before, after: await adminSettings(input.merchantCode) };
  }

  /** The texts per language; pt-BR's name is required, an empty English text falls back to it. */
  function goodsTexts(input: GoodsInput) {
    const names = {
      'pt-BR': input.names?.['pt-BR'] ?? input.name ?? '',
      en: input.names?.en ?? '',
    };
    if (!input.names && input.name) names.en = input.name;
    const descriptions = {
      'pt-BR': input.descriptions?.['pt-BR'] ?? input.description ?? '',
      en: input.descriptions?.en ?? (input.descriptions ? '' : (input.description ?? '')),
    };
    if (!names['pt-BR'].trim()) throw new AppError('mall_goods_name_required');
    return { names, descriptions };
  }

  const goodsRow = (input: GoodsInput) => {
    const { names, descriptions } = goodsTexts(input);
    return {
      kind: input.kind,
      name: names['pt-BR'],
      description: descriptions['pt-BR'],
      names: JSON.stringify(names),
      descriptions: JSON.stringify(descriptions),
      points_cost: input.pointsCost,
      amount_requirement_minor: input.amountRequirementMinor ?? 0,
      value_minor: input.kind === 'physical' ? 0 : (input.valueMinor ?? 0),
      wagering_multiple: input.kind === 'bonus' ? (input.wageringMultiple ?? 0) : 0,
      stock: input.stock,
      enabled: input.enabled ?? true,
      sort_order: input.sortOrder ?? 0,
    };
  };

  async function createGoods(merchantCode: string, input: GoodsInput): Promise<Goods> {
    return goodsView(await repo.insertGoods({ merchant_code: merchantCode, ...goodsRow(input) }));
  }

  async function updateGoods(id: number, input: GoodsInput) {
    const before = await repo.goods(id);
    if (!before) throw new AppError('mall_goods_not_found');
    const after = await repo.updateGoods(id, goodsRow(input));
    if (!after) throw new AppError('mall_goods_not_found');
    return { before: goodsView(before), after: goodsView(after) };
  }

  async function queue(
    query: {
      merchantCode: string;
      status?: RedemptionRow['status'] | undefined;
      pageNo: number;
      pageSize: number;
    },
    usernames: (ids: number[]) => Promise<Map<number, string>>,
  ) {
    const { rows, total } = await repo.queue(
      query.merchantCode,
      query.status,
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    const names = await usernames([...new Set(rows.map((r) => r.member_id))]);
    const list: AdminRedemption[] = rows.map((r) => ({
      ...redemptionView(r),
      memberId: r.member_id,
      username: names.get(r.member_id) ?? String(r.member_id),
      kind: r.goods_kind,
    }));
    return { list, pageNo: query.pageNo, pageSize: query.pageSize, totalCount: total };
  }

  /**
   * A decided redeem's money movement, by its key: reject gives the points back
   * (`mall-refund:<id>`), approve pays a cash voucher to the main wallet or grants a bonus
   * (`mall-fulfil:<id>`); physical goods move nothing. Then the row is marked settled. Run by the
   * decision and again by the job for a row whose movement failed: the keys make it once.
   */
  async function settle(row: RedemptionRow): Promise<GoodsRow | undefined> {
    const member = {
      memberId: row.member_id,
      merchantCode: row.merchant_code,
      currency: row.currency,
    };
    const goods = row.goods_id === null ? undefined : await repo.goods(row.goods_id);
    const promotion = await wallet.houseAccount(row.merchant_code, 'promotion', row.currency);
    if (row.status === 'rejected') {
      await postOperation(db, {
        idempotencyKey: `mall-refund:${row.id}`,
        kind: 'mall_refund',
        reference: `mall:${row.id}`,
        transfers: [
          {
            from: promotion,
            to: await wallet.memberAccount(member, 'points'),
            amountMinor: row.points,
            kind: 'points_refund',
          },
        ],
      });
    } else if (row.status === 'approved' && goods?.kind === 'cash' && row.value_minor > 0) {
      await postOperation(db, {
        idempotencyKey: `mall-fulfil:${row.id}`,
        kind: 'mall_cash',
        reference: `mall:${row.id}`,
        transfers: [
          {
            from: promotion,
            to: await wallet.memberAccount(member, 'main'),
            amountMinor: row.value_minor,
            kind: 'bonus',
          },
        ],
      });
    } else if (row.status === 'approved' && goods?.kind === 'bonus' && row.value_minor > 0) {
      await deps.bonus.grant({
        member,
        sourceKey: `mall-fulfil:${row.id}`,
        titles: {
          'pt-BR': textIn(goods.names, 'pt-BR', row.goods_name),
          en: textIn(goods.names, 'en', row.goods_name),
        },
        promotionId: null,
        amountMinor: row.value_minor,
        wageringMultiple: goods.wagering_multiple,
        wageringBase: 'bonus',
        // From the decision, so a retry grants the bonus the decision would have (at least a day).
        expiresAt: new Date(
          Math.max(
            (row.decided_at ?? now()).getTime() + MALL_BONUS_DAYS * 86_400_000,
            now().getTime() + 86_400_000,
          ),
        ),
      });
    }
    await repo.markSettled(row.id);
    return goods;
  }

  /**
   * An operator's decision on an in-process redeem (one of two decisions wins): approve pays a
   * cash voucher to the main wallet or a bonus to the bonus wallet (physical goods are shipped);
   * reject gives the points back (the items returned to stock with the decision). If the money
   * movement fails after the status changed, the error reaches the operator and the job
   * `rewards.mall-settle` posts it again with the same key.
   */
  async function decide(
    id: number,
    decision: 'approve' | 'reject',
    reason: string | null,
    staffId: string,
  ) {
    const before = await repo.redemption(id);
    if (!before) throw new AppError('mall_redemption_not_found');
    const row = await repo.decide(
      id,
      decision === 'approve' ? 'approved' : 'rejected',
      reason,
      staffId,
    );
    if (!row) throw new AppError('mall_redemption_decided');
    const goods = await settle(row);
    return {
      before: redemptionView(before),
      after: { ...redemptionView(row), kind: goods?.kind ?? null, memberId: row.member_id },
    };
  }

  /**
   * The job: decided redeems whose money has not moved (the ledger or the bonus part failed
   * after the decision) are settled again with their keys. A row that fails again waits for
   * the next run; the first failure is thrown after the others were tried, so the run is
   * retried and logged.
   */
  async function settleDecided(): Promise<number> {
    const rows = await repo.unsettled(new Date(now().getTime() - SETTLE_AFTER_MS), SETTLE_BATCH);
    let settled = 0;
    let failure: unknown = null;
    for (const row of rows) {
      try {
        await settle(row);
        settled += 1;
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return settled;
  }

  return {
    onRoundsSettled,
    postAccrued,
    pending,
    balance,
    config: (brand: Brand) => config(brand.merchantCode, brand.currency),
    rewards,
    redeem,
    convert,
    redeemList,
    transactions,
    admin: {
      settings: adminSettings,
      saveSettings,
      goodsList: async (merchantCode: string) =>
        (await repo.goodsList(merchantCode, false)).map((g) => goodsView(g)),
      createGoods,
      updateGoods,
      queue,
      decide,
    },
    settleDecided,
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
