import type { AdminVip, SaveVip, VipCard, VipLevel, VipOverview } from '@banca/contracts';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import type { JobPeriod } from '../../../lib/jobs';
import type { DomainEvents } from '../../../lib/events';
import type { MessagesService } from '../../messages';
import type { RealtimeService } from '../../realtime';
import type { Brand, SystemService } from '../../system';
import {
  dayInZone,
  postOperation,
  startOfDayUtc,
  type MemberRef,
  type WalletService,
} from '../../wallet';
import './errors';
import './events';
import type { ActivityDelta, RecalcWindows, VipLevelRow, VipRepository } from './repository';

type SettledBetRound = DomainEvents['bets.settled']['rounds'][number];
type DepositCredited = DomainEvents['deposit.credited'];
type LevelChanged = DomainEvents['vip.level-changed'];

/** How long a brand's VIP rules are reused before being read again (the bet path reads them per batch). */
const RULES_TTL_MS = 5_000;
/** Rewards paid per run of the paying loop (a job's run continues on the next period). */
const REWARDS_PER_RUN = 5_000;

/** The calendar day `days` after `day` (yyyy-mm-dd). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
function firstOfMonth(day: string, monthsBack = 0): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return d.toISOString().slice(0, 10);
}

type Rules = {
  enabled: boolean;
  period: 'rolling' | 'month';
  rollingDays: number;
  requirement: 'all' | 'any';
  levels: VipLevelRow[];
};

function levelView(l: VipLevelRow): VipLevel {
  return {
    rank: l.rank,
    name: l.name,
    depositMinor: l.deposit_minor,
    validBetMinor: l.valid_bet_minor,
    keepDepositMinor: l.keep_deposit_minor,
    keepValidBetMinor: l.keep_valid_bet_minor,
    levelUpRewardMinor: l.level_up_reward_minor,
    weeklyRewardMinor: l.weekly_reward_minor,
    monthlyRewardMinor: l.monthly_reward_minor,
    cashbackRateBp: l.cashback_rate_bp,
  };
}

/**
 * VIP levels (docs/loyalty.md "VIP"): each member's deposits and valid bets per day are summed as
 * settled bets and credited deposits arrive (one statement per batch), levels rise at once on
 * those and are recalculated (up and down, by the keep rules) by the hourly job, each in one
 * set-based statement that also writes the `vip.level-changed` events. Level-up rewards are owed
 * once per member and level, weekly and monthly ones once per member and period, and paid through
 * the ledger from the brand's promotion account (`vip-reward:<id>`).
 */
