import {
  ACCOUNT_DETAIL_KINDS,
  type AccountDetailsPage,
  type BetPeriod,
  type DownlinePage,
  type TeamBetsPage,
  type TeamOverview,
  type UserLossPage,
  isAgentType,
  type Language,
} from '@banca/contracts';
import { AppError } from '../../http/errors';
import type { Accounts, MemberRow } from '../auth';
import type { Brand } from '../system';
import { resolvePeriod, startOfDayUtc } from '../wallet';
import { figuresOf, type DayRange, type ReportsRepository } from './reports-repository';
import type { TreeRepository } from './repository';

export type PeriodQuery = {
  period: BetPeriod;
  fromDay?: string | undefined;
  toDay?: string | undefined;
};
type PagedQuery = PeriodQuery & { username?: string | undefined; pageNo: number; pageSize: number };

const MS_PER_DAY = 86_400_000;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + MS_PER_DAY).toISOString().slice(0, 10);

/** The days of a period in the brand's zone and the instants that cut them (the wallet's presets). */
export function periodRange(query: PeriodQuery, brand: Brand, now: Date): DayRange {
  const days = resolvePeriod(query, now, brand.timeZone);
  return {
    ...days,
    fromUtc: startOfDayUtc(days.fromDay, brand.timeZone),
    toUtc: startOfDayUtc(nextDay(days.toDay), brand.timeZone),
  };
}

function rangeOut(range: DayRange, brand: Brand) {
  return {
    fromDay: range.fromDay,
    toDay: range.toDay,
    fromUtc: range.fromUtc.toISOString(),
    toUtc: range.toUtc.toISOString(),
    timeZone: brand.timeZone,
  };
}

/** Each day of a range, in order (the overview's chart has a bar for every day, zero or not). */
function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let day = range.fromDay; day <= range.toDay; day = nextDay(day)) out.push(day);
  return out;
}

export type ReportsDeps = {
  tree: TreeRepository;
  reports: ReportsRepository;
  accounts: Pick<Accounts, 'byIds' | 'findByUsername'>;
  /** Game names for the team's bet records (the games module's catalogue). */
  games: {
    gameNames(
      keys: { vendorCode: string; gameCode: string }[],
    ): Promise<{ vendorCode: string; gameCode: string; nameEn: string; namePt: string }[]>;
  };
  /** What the cancels of the page's cancelled rounds gave back, by round (the wallet's). */
  refundedStakes(roundIds: number[]): Promise<Map<number, number>>;
  now: () => Date;
};

