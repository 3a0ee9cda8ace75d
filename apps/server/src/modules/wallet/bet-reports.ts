import {
  BET_RECORD_PAGE_SIZE,
  gameCategorySchema,
  MAX_BET_RANGE_DAYS,
  type BetPeriod,
  type BetRecordPage,
  type BetStatus,
  type BetTotals,
  type GameCategory,
  type Language,
  type ProfitReport,
} from '@banca/contracts';
import { sql, type SqlBool, type Expression } from 'kysely';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';

/**
 * The member's betting record (member centre personalHistoryCopy) and profit and loss
 * (personalProfit, docs/product.md §2), read from bet_rounds. A round belongs to the day its
 * bet was placed (`opened_at`), in the brand's time zone, on both pages, so a round never
 * moves between days when it settles. Both queries walk `bet_rounds_member_time`
 * (member_id, opened_at DESC) over the period: the member's rounds of those days, nothing else.
 */

/** What the catalogue (games module) tells the reports: each vendor's category and name, game names. */
export type BetCatalogue = {
  vendors(): Promise<{ code: string; name: string; category: GameCategory }[]>;
  gameNames(
    games: { vendorCode: string; gameCode: string }[],
  ): Promise<{ vendorCode: string; gameCode: string; nameEn: string; namePt: string }[]>;
};

export type BetPeriodInput = {
  period: BetPeriod;
  fromDay?: string | undefined;
  toDay?: string | undefined;
};

type DayRange = { fromDay: string; toDay: string };
const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day an instant falls on in `timeZone` (yyyy-mm-dd). */
export function dayInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** A real calendar date (2026-02-30 is not). */
function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The zone's offset from UTC at `instantMs`, in ms (São Paulo: −3 h). */
function offsetMs(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - Math.floor(instantMs / 1000) * 1000;
}

/** The instant of midnight starting `day` in `timeZone` (twice corrected, for zones that move clocks). */
export function startOfDayUtc(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let guess = wall - offsetMs(wall, timeZone);
  guess = wall - offsetMs(guess, timeZone);
  return new Date(guess);
}

/**
 * The days a period covers, today being `now`'s day in the brand's zone. A custom period needs
 * both days, real dates, in order and at most MAX_BET_RANGE_DAYS long: otherwise
 * `invalid_date_range` (400), before anything is read.
 */
export function resolvePeriod(input: BetPeriodInput, now: Date, timeZone: string): DayRange {
  const today = dayInZone(now, timeZone);
  const month = today.slice(0, 8);
  switch (input.period) {
    case 'today':
      return { fromDay: today, toDay: today };
    case 'yesterday':
      return { fromDay: addDays(today, -1), toDay: addDays(today, -1) };
    case 'last7':
      return { fromDay: addDays(today, -6), toDay: today };
    case 'last30':
      return { fromDay: addDays(today, -29), toDay: today };
    case 'thisMonth':
      return { fromDay: `${month}01`, toDay: today };
    case 'lastMonth': {
      const lastDay = addDays(`${month}01`, -1);
      return { fromDay: `${lastDay.slice(0, 8)}01`, toDay: lastDay };
    }
    case 'custom': {
      const { fromDay, toDay } = input;
      const invalid = () =>
        new AppError('invalid_date_range', { params: { maxDays: MAX_BET_RANGE_DAYS } });
      if (!fromDay || !toDay || !isCalendarDay(fromDay) || !isCalendarDay(toDay)) throw invalid();
      const days = (Date.parse(toDay) - Date.parse(fromDay)) / MS_PER_DAY + 1;
      if (days < 1 || days > MAX_BET_RANGE_DAYS) throw invalid();
      return { fromDay, toDay };
    }
  }
}

function rangeOf(days: DayRange, timeZone: string) {
  return {
    ...days,
    fromUtc: startOfDayUtc(days.fromDay, timeZone),
    toUtc: startOfDayUtc(addDays(days.toDay, 1), timeZone),
  };
}

