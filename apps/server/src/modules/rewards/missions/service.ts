import type {
  AdminMission,
  Language,
  Leaderboard,
  MissionCard,
  MissionKind,
  MissionList,
  MissionRules,
} from '@banca/contracts';
import { LEADERBOARD_TOP, missionRulesSchema } from '@banca/contracts';
import { AppError } from '../../../http/errors';
import type { GamesService } from '../../games';
import type { Brand, SystemService } from '../../system';
import { dayInZone, startOfDayUtc, type MemberRef, type SettledBetRound } from '../../wallet';
import type { Accounts } from '../../auth';
import type { RealtimeService } from '../../realtime';
import { inLanguage, periodKeyOf } from '../rules';
import type { RewardIssuers } from '../seam';
import type { MissionsRepository, ProgressInput } from './repository';
import type { MissionProgressRow, MissionRow } from './tables';
import { claimUntil, windowState } from './window';
import './errors';

const DAY_MS = 86_400_000;
/**
 * How long a brand's live missions are read from memory by the event handlers: the bet path
 * asks on every batch, and an operator's change reaches other instances within this (this
 * instance's own changes clear it at once).
 */
const LIVE_MISSIONS_CACHE_MS = 5_000;
/** A claim left `issuing` this long was abandoned by its instance: the recovery job finishes it. */
const STUCK_ISSUE_MS = 60_000;
/** Claims the recovery job finishes per run. */
const RECOVERY_BATCH = 100;
/** Claimable rows pushed per call (a member's page shows every mission anyway). */
const NOTIFY_BATCH = 500;
/** Kinds counted from settled rounds. */
const ROUND_KINDS = ['bet', 'win'] as const satisfies readonly MissionKind[];

export type SettledRoundsEvent = { id: number; rounds: readonly SettledBetRound[] };

/** Others' names on the leaderboard: the first two characters and the last, the rest hidden. */
export function maskName(name: string): string {
  if (name.length <= 3) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
}

/** When a period's progress starts over: the next day, or the next Monday, in the brand's zone. */
function resetsAt(row: MissionRow, periodKey: string, timeZone: string): Date | null {
  if (row.period_type === 'once') return null;
  const first = row.period_type === 'daily' ? periodKey : periodKey.slice(1);
  const days = row.period_type === 'daily' ? 1 : 7;
  const next = new Date(Date.parse(`${first}T12:00:00Z`) + days * DAY_MS).toISOString();
  return startOfDayUtc(next.slice(0, 10), timeZone);
}

/** The leaderboard's window: this week from Monday, or this month, in the brand's zone. */
export function leaderboardWindow(
  period: 'week' | 'month',
  at: Date,
  timeZone: string,
): { from: Date; to: Date } {
  if (period === 'week') {
    const monday = periodKeyOf('weekly', at, timeZone).slice(1);
    const next = new Date(Date.parse(`${monday}T12:00:00Z`) + 7 * DAY_MS).toISOString();
    return {
      from: startOfDayUtc(monday, timeZone),
      to: startOfDayUtc(next.slice(0, 10), timeZone),
    };
  }
  const month = dayInZone(at, timeZone).slice(0, 7);
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return {
    from: startOfDayUtc(`${month}-01`, timeZone),
    to: startOfDayUtc(`${next}-01`, timeZone),
  };
}

/**
 * Missions (docs/missions.md): daily, weekly and one-time tasks counted from real facts
 * (settled rounds, credited deposits, login days, qualified friends), each fact once; claims
 * through the module's reward issuers; the leaderboard of mission points.
 */