/** The agent centre's reports (docs/agents.md "Reports"): every figure over the agent's team. */
export function createReports({
  tree,
  reports,
  accounts,
  games,
  refundedStakes,
  now,
}: ReportsDeps) {
  const offsetOf = (query: { pageNo: number; pageSize: number }) =>
    (query.pageNo - 1) * query.pageSize;

  /** The team member a search box names, or null for "everyone"; nobody of the team → agent_not_in_team. */
  async function memberFilter(
    agentId: number,
    brand: Brand,
    username?: string,
  ): Promise<number | undefined> {
    if (!username) return undefined;
    const member = await accounts.findByUsername(brand.merchantCode, username);
    const depth = member ? await tree.depthBetween(agentId, member.id) : null;
    if (!member || depth === null || depth === 0) throw new AppError('agent_not_in_team');
    return member.id;
  }

  async function namesOf(ids: number[]): Promise<Map<number, MemberRow>> {
    const rows = await accounts.byIds(ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    async overview(agentId: number, brand: Brand, query: PeriodQuery): Promise<TeamOverview> {
      const range = periodRange(query, brand, now());
      const [counts, figures] = await Promise.all([
        tree.teamCounts(agentId),
        reports.teamOverview(agentId, range, brand.timeZone),
      ]);
      const joinedByDay = new Map(figures.newMembers.map((row) => [row.day, Number(row.n)]));
      const byDay = new Map(figures.days.map((row) => [row.day, row]));
      const days = daysOf(range).map((day) => ({
        ...figuresOf(byDay.get(day)),
        newMembers: joinedByDay.get(day) ?? 0,
        day,
      }));
      const sum = (pick: (day: (typeof days)[number]) => number) =>
        days.reduce((total, day) => total + pick(day), 0);
      return {
        range: rangeOut(range, brand),
        currency: brand.currency,
        teamSize: counts.team,
        directCount: counts.direct,
        totals: {
          newMembers: sum((d) => d.newMembers),
          activeMembers: figures.activeMembers,
          depositCount: sum((d) => d.depositCount),
          depositMinor: sum((d) => d.depositMinor),
          withdrawalCount: sum((d) => d.withdrawalCount),
          withdrawalMinor: sum((d) => d.withdrawalMinor),
          rounds: sum((d) => d.rounds),
          betMinor: sum((d) => d.betMinor),
          validBetMinor: sum((d) => d.validBetMinor),
          profitLossMinor: sum((d) => d.profitLossMinor),
        },
        days,
      };
    },

    async downlines(
      agentId: number,
      brand: Brand,
      query: PagedQuery & { parentId?: number | undefined },
    ): Promise<DownlinePage> {
      const range = periodRange(query, brand, now());
      const parentId = query.parentId ?? agentId;
      // A deeper level is the agent's to see only inside its own team.
      const parentDepth = parentId === agentId ? 0 : await tree.depthBetween(agentId, parentId);
      if (!parentDepth && parentId !== agentId) throw new AppError('agent_not_in_team');
      let memberId: number | undefined;
      if (query.username) {
        const member = await accounts.findByUsername(brand.merchantCode, query.username);
        if (!member || (await tree.depthBetween(parentId, member.id)) !== 1)
          throw new AppError('agent_not_direct_downline');
        memberId = member.id;
      }
      const [page, ancestors] = await Promise.all([
        reports.downlinePage(parentId, range, {
          memberId,
          limit: query.pageSize,
          offset: offsetOf(query),
        }),
        parentId === agentId ? Promise.resolve([]) : tree.ancestors(parentId),
      ]);
      // The breadcrumb: the agent, the members between, the listed level's parent.
      const between = ancestors
        .filter((a) => a.depth < (parentDepth ?? 0))
        .sort((a, b) => b.depth - a.depth)
        .map((a) => a.memberId);
      const path = parentId === agentId ? [agentId] : [agentId, ...between, parentId];
      const names = await namesOf([...path, ...page.rows.map((row) => Number(row.member_id))]);
      return {
        range: rangeOut(range, brand),
        currency: brand.currency,
        path: path.map((id) => ({ memberId: id, username: names.get(id)?.username ?? String(id) })),
        rows: page.rows.map((row) => {
          const member = names.get(Number(row.member_id));
          return {
            memberId: Number(row.member_id),
            username: member?.username ?? String(row.member_id),
            nickname: member?.nickname ?? null,
            isAgent: member ? isAgentType(member.type) : false,
            depth: 1,
            joinedAt: new Date(row.joined_at).toISOString(),
            teamSize: Number(row.team_size),
            figures: figuresOf(row),
          };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: page.total,
      };
    },

    async teamBets(
      agentId: number,
      brand: Brand,
      query: PagedQuery,
      language: Language,
    ): Promise<TeamBetsPage> {
      const range = periodRange(query, brand, now());
      const memberId = await memberFilter(agentId, brand, query.username);
      const page = await reports.teamBets(
        agentId,
        { merchantCode: brand.merchantCode, fromUtc: range.fromUtc, toUtc: range.toUtc },
        { memberId, limit: query.pageSize, offset: offsetOf(query) },
      );
      const [names, gameNames, refunded] = await Promise.all([
        namesOf(page.rows.map((row) => Number(row.member_id))),
        games.gameNames(
          page.rows.map((row) => ({ vendorCode: row.vendor_code, gameCode: row.game_code })),
        ),
        refundedStakes(
          page.rows.filter((row) => row.status === 'cancelled').map((row) => Number(row.id)),
        ),
      ]);
      const gameName = (vendorCode: string, gameCode: string) => {
        const game = gameNames.find((g) => g.vendorCode === vendorCode && g.gameCode === gameCode);
        return game ? (language === 'en' ? game.nameEn : game.namePt) : null;
      };
      return {
        range: rangeOut(range, brand),
        currency: brand.currency,
        rows: page.rows.map((row) => ({
          id: Number(row.id),
          gameName: gameName(row.vendor_code, row.game_code),
          username: names.get(Number(row.member_id))?.username ?? String(row.member_id),
          vendorCode: row.vendor_code,
          gameCode: row.game_code,
          roundId: row.round_id,
          // A cancelled round shows what was staked (all of it given back), as the member's own
          // betting record does; its CANCELs took it off stake_minor, so the totals leave it out.
          stakeMinor: Number(row.stake_minor) + (refunded.get(Number(row.id)) ?? 0),
          refundedMinor: refunded.get(Number(row.id)) ?? 0,
          validBetMinor: Number(row.valid_bet_minor),
          payoutMinor: Number(row.payout_minor),
          status: row.status,
          openedAt: new Date(row.opened_at).toISOString(),
          settledAt: row.settled_at ? new Date(row.settled_at).toISOString() : null,
        })),
        totals: page.totals,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: page.total,
      };
    },

    async userLoss(agentId: number, brand: Brand, query: PagedQuery): Promise<UserLossPage> {
      const range = periodRange(query, brand, now());
      const memberId = await memberFilter(agentId, brand, query.username);
      const page = await reports.memberFigures(agentId, range, {
        memberId,
        limit: query.pageSize,
        offset: offsetOf(query),
      });
      const names = await namesOf(page.rows.map((row) => Number(row.member_id)));
      const pick = (f: ReturnType<typeof figuresOf>) => ({
        rounds: f.rounds,
        betMinor: f.betMinor,
        validBetMinor: f.validBetMinor,
        profitLossMinor: f.profitLossMinor,
        depositMinor: f.depositMinor,
        withdrawalMinor: f.withdrawalMinor,
      });
      return {
        range: rangeOut(range, brand),
        currency: brand.currency,
        rows: page.rows.map((row) => ({
          memberId: Number(row.member_id),
          username: names.get(Number(row.member_id))?.username ?? String(row.member_id),
          ...pick(figuresOf(row)),
        })),
        totals: pick(figuresOf(page.totals)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: page.total,
      };
    },

    async accountDetails(
      agentId: number,
      brand: Brand,
      query: PagedQuery & { kind?: (typeof ACCOUNT_DETAIL_KINDS)[number] | undefined },
    ): Promise<AccountDetailsPage> {
      const range = periodRange(query, brand, now());
      const memberId = await memberFilter(agentId, brand, query.username);
      const page = await reports.accountDetails(agentId, range, {
        memberId,
        kinds: query.kind ? [query.kind] : ACCOUNT_DETAIL_KINDS,
        limit: query.pageSize,
        offset: offsetOf(query),
      });
      const names = await namesOf(
        page.rows.flatMap((row) => [
          Number(row.member_id),
          ...(row.counterparty_id ? [Number(row.counterparty_id)] : []),
        ]),
      );
      const nameOf = (id: number) => names.get(id)?.username ?? String(id);
      return {
        range: rangeOut(range, brand),
        currency: brand.currency,
        rows: page.rows.map((row) => ({
          key: row.key,
          username: nameOf(Number(row.member_id)),
          kind: row.kind,
          amountMinor: Number(row.amount_minor),
          counterparty: row.counterparty_id ? nameOf(Number(row.counterparty_id)) : null,
          at: new Date(row.at).toISOString(),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: page.total,
      };
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