type TotalsRow = {
  rounds: number | string;
  stake: number | string | null;
  valid_bet: number | string | null;
  payout: number | string | null;
  profit: number | string | null;
};
const totalsOf = (row: TotalsRow | undefined): BetTotals => ({
  rounds: Number(row?.rounds ?? 0),
  stakeMinor: Number(row?.stake ?? 0),
  validBetMinor: Number(row?.valid_bet ?? 0),
  payoutMinor: Number(row?.payout ?? 0),
  profitMinor: Number(row?.profit ?? 0),
});
const ZERO: BetTotals = totalsOf(undefined);
const add = (a: BetTotals, b: BetTotals): BetTotals => ({
  rounds: a.rounds + b.rounds,
  stakeMinor: a.stakeMinor + b.stakeMinor,
  validBetMinor: a.validBetMinor + b.validBetMinor,
  payoutMinor: a.payoutMinor + b.payoutMinor,
  profitMinor: a.profitMinor + b.profitMinor,
});
/** The sums every query selects (profit: the member's, over settled rounds). */
const SUMS = sql`count(*)::int AS rounds, sum(stake_minor) AS stake, sum(valid_bet_minor) AS valid_bet,
  sum(payout_minor) AS payout,
  sum(payout_minor - stake_minor) FILTER (WHERE status = 'settled') AS profit`;