export function createVipService(deps: {
  db: Db;
  repo: VipRepository;
  wallet: WalletService;
  system: Pick<SystemService, 'brandByCode'>;
  messages: Pick<MessagesService, 'deliverMany'>;
  realtime: Pick<RealtimeService, 'pushMany'>;
  now?: () => Date;
}) {
  const { db, repo, wallet, system } = deps;
  const now = deps.now ?? (() => new Date());
  const cache = new Map<string, { at: number; rules: Promise<Rules> }>();

  function rules(merchantCode: string): Promise<Rules> {
    const hit = cache.get(merchantCode);
    if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit.rules;
    const loaded = (async () => {
      const [settings, levels] = await Promise.all([
        repo.settings(merchantCode),
        repo.levels(merchantCode),
      ]);
      return {
        enabled: settings?.enabled ?? false,
        period: settings?.period ?? 'rolling',
        rollingDays: settings?.rolling_days ?? 30,
        requirement: settings?.requirement ?? 'all',
        levels,
      } satisfies Rules;
    })();
    cache.set(merchantCode, { at: Date.now(), rules: loaded });
    loaded.catch(() => cache.delete(merchantCode));
    return loaded;
  }

  /** The windows of a brand's rules on `today` (the brand's day). */
  function windowsOf(r: Rules, today: string, withKeep: boolean): RecalcWindows {
    if (r.period === 'month') {
      const upFrom = firstOfMonth(today);
      return {
        upFrom,
        upTo: today,
        keep: withKeep ? { from: firstOfMonth(today, 1), to: addDays(upFrom, -1) } : null,
      };
    }
    const upFrom = addDays(today, 1 - r.rollingDays);
    return { upFrom, upTo: today, keep: withKeep ? { from: upFrom, to: today } : null };
  }

  /**
   * Adds deltas and raises the levels of the members they touch, per brand, in one transaction.
   * The brands' rules are read first: on the embedded database a read outside the transaction
   * would wait for its one connection.
   */
  async function count(handler: string, events: { id: number; deltas: ActivityDelta[] }[]) {
    const brands = new Map<string, { rules: Rules; brand: Brand | null }>();
    for (const e of events)
      for (const d of e.deltas)
        if (!brands.has(d.merchantCode))
          brands.set(d.merchantCode, {
            rules: await rules(d.merchantCode),
            brand: await system.brandByCode(d.merchantCode),
          });
    const at = now();
    await db.transaction().execute(async (trx) => {
      const fresh = await repo.firstCounted(
        trx,
        handler,
        events.map((e) => e.id),
      );
      const deltas = events.filter((e) => fresh.has(e.id)).flatMap((e) => e.deltas);
      await repo.addActivity(trx, deltas);
      for (const [merchantCode, { rules: r, brand }] of brands) {
        const memberIds = [
          ...new Set(deltas.filter((d) => d.merchantCode === merchantCode).map((d) => d.memberId)),
        ];
        if (!r.enabled || r.levels.length === 0 || !brand || memberIds.length === 0) continue;
        await repo.recalculate(trx, {
          merchantCode,
          currency: brand.currency,
          all: r.requirement === 'all',
          windows: windowsOf(r, dayInZone(at, brand.timeZone), false),
          memberIds,
          at,
        });
      }
    });
  }

  async function zoneOf(merchantCode: string): Promise<string> {
    return (await system.brandByCode(merchantCode))?.timeZone ?? 'America/Sao_Paulo';
  }

  /** The `bets.settled` handler: valid bets by member and day, then the touched members' levels. */
  async function onRoundsSettled(events: { id: number; rounds: SettledBetRound[] }[]) {
    const zones = new Map<string, string>();
    for (const e of events)
      for (const r of e.rounds)
        if (!zones.has(r.merchantCode)) zones.set(r.merchantCode, await zoneOf(r.merchantCode));
    await count(
      'vip-rounds',
      events.map((e) => ({
        id: e.id,
        deltas: e.rounds
          .filter((r) => r.validBetMinor > 0)
          .map((r) => ({
            memberId: r.memberId,
            merchantCode: r.merchantCode,
            day: dayInZone(new Date(r.settledAt), zones.get(r.merchantCode)!),
            depositMinor: 0,
            validBetMinor: r.validBetMinor,
          })),
      })),
    );
  }

  /** The `deposit.credited` handler: the deposit counts on the day it was credited. */
  async function onDepositsCredited(events: { id: number; payload: DepositCredited }[]) {
    const deltas = [];
    for (const { id, payload: p } of events)
      deltas.push({
        id,
        deltas: [
          {
            memberId: p.memberId,
            merchantCode: p.merchantCode,
            day: dayInZone(new Date(p.creditedAt), await zoneOf(p.merchantCode)),
            depositMinor: p.amountMinor,
            validBetMinor: 0,
          },
        ],
      });
    await count('vip-deposits', deltas);
  }

  /** Recalculates every member of a brand (up and down); answers how many levels changed. */
  async function recalculate(brand: Brand): Promise<number> {
    const r = await rules(brand.merchantCode);
    if (!r.enabled || r.levels.length === 0) return 0;
    const at = now();
    const changes = await db.transaction().execute((trx) =>
      repo.recalculate(trx, {
        merchantCode: brand.merchantCode,
        currency: brand.currency,
        all: r.requirement === 'all',
        windows: windowsOf(r, dayInZone(at, brand.timeZone), true),
        memberIds: null,
        at,
      }),
    );
    return changes.length;
  }

  /** Posts owed rewards (of some members, or all) to the main wallet, each once. */
  async function payOwed(memberIds: number[] | null): Promise<void> {
    const owed = await repo.unpaid(memberIds, REWARDS_PER_RUN);
    for (const row of owed) {
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
        idempotencyKey: `vip-reward:${row.id}`,
        kind: 'vip_reward',
        reference: `vip:${row.kind}:${row.period_key}`,
        transfers: [{ from: promotion, to: main, amountMinor: row.amount_minor, kind: 'bonus' }],
      });
      await repo.setOperation(row.id, operation.operationId);
    }
  }

  /**
   * The hourly job: every VIP brand's levels recalculated; at the brand's midnight that starts a
   * week (Monday) or a month, the ended period's rewards owed at the levels held then, and paid.
   */
  async function runHourly(period: JobPeriod): Promise<void> {
    for (const merchantCode of await repo.enabledBrands()) {
      const brand = await system.brandByCode(merchantCode);
      if (!brand) continue;
      await recalculate(brand);
      const today = dayInZone(period.endUtc, brand.timeZone);
      const midnight = startOfDayUtc(today, brand.timeZone);
      if (midnight <= period.startUtc || midnight > period.endUtc) continue;
      const owe = (kind: 'weekly' | 'monthly', periodKey: string) =>
        repo.owePeriodic({ merchantCode, currency: brand.currency, kind, periodKey });
      if (new Date(`${today}T12:00:00Z`).getUTCDay() === 1)
        await owe('weekly', `week:${addDays(today, -7)}`);
      if (today.endsWith('-01'))
        await owe('monthly', `month:${firstOfMonth(today, 1).slice(0, 7)}`);
    }
    await payOwed(null);
  }

  /**
   * The `vip.level-changed` handler: rises owe (and pay) the level-up rewards of every level
   * passed, each once ever; every change is an inbox message and a VIP_LEVEL push.
   */
  async function onLevelsChanged(events: { id: number; payload: LevelChanged; createdAt: Date }[]) {
    const rises = events.map((e) => e.payload).filter((p) => p.toRank > p.fromRank);
    await repo.oweLevelUps(rises);
    if (rises.length > 0) await payOwed([...new Set(rises.map((p) => p.memberId))]);
    const names = new Map<string, string>();
    for (const { payload: p } of events) {
      const level = (await rules(p.merchantCode)).levels.find((l) => l.rank === p.toRank);
      names.set(`${p.merchantCode}:${p.toRank}`, level?.name ?? `VIP ${p.toRank}`);
    }
    const nameOf = (p: LevelChanged) => names.get(`${p.merchantCode}:${p.toRank}`)!;
    const rewardOf = async (p: LevelChanged) =>
      (await rules(p.merchantCode)).levels
        .filter((l) => l.rank > p.fromRank && l.rank <= p.toRank)
        .reduce((sum, l) => sum + l.level_up_reward_minor, 0);
    const messages = [];
    for (const { id, payload: p, createdAt } of events)
      messages.push({
        memberId: p.memberId,
        merchantCode: p.merchantCode,
        kind: 'vip_level_changed' as const,
        params: { amountMinor: await rewardOf(p), currency: p.currency, detail: nameOf(p) },
        sourceKey: `vip_level_changed:${id}`,
        at: createdAt,
      });
    await deps.messages.deliverMany(messages);
    await deps.realtime.pushMany(
      events.map(({ id, payload: p }) => ({
        owner: p,
        type: 'VIP_LEVEL' as const,
        data: { fromRank: p.fromRank, toRank: p.toRank, name: nameOf(p), time: p.at },
        sourceKey: `vip.level-changed:${id}`,
      })),
    );
  }

  /** The member's figures over the brand's window and what the next level still needs. */
  async function card(member: MemberRef, brand: Brand, r: Rules): Promise<VipCard> {
    const w = windowsOf(r, dayInZone(now(), brand.timeZone), false);
    const [rank, figures] = await Promise.all([
      repo.rankOf(member.memberId),
      repo.figures(member.memberId, w.upFrom, w.upTo),
    ]);
    const current = r.levels.find((l) => l.rank === rank);
    const next = r.levels.find((l) => l.rank > rank);
    const missing = (need: number, have: number) => Math.max(0, need - have);
    let nextView: VipCard['next'] = null;
    if (next) {
      const parts = [
        [next.deposit_minor, figures.depositMinor],
        [next.valid_bet_minor, figures.validBetMinor],
      ].filter(([need]) => need! > 0) as [number, number][];
      const shares = parts.map(([need, have]) => Math.min(1, have / need));
      const share =
        shares.length === 0
          ? 1
          : r.requirement === 'all'
            ? Math.min(...shares)
            : Math.max(...shares);
      nextView = {
        rank: next.rank,
        name: next.name,
        missingDepositMinor: missing(next.deposit_minor, figures.depositMinor),
        missingValidBetMinor: missing(next.valid_bet_minor, figures.validBetMinor),
        percent: Math.floor(share * 100),
      };
    }
    return {
      rank,
      name: current?.name ?? r.levels[0]?.name ?? 'VIP 0',
      depositMinor: figures.depositMinor,
      validBetMinor: figures.validBetMinor,
      next: nextView,
    };
  }

  /** The VIP page: the levels' table (public) and, for a member, their card. */
  async function overview(brand: Brand, member: MemberRef | null): Promise<VipOverview> {
    const r = await rules(brand.merchantCode);
    return {
      enabled: r.enabled,
      currency: brand.currency,
      settings: {
        enabled: r.enabled,
        period: r.period,
        rollingDays: r.rollingDays,
        requirement: r.requirement,
      },
      levels: r.levels.map(levelView),
      card: member && r.enabled && r.levels.length > 0 ? await card(member, brand, r) : null,
    };
  }

  /**
   * The cashback rate of the member's level (basis points), for the cashback part's per-member
   * rate; null when the brand's VIP is off or the level sets none.
   */
  async function cashbackRateFor(member: { memberId: number; merchantCode: string }) {
    const r = await rules(member.merchantCode);
    if (!r.enabled) return null;
    const rank = await repo.rankOf(member.memberId);
    const rate = r.levels.find((l) => l.rank === rank)?.cashback_rate_bp ?? 0;
    return rate > 0 ? rate : null;
  }

  /** The member's level for member info (the header's VIP label); null when the brand's VIP is off. */
  async function badgeFor(member: { memberId: number; merchantCode: string }) {
    const r = await rules(member.merchantCode);
    if (!r.enabled || r.levels.length === 0) return null;
    const rank = await repo.rankOf(member.memberId);
    return { label: r.levels.find((l) => l.rank === rank)?.name ?? `VIP ${rank}`, level: rank };
  }

  /** The member's valid bets over the brand's window (the mall's amount requirement). */
  async function windowValidBet(member: MemberRef, brand: Brand): Promise<number> {
    const w = windowsOf(await rules(brand.merchantCode), dayInZone(now(), brand.timeZone), false);
    return (await repo.figures(member.memberId, w.upFrom, w.upTo)).validBetMinor;
  }

  async function adminView(merchantCode: string): Promise<AdminVip> {
    cache.delete(merchantCode);
    const r = await rules(merchantCode);
    return {
      merchantCode,
      settings: {
        enabled: r.enabled,
        period: r.period,
        rollingDays: r.rollingDays,
        requirement: r.requirement,
      },
      levels: r.levels.map(levelView),
    };
  }

  /** Replaces a brand's VIP rules: ranks 0, 1, 2 … whose thresholds never go down. */
  async function save(input: SaveVip): Promise<{ before: AdminVip; after: AdminVip }> {
    const before = await adminView(input.merchantCode);
    const levels = [...input.levels].sort((a, b) => a.rank - b.rank);
    const invalid = (detail: string) => new AppError('vip_levels_invalid', { params: { detail } });
    levels.forEach((l, i) => {
      if (l.rank !== i) throw invalid(`ranks 0…${levels.length - 1}`);
      const prev = levels[i - 1];
      if (prev && (l.depositMinor < prev.depositMinor || l.validBetMinor < prev.validBetMinor))
        throw invalid(`${l.name}`);
      if (l.keepDepositMinor > l.depositMinor || l.keepValidBetMinor > l.validBetMinor)
        throw invalid(`${l.name}: keep`);
    });
    await repo.save(
      {
        merchant_code: input.merchantCode,
        enabled: input.settings.enabled,
        period: input.settings.period,
        rolling_days: input.settings.rollingDays,
        requirement: input.settings.requirement,
      },
      levels.map((l) => ({
        merchant_code: input.merchantCode,
        rank: l.rank,
        name: l.name,
        deposit_minor: l.depositMinor,
        valid_bet_minor: l.validBetMinor,
        keep_deposit_minor: l.keepDepositMinor,
        keep_valid_bet_minor: l.keepValidBetMinor,
        level_up_reward_minor: l.levelUpRewardMinor,
        weekly_reward_minor: l.weeklyRewardMinor,
        monthly_reward_minor: l.monthlyRewardMinor,
        cashback_rate_bp: l.cashbackRateBp,
      })),
    );
    return { before, after: await adminView(input.merchantCode) };
  }

  return {
    onRoundsSettled,
    onDepositsCredited,
    onLevelsChanged,
    recalculate,
    runHourly,
    payOwed,
    overview,
    cashbackRateFor,
    badgeFor,
    windowValidBet,
    admin: { view: adminView, save },
  };
}
export type VipService = ReturnType<typeof createVipService>;