export function createMissionsService(deps: {
  repo: MissionsRepository;
  system: SystemService;
  games: GamesService;
  accounts: Accounts;
  issuers: RewardIssuers;
  realtime: Pick<RealtimeService, 'pushMany'>;
  now?: () => Date;
}) {
  const { repo, system, games, accounts, issuers } = deps;
  const now = deps.now ?? (() => new Date());
  const liveCache = new Map<string, { readAt: number; rows: Promise<MissionRow[]> }>();

  function liveMissions(merchantCode: string): Promise<MissionRow[]> {
    const cached = liveCache.get(merchantCode);
    if (cached && Date.now() - cached.readAt < LIVE_MISSIONS_CACHE_MS) return cached.rows;
    const rows = repo.live(merchantCode);
    liveCache.set(merchantCode, { readAt: Date.now(), rows });
    rows.catch(() => liveCache.delete(merchantCode));
    return rows;
  }

  async function zoneOf(merchantCode: string): Promise<string> {
    const brand = await system.brandByCode(merchantCode);
    if (!brand) throw new Error(`no brand ${merchantCode}`);
    return brand.timeZone;
  }

  /* ── Facts (event handlers, at least once: the fact keys make them count once) ───────── */

  /** One fact of a kind: its amount toward each live mission of that kind of the brand. */
  async function countFact(fact: {
    kind: Exclude<MissionKind, 'bet' | 'win'>;
    factKey: string;
    merchantCode: string;
    memberId: number;
    currency: string;
    at: Date;
    amount: number;
  }): Promise<void> {
    const missions = (await liveMissions(fact.merchantCode)).filter(
      (m) => m.kind === fact.kind && windowState(m, fact.at) === 'active',
    );
    if (missions.length === 0 || fact.amount <= 0) return;
    const timeZone = await zoneOf(fact.merchantCode);
    const claimable = await repo.addProgress(
      missions.map((m) => ({
        factKey: fact.factKey,
        missionId: m.id,
        memberId: fact.memberId,
        merchantCode: fact.merchantCode,
        currency: fact.currency,
        periodKey: periodKeyOf(m.period_type, fact.at, timeZone),
        amount: fact.amount,
        at: fact.at.toISOString(),
      })),
    );
    if (claimable.length > 0) await notifyClaimable(claimable);
  }

  /**
   * The hook that tells members their missions became claimable: a MISSION push per claimable
   * row not yet told (`mission.claimable:<progressId>`, so a second call re-sends nothing new),
   * with the mission's titles and the badge's count, then the rows marked told. Called after
   * counting with the members whose progress grew (deposits, login days, qualified friends here;
   * settled rounds by whoever counts them, see docs/missions.md), and by the minute's job with
   * `null` for every row left (a crash between count and push, or a caller that does not call).
   * Answers how many rows it pushed.
   */
  async function notifyClaimable(memberIds: readonly number[] | null): Promise<number> {
    const rows = await repo.toNotify(memberIds, NOTIFY_BATCH, now());
    if (rows.length === 0) return 0;
    const time = now().toISOString();
    await deps.realtime.pushMany(
      rows.map((row) => ({
        owner: { memberId: row.member_id, merchantCode: row.merchant_code },
        type: 'MISSION' as const,
        data: {
          missionId: row.mission_id,
          progressId: row.id,
          titles: row.titles,
          claimableCount: row.claimable_count,
          time,
        },
        sourceKey: `mission.claimable:${row.id}`,
      })),
    );
    await repo.markNotified(rows.map((row) => row.id));
    return rows.length;
  }

  /**
   * Settled rounds, set-based: a batch of events costs no query when its brands have no bet or
   * win mission, and one statement otherwise (the fact key is the event's, one per batch).
   */
  async function onRoundsSettled(events: readonly SettledRoundsEvent[]): Promise<void> {
    const brands = [...new Set(events.flatMap((e) => e.rounds.map((r) => r.merchantCode)))];
    const byBrand = new Map<string, MissionRow[]>();
    for (const code of brands) {
      const missions = (await liveMissions(code)).filter((m) =>
        (ROUND_KINDS as readonly string[]).includes(m.kind),
      );
      if (missions.length > 0) byBrand.set(code, missions);
    }
    if (byBrand.size === 0) return;
    const categoryOf = new Map<string, string>();
    if ([...byBrand.values()].flat().some((m) => m.game_category !== null))
      for (const menu of await games.gameMenus())
        for (const vendor of menu.vendors)
          if (!categoryOf.has(vendor.code)) categoryOf.set(vendor.code, vendor.gameCategory);
    const zones = new Map<string, string>();
    for (const code of byBrand.keys()) zones.set(code, await zoneOf(code));
    const rows: ProgressInput[] = [];
    for (const event of events)
      for (const round of event.rounds) {
        const missions = byBrand.get(round.merchantCode);
        if (!missions) continue;
        const at = new Date(round.settledAt);
        for (const m of missions) {
          if (m.game_category !== null && categoryOf.get(round.vendorCode) !== m.game_category)
            continue;
          // Outside the window: not even a row (the statement checks again, against the row now).
          if (windowState(m, at) !== 'active') continue;
          const amount =
            m.kind === 'bet' ? round.validBetMinor : round.payoutMinor > round.stakeMinor ? 1 : 0;
          if (amount <= 0) continue;
          rows.push({
            factKey: `rounds:${event.id}`,
            missionId: m.id,
            memberId: round.memberId,
            merchantCode: round.merchantCode,
            currency: round.currency,
            periodKey: periodKeyOf(m.period_type, at, zones.get(round.merchantCode)!),
            amount,
            at: round.settledAt,
          });
        }
      }
    // Pushed at once to the members whose mission this batch completed (none: no query).
    const claimable = await repo.addProgress(rows);
    if (claimable.length > 0) await notifyClaimable(claimable);
  }

  async function onDepositCredited(p: {
    depositId: number;
    merchantCode: string;
    memberId: number;
    amountMinor: number;
    currency: string;
    creditedAt: string;
  }): Promise<void> {
    await countFact({
      kind: 'deposit',
      factKey: `deposit:${p.depositId}`,
      merchantCode: p.merchantCode,
      memberId: p.memberId,
      currency: p.currency,
      at: new Date(p.creditedAt),
      amount: p.amountMinor,
    });
  }

  /** A login counts once per day of the brand's zone (the fact key is the member's day). */
  async function onLoggedIn(p: { memberId: number; merchantCode: string; at: string }) {
    const brand = await system.brandByCode(p.merchantCode);
    if (!brand) return;
    const at = new Date(p.at);
    await countFact({
      kind: 'login',
      factKey: `login:${p.memberId}:${dayInZone(at, brand.timeZone)}`,
      merchantCode: p.merchantCode,
      memberId: p.memberId,
      currency: brand.currency,
      at,
      amount: 1,
    });
  }

  /** A friend the member invited qualified (the referral part calls this once per friend). */
  async function onFriendQualified(p: {
    referrerId: number;
    friendId: number;
    merchantCode: string;
    currency: string;
    at: Date;
  }): Promise<void> {
    await countFact({
      kind: 'invite',
      factKey: `invite:${p.friendId}`,
      merchantCode: p.merchantCode,
      memberId: p.referrerId,
      currency: p.currency,
      at: p.at,
      amount: 1,
    });
  }

  /* ── The member's page ──────────────────────────────────────────────────────────────── */

  function cardOf(
    row: MissionRow,
    progress: MissionProgressRow | undefined,
    periodKey: string,
    timeZone: string,
    language: Language,
  ): MissionCard {
    const ended = windowState(row, now()) === 'ended';
    return {
      id: row.id,
      title: inLanguage(row.titles, language),
      kind: row.kind,
      gameCategory: row.game_category,
      periodType: row.period_type,
      target: Number(row.target),
      progress: Number(progress?.progress ?? 0),
      status: progress?.status ?? 'in_process',
      rewardKind: row.reward_kind,
      rewardMinor: Number(row.reward_minor),
      ticketKind: row.ticket_kind,
      missionPoints: row.mission_points,
      resetsAtUtc: ended
        ? null
        : (resetsAt(row, progress?.period_key ?? periodKey, timeZone)?.toISOString() ?? null),
      endsAtUtc: row.ends_at?.toISOString() ?? null,
      ended,
      claimUntilUtc: ended && row.ends_at ? claimUntil(row.ends_at).toISOString() : null,
    };
  }

  /**
   * Each mission's card: an older period still waiting for its claim first, else this period's.
   * Missions not started are left out; an ended one stays only while a reward earned in it
   * waits for its claim (the grace period, window.ts).
   */
  async function cardsFor(brand: Brand, memberId: number, language: Language) {
    const at = now();
    const missions = (await repo.live(brand.merchantCode)).filter((m) => {
      const state = windowState(m, at);
      return state === 'active' || state === 'ended';
    });
    const periods = missions.map((m) => ({
      id: m.id,
      periodKey: periodKeyOf(m.period_type, at, brand.timeZone),
    }));
    const rows = await repo.progressOf(memberId, periods);
    return missions.flatMap((m, index) => {
      const mine = rows.filter((r) => r.mission_id === m.id);
      const waiting = mine.find((r) => r.status === 'claimable' || r.status === 'issuing');
      if (!waiting && windowState(m, at) === 'ended') return [];
      const current = mine.find((r) => r.period_key === periods[index]!.periodKey);
      return [cardOf(m, waiting ?? current, periods[index]!.periodKey, brand.timeZone, language)];
    });
  }

  async function list(brand: Brand, member: MemberRef, language: Language): Promise<MissionList> {
    const missions = await cardsFor(brand, member.memberId, language);
    return {
      currency: brand.currency,
      claimableCount: missions.filter((m) => m.status === 'claimable').length,
      missions,
    };
  }

  async function badge(member: MemberRef): Promise<{ claimableCount: number }> {
    return { claimableCount: await repo.claimableCount(member.memberId, now()) };
  }

  async function issue(mission: MissionRow, row: MissionProgressRow): Promise<MissionProgressRow> {
    const issuer = issuers[mission.reward_kind];
    if (!issuer) throw new AppError('reward_kind_unavailable');
    // The seam names a promotion and its entry; a mission is neither, so its progress row is
    // the entry and 0 says "no promotion" (the key keeps it apart from promotions' rewards).
    const issued = await issuer.issue({
      merchantCode: row.merchant_code,
      memberId: row.member_id,
      currency: row.currency,
      promotionId: 0,
      entryId: row.id,
      kind: mission.reward_kind,
      amountMinor: Number(mission.reward_minor),
      ticketKind: mission.ticket_kind,
      wagering:
        mission.reward_kind === 'bonus'
          ? { multiple: mission.wagering_multiple, base: 'bonus', depositMinor: 0 }
          : null,
      idempotencyKey: `mission-reward:${row.id}`,
    });
    return repo.finishClaim(row.id, issued.reference, mission.mission_points);
  }

  /**
   * Claims a completed mission's reward: the row goes claimable → issuing in one conditional
   * update (of two claims at once one wins, the other answers mission_already_claimed), the
   * issuer pays once by the row's key, and the row is claimed with its mission points. Outside
   * the mission's window (not started, or ended and its grace period over) it answers
   * mission_not_active; within the grace period a reward earned in the window is still paid.
   */
  async function claim(
    brand: Brand,
    member: MemberRef,
    missionId: number,
    language: Language,
  ): Promise<MissionCard> {
    const mission = await repo.mission(missionId);
    if (!mission || !mission.enabled || mission.merchant_code !== brand.merchantCode)
      throw new AppError('mission_not_found');
    const at = now();
    const state = windowState(mission, at);
    if (state === 'upcoming' || state === 'closed') throw new AppError('mission_not_active');
    const taken = await repo.startClaim(missionId, member.memberId);
    const periodKey = periodKeyOf(mission.period_type, at, brand.timeZone);
    if (!taken) {
      const [current] = await repo.progressOf(member.memberId, [{ id: missionId, periodKey }]);
      if (current && (current.status === 'issuing' || current.status === 'claimed'))
        throw new AppError('mission_already_claimed');
      // Ended with nothing earned to claim: no more progress can come.
      throw new AppError(state === 'ended' ? 'mission_not_active' : 'mission_not_completed');
    }
    let claimed: MissionProgressRow;
    try {
      claimed = await issue(mission, taken);
    } catch (error) {
      // A refusal with a code leaves the reward claimable; a fault leaves it to the recovery job.
      if (error instanceof AppError) await repo.backToClaimable(taken.id);
      throw error;
    }
    return cardOf(mission, claimed, periodKey, brand.timeZone, language);
  }

  /** Finishes claims an instance left midway (the issuers are idempotent by the row's key). */
  async function recover(): Promise<number> {
    const stuck = await repo.stuckIssuing(
      new Date(now().getTime() - STUCK_ISSUE_MS),
      RECOVERY_BATCH,
    );
    let finished = 0;
    for (const row of stuck) {
      const mission = await repo.mission(row.mission_id);
      if (!mission) continue;
      try {
        await issue(mission, row);
        finished += 1;
      } catch (error) {
        if (error instanceof AppError) await repo.backToClaimable(row.id);
        else throw error;
      }
    }
    return finished;
  }

  async function leaderboard(
    brand: Brand,
    member: MemberRef,
    period: 'week' | 'month',
  ): Promise<Leaderboard> {
    const { from, to } = leaderboardWindow(period, now(), brand.timeZone);
    const totals = await repo.leaderboard({
      merchantCode: brand.merchantCode,
      from,
      to,
      limit: LEADERBOARD_TOP,
      memberId: member.memberId,
    });
    const names = new Map(
      (await accounts.byIds(totals.map((t) => t.member_id))).map((m) => [
        m.id,
        m.nickname ?? m.username,
      ]),
    );
    const mine = totals.find((t) => t.member_id === member.memberId);
    return {
      period,
      fromUtc: from.toISOString(),
      toUtc: to.toISOString(),
      top: totals
        .filter((t) => t.rank <= LEADERBOARD_TOP)
        .map((t) => {
          const isMe = t.member_id === member.memberId;
          const name = names.get(t.member_id) ?? '';
          return { rank: t.rank, name: isMe ? name : maskName(name), points: t.points, isMe };
        }),
      me: { rank: mine?.rank ?? null, points: mine?.points ?? 0 },
    };
  }

  /* ── Console ────────────────────────────────────────────────────────────────────────── */

  function adminView(row: MissionRow & { claimed_count?: number }): AdminMission {
    return {
      id: row.id,
      merchantCode: row.merchant_code,
      titles: row.titles,
      kind: row.kind,
      gameCategory: row.game_category,
      periodType: row.period_type,
      target: Number(row.target),
      rewardKind: row.reward_kind,
      rewardMinor: Number(row.reward_minor),
      ticketKind: row.ticket_kind,
      wageringMultiple: row.wagering_multiple,
      missionPoints: row.mission_points,
      enabled: row.enabled,
      sortOrder: row.sort_order,
      startsAt: row.starts_at?.toISOString() ?? null,
      endsAt: row.ends_at?.toISOString() ?? null,
      claimedCount: row.claimed_count ?? 0,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** The rules as columns, refused when they do not fit together. */
  function columnsOf(input: MissionRules) {
    const rules = missionRulesSchema.parse(input);
    const roundKind = rules.kind === 'bet' || rules.kind === 'win';
    if (rules.gameCategory !== null && !roundKind) throw new AppError('mission_bad_rules');
    if ((rules.rewardKind === 'ticket') !== (rules.ticketKind !== null))
      throw new AppError('mission_bad_rules');
    const startsAt = rules.startsAt === null ? null : new Date(rules.startsAt);
    const endsAt = rules.endsAt === null ? null : new Date(rules.endsAt);
    if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime())
      throw new AppError('mission_window_invalid');
    return {
      titles: JSON.stringify(rules.titles),
      kind: rules.kind,
      game_category: rules.gameCategory,
      period_type: rules.periodType,
      target: rules.target,
      reward_kind: rules.rewardKind,
      reward_minor: rules.rewardMinor,
      ticket_kind: rules.ticketKind,
      wagering_multiple: rules.rewardKind === 'bonus' ? rules.wageringMultiple : 0,
      mission_points: rules.missionPoints,
      enabled: rules.enabled,
      sort_order: rules.sortOrder,
      starts_at: startsAt,
      ends_at: endsAt,
    };
  }

  const admin = {
    async list(merchantCode?: string): Promise<AdminMission[]> {
      return (await repo.list(merchantCode)).map(adminView);
    },
    async create(input: MissionRules & { merchantCode: string }): Promise<AdminMission> {
      if (!(await system.brandByCode(input.merchantCode))) throw new AppError('mission_bad_rules');
      const { merchantCode, ...rules } = input;
      const row = await repo.insert({ merchant_code: merchantCode, ...columnsOf(rules) });
      liveCache.delete(row.merchant_code);
      return adminView(row);
    },
    async update(
      id: number,
      input: MissionRules,
    ): Promise<{ before: AdminMission; after: AdminMission }> {
      const before = await repo.mission(id);
      if (!before) throw new AppError('mission_not_found');
      const after = await repo.update(id, columnsOf(input));
      if (!after) throw new AppError('mission_not_found');
      liveCache.delete(after.merchant_code);
      return { before: adminView(before), after: adminView(after) };
    },
  };

  return {
    onRoundsSettled,
    onDepositCredited,
    onLoggedIn,
    onFriendQualified,
    notifyClaimable,
    list,
    badge,
    claim,
    recover,
    leaderboard,
    admin,
  };
}
export type MissionsService = ReturnType<typeof createMissionsService>;