export function createBetReports(deps: { db: Db; catalogue: BetCatalogue; now: () => number }) {
  const { db, catalogue } = deps;

  /** The member's rounds of a period: index range on (member_id, opened_at), then the filters. */
  function memberPeriod(
    member: { memberId: number; merchantCode: string },
    range: { fromUtc: Date; toUtc: Date },
  ): Expression<SqlBool> {
    return sql<SqlBool>`member_id = ${member.memberId} AND merchant_code = ${member.merchantCode}
      AND opened_at >= ${range.fromUtc} AND opened_at < ${range.toUtc}`;
  }

  /**
   * What the cancels gave back, per cancelled round of a page (bet_rounds.id → minor units): the
   * sum of each round's applied CANCEL and PROMOCANCEL, one read through their partial index
   * (migration 0055) for the whole page.
   */
  async function refundedStakes(roundIds: number[]): Promise<Map<number, number>> {
    if (roundIds.length === 0) return new Map();
    const { rows } = await sql<{ round_pk: number | string; refunded: number | string }>`
      SELECT round_pk, sum(amount_minor) AS refunded FROM vendor_transactions
      WHERE round_pk = ANY(${roundIds}::bigint[]) AND tx_type IN ('CANCEL', 'PROMOCANCEL')
        AND outcome = 'applied'
      GROUP BY round_pk`.execute(db);
    return new Map(rows.map((row) => [Number(row.round_pk), Number(row.refunded)]));
  }

  async function betRecord(
    member: { memberId: number; merchantCode: string; currency: string },
    filter: BetPeriodInput & {
      category?: GameCategory | undefined;
      vendor?: string | undefined;
      status?: BetStatus | undefined;
      pageNo: number;
    },
    timeZone: string,
    language: Language,
  ): Promise<BetRecordPage> {
    const range = rangeOf(resolvePeriod(filter, new Date(deps.now()), timeZone), timeZone);
    const vendors = await catalogue.vendors();
    const vendorByCode = new Map(vendors.map((v) => [v.code, v]));
    let vendorCodes: string[] | null = null;
    if (filter.category) {
      vendorCodes = vendors.filter((v) => v.category === filter.category).map((v) => v.code);
      if (filter.vendor) vendorCodes = vendorCodes.filter((code) => code === filter.vendor);
    } else if (filter.vendor) vendorCodes = [filter.vendor];

    const where = sql<SqlBool>`${memberPeriod(member, range)}
      ${vendorCodes === null ? sql`` : sql`AND vendor_code = ANY(${vendorCodes}::text[])`}
      ${filter.status ? sql`AND status = ${filter.status}` : sql``}`;
    const offset = (filter.pageNo - 1) * BET_RECORD_PAGE_SIZE;
    const [totals, rows] = await Promise.all([
      sql<TotalsRow>`SELECT ${SUMS} FROM bet_rounds WHERE ${where}`.execute(db),
      sql<{
        id: number | string;
        round_id: string;
        vendor_code: string;
        game_code: string;
        status: BetStatus;
        stake_minor: number | string;
        valid_bet_minor: number | string;
        payout_minor: number | string;
        opened_at: Date;
        settled_at: Date | null;
      }>`SELECT id, round_id, vendor_code, game_code, status, stake_minor, valid_bet_minor, payout_minor,
                opened_at, settled_at
         FROM bet_rounds WHERE ${where}
         ORDER BY opened_at DESC, id DESC
         LIMIT ${BET_RECORD_PAGE_SIZE} OFFSET ${offset}`.execute(db),
    ]);
    const [gameNames, refunded] = await Promise.all([
      catalogue.gameNames(
        rows.rows.map((r) => ({ vendorCode: r.vendor_code, gameCode: r.game_code })),
      ),
      refundedStakes(rows.rows.filter((r) => r.status === 'cancelled').map((r) => Number(r.id))),
    ]);
    const names = new Map(
      gameNames.map((g) => [
        `${g.vendorCode}\n${g.gameCode}`,
        language === 'pt-BR' ? g.namePt : g.nameEn,
      ]),
    );
    const sums = totalsOf(totals.rows[0]);
    return {
      currency: member.currency,
      range: {
        fromDay: range.fromDay,
        toDay: range.toDay,
        fromUtc: range.fromUtc.toISOString(),
        toUtc: range.toUtc.toISOString(),
        timeZone,
      },
      totals: sums,
      list: rows.rows.map((r) => {
        const refundedMinor = refunded.get(Number(r.id)) ?? 0;
        // A cancelled round shows what was staked (all of it given back): its CANCELs took it
        // off stake_minor, which keeps the totals' turnover honest.
        const stake = Number(r.stake_minor) + refundedMinor;
        const payout = Number(r.payout_minor);
        const vendor = vendorByCode.get(r.vendor_code);
        return {
          id: Number(r.id),
          roundId: r.round_id,
          vendorCode: r.vendor_code,
          vendorName: vendor?.name ?? r.vendor_code,
          gameCode: r.game_code,
          gameName: names.get(`${r.vendor_code}\n${r.game_code}`) ?? r.game_code,
          category: vendor?.category ?? null,
          status: r.status,
          stakeMinor: stake,
          refundedMinor,
          validBetMinor: Number(r.valid_bet_minor),
          payoutMinor: payout,
          profitMinor:
            r.status === 'settled' ? payout - stake : r.status === 'cancelled' ? 0 : null,
          openedAt: new Date(r.opened_at).toISOString(),
          settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
        };
      }),
      pageNo: filter.pageNo,
      pageSize: BET_RECORD_PAGE_SIZE,
      totalPages: Math.ceil(sums.rounds / BET_RECORD_PAGE_SIZE),
    };
  }

  /**
   * Profit and loss of a period: settled rounds summed per day (every day listed, oldest
   * first) and per category (the vendor's), in one grouped read of the member's rounds.
   */
  async function profit(
    member: { memberId: number; merchantCode: string; currency: string },
    period: BetPeriodInput,
    timeZone: string,
  ): Promise<ProfitReport> {
    const days = resolvePeriod(period, new Date(deps.now()), timeZone);
    const range = rangeOf(days, timeZone);
    const [vendors, grouped] = await Promise.all([
      catalogue.vendors(),
      sql<TotalsRow & { day: string; vendor_code: string }>`
        SELECT to_char(opened_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, vendor_code, ${SUMS}
        FROM bet_rounds
        WHERE ${memberPeriod(member, range)} AND status = 'settled'
        GROUP BY 1, 2`.execute(db),
    ]);
    const categoryOf = new Map(vendors.map((v) => [v.code, v.category]));
    const byDay = new Map<string, BetTotals>();
    const byCategory = new Map<GameCategory, BetTotals>();
    let totals = ZERO;
    for (const row of grouped.rows) {
      const sums = totalsOf(row);
      totals = add(totals, sums);
      byDay.set(row.day, add(byDay.get(row.day) ?? ZERO, sums));
      const category = categoryOf.get(row.vendor_code);
      if (category) byCategory.set(category, add(byCategory.get(category) ?? ZERO, sums));
    }
    const dayList = [];
    for (let day = days.fromDay; day <= days.toDay; day = addDays(day, 1))
      dayList.push({ day, ...(byDay.get(day) ?? ZERO) });
    return {
      currency: member.currency,
      range: {
        fromDay: range.fromDay,
        toDay: range.toDay,
        fromUtc: range.fromUtc.toISOString(),
        toUtc: range.toUtc.toISOString(),
        timeZone,
      },
      totals,
      days: dayList,
      categories: [...byCategory.entries()]
        .map(([category, sums]) => ({ category: gameCategorySchema.parse(category), ...sums }))
        .sort((a, b) => b.stakeMinor - a.stakeMinor),
    };
  }

  return { betRecord, profit, refundedStakes };
}
export type BetReports = ReturnType<typeof createBetReports>;
