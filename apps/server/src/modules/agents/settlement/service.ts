import {
  CONTRACT_KINDS,
  SETTLEMENT_PAGE_SIZE,
  type BetPeriod,
  type ContractKind,
  type IncomeReport,
  type Settlement,
} from '@banca/contracts';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import type { Period } from '../../../lib/job-periods';
import type { Brand } from '../../system';
import {
  postOperation,
  resolvePeriod,
  startOfDayUtc,
  dayInZone,
  type MemberRef,
  type WalletService,
} from '../../wallet';
import { addCalendarDays, dividendPeriodEnding, payoutOf, type ContractRow } from '../contracts';
import type {
  NewSettlement,
  SettlementRepository,
  SettlementRow,
  TeamFiguresRow,
  Window,
} from './repository';

/**
 * How long after a window's end its settlement waits before reading the bet records. A round's
 * `settled_at` is the start of the ledger transaction that settled it, so a round settled just
 * before the end commits a moment after it; ledger transactions are group-committed batches of
 * milliseconds (docs/wallet.md), so 10 s is three orders of magnitude of margin. A round
 * settled after the window is simply in the next one (the adjustment).
 */
export const SETTLE_GRACE_MS = 10_000;

/**
 * Payouts posted at once within one level of the tree: enough to fill the ledger's group
 * commit (its batches take up to 64 operations, docs/wallet.md) twice over without holding
 * thousands of promises.
 */
export const PAYOUTS_IN_FLIGHT = 128;

/**
 * Unpaid statement rows retried per run of the retry job: each is one ledger operation; an
 * upline still short stays unpaid and is tried again at the next run.
 */
export const UNPAID_RETRY_BATCH = 500;

/** Ledger transfer kinds of the payouts (the account record shows them). */
const TRANSFER_KIND: Record<ContractKind, string> = {
  dividend: 'agent_dividend',
  daily: 'agent_salary',
  hourly: 'agent_salary',
  realtime: 'agent_salary',
};

export type SettlementDeps = {
  db: Db;
  repo: SettlementRepository;
  wallet: Pick<WalletService, 'memberAccount' | 'houseAccount'>;
  brandByCode(merchantCode: string): Promise<Brand | null>;
  accountNames(ids: number[]): Promise<Map<number, string>>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

export type WindowResult = {
  contracts: number;
  payouts: number;
  unpaid: number;
  paidMinor: number;
  durationMs: number;
};

/**
 * The settlement of every contract kind (docs/agents.md "Settlement"; issue 15 §4): per brand
 * and period, the contracts in force at the period's end, their teams' figures from the bet
 * records in one statement, each payout through the ledger with a key naming the contract and
 * the period (agent-<kind>:<contract>:<period>), then one statement row per (contract, period).
 * The job runner's claim keeps a period to one instance; the key and the row's unique index keep
 * a repeat (a second instance, a re-run, a run outliving its lease) from paying twice.
 */
export function createSettlementService(deps: SettlementDeps) {
  const { db, repo, wallet } = deps;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));

  async function waitForLateCommits(endUtc: Date): Promise<void> {
    const waitMs = endUtc.getTime() + SETTLE_GRACE_MS - now();
    // A window still open is not settled (its rows would stop a later run from paying the
    // rest): the runner retries the run after its backoff.
    if (waitMs > SETTLE_GRACE_MS)
      throw new Error(`window ending ${endUtc.toISOString()} is still open`);
    if (waitMs > 0) await sleep(waitMs);
  }

  /**
   * Pays one (contract, period) through the ledger under the key that names it, so a re-run,
   * a second instance or a later retry can never pay it twice. The payer is the upline's main
   * account, or the house's agent-commission account for a platform contract.
   */
  async function postPayout(p: {
    kind: ContractKind;
    contractId: number;
    payerId: number | null;
    payeeId: number;
    merchantCode: string;
    currency: string;
    periodLabel: string;
    amountMinor: number;
  }): Promise<number | 'insufficient_funds' | 'paid_by_another_run'> {
    const payee: MemberRef = {
      memberId: p.payeeId,
      merchantCode: p.merchantCode,
      currency: p.currency,
    };
    const payer =
      p.payerId === null
        ? await wallet.houseAccount(p.merchantCode, 'agent_commission', p.currency)
        : await wallet.memberAccount({ ...payee, memberId: p.payerId }, 'main');
    try {
      const op = await postOperation(db, {
        idempotencyKey: `agent-${p.kind}:${p.contractId}:${p.periodLabel}`,
        kind: TRANSFER_KIND[p.kind],
        reference: `agent-contract:${p.contractId}`,
        transfers: [
          {
            from: payer,
            to: await wallet.memberAccount(payee, 'main'),
            amountMinor: p.amountMinor,
            kind: TRANSFER_KIND[p.kind],
            reference: `${p.kind}:${p.periodLabel}`,
          },
        ],
      });
      return op.operationId;
    } catch (error) {
      // The upline could not pay: nothing moved and the key stays unused (retryUnpaid tries
      // again later with the same key).
      if (error instanceof AppError && error.code === 'insufficient_funds')
        return 'insufficient_funds';
      // Another run paid this (contract, period) from figures read a moment apart: its
      // payment and its row stand.
      if (error instanceof AppError && error.code === 'idempotency_conflict')
        return 'paid_by_another_run';
      throw error;
    }
  }

  /**
   * Pays the statement rows left `unpaid` (an upline without the balance when its period was
   * settled), oldest first, with the amount and key the row was settled with: a wage owed is
   * owed until paid (docs/agents.md "Settlement"). A row turns `paid` only after its payment,
   * and only from `unpaid`, so two retries at once pay once (the second replays the key).
   */
  async function retryUnpaid(): Promise<{ retried: number; paid: number }> {
    const rows = await repo.unpaidSettlements(UNPAID_RETRY_BATCH);
    let paid = 0;
    for (const row of rows) {
      const posted = await postPayout({
        kind: row.kind as ContractKind,
        contractId: Number(row.contract_id),
        payerId: row.payer_member_id === null ? null : Number(row.payer_member_id),
        payeeId: Number(row.payee_member_id),
        merchantCode: row.merchant_code,
        currency: row.currency,
        periodLabel: row.period_label,
        amountMinor: Number(row.amount_minor),
      });
      if (typeof posted === 'number' && (await repo.markUnpaidPaid(Number(row.id), posted)))
        paid += 1;
    }
    return { retried: rows.length, paid };
  }

  /**
   * One contract's payout for the window; answers its statement row to record, or null when
   * another run paid it first.
   */
  async function settleContract(
    contract: ContractRow,
    figures: TeamFiguresRow,
    window: Window,
    periodLabel: string,
    currency: string,
  ): Promise<NewSettlement | null> {
    const payout = payoutOf(
      { kind: contract.kind, minActiveMembers: contract.min_active_members, tiers: contract.tiers },
      figures,
    );
    let status: 'paid' | 'unpaid' | 'below_threshold' = payout.status;
    let operationId: number | null = null;
    if (payout.status === 'paid') {
      const posted = await postPayout({
        kind: contract.kind,
        contractId: Number(contract.id),
        payerId: contract.upline_member_id === null ? null : Number(contract.upline_member_id),
        payeeId: Number(contract.downline_member_id),
        merchantCode: window.merchantCode,
        currency,
        periodLabel,
        amountMinor: payout.amountMinor,
      });
      if (posted === 'paid_by_another_run') return null;
      if (posted === 'insufficient_funds') status = 'unpaid';
      else operationId = posted;
    }
    return {
      merchant_code: window.merchantCode,
      contract_id: Number(contract.id),
      kind: contract.kind,
      period_label: periodLabel,
      window_start: window.fromUtc,
      window_end: window.toUtc,
      payer_member_id: contract.upline_member_id,
      payee_member_id: contract.downline_member_id,
      currency,
      valid_bet_minor: figures.validBetMinor,
      profit_loss_minor: figures.profitLossMinor,
      won_bet_minor: figures.wonBetMinor,
      lost_bet_minor: figures.lostBetMinor,
      active_members: figures.activeMembers,
      late_bet_minor: figures.lateBetMinor,
      rate_bp: payout.rateBp,
      loss_rate_bp: payout.lossRateBp,
      amount_minor: status === 'below_threshold' ? 0 : payout.amountMinor,
      status,
      operation_id: operationId,
    };
  }

  /**
   * Settles the given contracts (all of one kind) for one window. Uplines before their
   * downlines (by depth), so an agent is paid by its upline before it pays its own downline.
   */
  async function settleContracts(
    window: Window,
    periodLabel: (contract: ContractRow) => string,
    contracts: (ContractRow & { depth: number })[],
  ): Promise<Omit<WindowResult, 'durationMs'>> {
    const brand = await deps.brandByCode(window.merchantCode);
    const result = { contracts: 0, payouts: 0, unpaid: 0, paidMinor: 0 };
    if (!brand || contracts.length === 0) return result;
    const labels = [...new Set(contracts.map(periodLabel))];
    const done = new Set<number>();
    for (const label of labels)
      for (const id of await repo.settledContracts(
        contracts.filter((c) => periodLabel(c) === label).map((c) => Number(c.id)),
        label,
      ))
        done.add(id);
    // A re-run once every contract has its row reads no bets at all.
    const open = contracts.filter((c) => !done.has(Number(c.id)));
    if (open.length === 0) return result;
    const holders = [...new Set(open.map((c) => Number(c.downline_member_id)))];
    const figures = new Map((await repo.teamFigures(window, holders)).map((f) => [f.holderId, f]));
    // Only teams that played have a row: a window with no bets is not a statement line.
    const due = open
      .filter((c) => figures.has(Number(c.downline_member_id)))
      .sort((a, b) => a.depth - b.depth);
    const levels = [...new Set(due.map((c) => c.depth))];
    for (const depth of levels) {
      const level = due.filter((c) => c.depth === depth);
      for (let i = 0; i < level.length; i += PAYOUTS_IN_FLIGHT) {
        const slice = level.slice(i, i + PAYOUTS_IN_FLIGHT);
        const outcomes = await Promise.all(
          slice.map((c) =>
            settleContract(
              c,
              figures.get(Number(c.downline_member_id))!,
              window,
              periodLabel(c),
              brand.currency,
            ),
          ),
        );
        // The slice's statement rows in one statement (after their payouts: a row never
        // claims a payment that did not happen; a crash between them is healed by a re-run,
        // whose payouts replay their keys).
        const rows = outcomes.filter((row): row is NewSettlement => row !== null);
        await repo.insertSettlements(rows);
        for (const row of rows) {
          result.contracts += 1;
          if (row.status === 'paid') result.payouts += 1;
          if (row.status === 'unpaid') result.unpaid += 1;
        }
      }
    }
    return result;
  }

  /** Settles one kind's window for every brand with such contracts, and records the runs. */
  async function settleWindowForBrands(
    kind: ContractKind,
    fromUtc: Date,
    toUtc: Date,
    runLabel: string,
    pick: (brand: Brand) => {
      contracts?: string[];
      fromUtc?: Date;
      periodLabel?: (c: ContractRow) => string;
    } | null,
  ): Promise<Map<string, WindowResult>> {
    const results = new Map<string, WindowResult>();
    for (const merchantCode of await repo.brandsWithContracts([kind])) {
      const brand = await deps.brandByCode(merchantCode);
      if (!brand) continue;
      const choice = pick(brand);
      if (!choice) continue;
      const started = performance.now();
      const window = { merchantCode, fromUtc: choice.fromUtc ?? fromUtc, toUtc };
      const contracts = await repo.inForceAt(merchantCode, kind, toUtc, choice.contracts);
      const labelOf = choice.periodLabel ?? (() => runLabel);
      const counted = await settleContracts(window, labelOf, contracts);
      const durationMs = performance.now() - started;
      await repo.recordRun({
        kind,
        merchantCode,
        periodLabels: [...new Set(contracts.map(labelOf)), runLabel],
        runLabel,
        window,
        durationMs,
      });
      results.set(merchantCode, { ...counted, durationMs });
    }
    return results;
  }

  /** Real-time salary: every 5-minute window (spec §9), each round counted where it settled. */
  async function settleRealtime(period: Period) {
    await waitForLateCommits(period.endUtc);
    return settleWindowForBrands(
      'realtime',
      period.startUtc,
      period.endUtc,
      period.label,
      () => ({}),
    );
  }

  /**
   * Hourly salary, run every 30 minutes: half-hour contracts settle each run; hour contracts
   * when the run closes a whole hour (in zones with whole-hour offsets, as every brand's is).
   */
  async function settleHourly(period: Period) {
    await waitForLateCommits(period.endUtc);
    const closesHour = period.endUtc.getUTCMinutes() === 0;
    const halfHours = await settleWindowForBrands(
      'hourly',
      period.startUtc,
      period.endUtc,
      `30:${period.label}`,
      () => ({ contracts: ['30'] }),
    );
    if (!closesHour) return halfHours;
    const hourStart = new Date(period.endUtc.getTime() - 3_600_000);
    const hourLabel = `60:${hourStart.toISOString().slice(0, 13)}:00`;
    return settleWindowForBrands('hourly', hourStart, period.endUtc, hourLabel, () => ({
      contracts: ['60'],
    }));
  }

  /**
   * Daily salary and dividends, run hourly: a brand whose local midnight fell in the hour just
   * closed settles the day that ended (daily salary, daily dividends) and every dividend period
   * ending with it (weekly on Sundays, semimonthly on the 15th and the last day, monthly).
   */
  async function settleDays(period: Period) {
    await waitForLateCommits(period.endUtc);
    const dayEnding = (brand: Brand) => {
      const today = dayInZone(period.endUtc, brand.timeZone);
      const midnight = startOfDayUtc(today, brand.timeZone);
      if (midnight <= period.startUtc || midnight > period.endUtc) return null;
      const day = addCalendarDays(today, -1);
      return { day, fromUtc: startOfDayUtc(day, brand.timeZone), toUtc: midnight };
    };
    const out: Map<string, WindowResult>[] = [];
    // Each brand's own window: the job's hour only says which brands' days ended in it.
    for (const merchantCode of await repo.brandsWithContracts(['daily', 'dividend'])) {
      const brand = await deps.brandByCode(merchantCode);
      const ending = brand && dayEnding(brand);
      if (!brand || !ending) continue;
      const only =
        (kind: ContractKind) => async (fromUtc: Date, label: string, contracts: string[]) => {
          const started = performance.now();
          const window = { merchantCode, fromUtc, toUtc: ending.toUtc };
          const rows = await repo.inForceAt(merchantCode, kind, ending.toUtc, contracts);
          const counted = await settleContracts(window, () => label, rows);
          const durationMs = performance.now() - started;
          await repo.recordRun({
            kind,
            merchantCode,
            periodLabels: [label],
            runLabel: label,
            window,
            durationMs,
          });
          out.push(new Map([[merchantCode, { ...counted, durationMs }]]));
        };
      await only('daily')(ending.fromUtc, `daily:${ending.day}`, ['daily']);
      for (const dividendPeriod of ['daily', 'weekly', 'semimonthly', 'monthly'] as const) {
        const ends = dividendPeriodEnding(dividendPeriod, ending.day);
        if (!ends) continue;
        await only('dividend')(startOfDayUtc(ends.firstDay, brand.timeZone), ends.label, [
          dividendPeriod,
        ]);
      }
    }
    return out;
  }

  /** The member's statement rows of one kind (the four record pages), received and paid. */
  async function memberSettlements(
    member: { memberId: number },
    brand: Brand,
    query: {
      kind: ContractKind;
      period: BetPeriod;
      fromDay?: string | undefined;
      toDay?: string | undefined;
      pageNo: number;
      pageSize?: number;
    },
  ) {
    const days = resolvePeriod(query, new Date(now()), brand.timeZone);
    const pageSize = query.pageSize ?? SETTLEMENT_PAGE_SIZE;
    const page = await repo.memberSettlements({
      memberId: member.memberId,
      kind: query.kind,
      fromUtc: startOfDayUtc(days.fromDay, brand.timeZone),
      toUtc: startOfDayUtc(addCalendarDays(days.toDay, 1), brand.timeZone),
      limit: pageSize,
      offset: (query.pageNo - 1) * pageSize,
    });
    const names = await deps.accountNames(
      page.rows
        .flatMap((r) => [Number(r.payee_member_id), Number(r.payer_member_id ?? 0)])
        .filter((id) => id > 0),
    );
    return {
      list: page.rows.map((r) => toSettlement(r, member.memberId, names)),
      pageNo: query.pageNo,
      pageSize,
      totalCount: page.total,
      currency: brand.currency,
      timeZone: brand.timeZone,
      totalPages: Math.max(1, Math.ceil(page.total / pageSize)),
      receivedMinor: page.receivedMinor,
      paidMinor: page.paidMinor,
    };
  }

  /** "My income" (agentRevenueReport): received and paid per kind and per day of the period. */
  async function income(
    member: { memberId: number },
    brand: Brand,
    query: { period: BetPeriod; fromDay?: string | undefined; toDay?: string | undefined },
  ): Promise<IncomeReport> {
    const days = resolvePeriod(query, new Date(now()), brand.timeZone);
    const rows = await repo.incomeByDay({
      memberId: member.memberId,
      fromUtc: startOfDayUtc(days.fromDay, brand.timeZone),
      toUtc: startOfDayUtc(addCalendarDays(days.toDay, 1), brand.timeZone),
      timeZone: brand.timeZone,
    });
    const figures = (received: number, paid: number) => ({
      receivedMinor: received,
      paidMinor: paid,
      netMinor: received - paid,
    });
    const byKind = CONTRACT_KINDS.map((kind) => {
      const of = rows.filter((r) => r.kind === kind);
      return {
        kind,
        ...figures(
          of.reduce((s, r) => s + r.receivedMinor, 0),
          of.reduce((s, r) => s + r.paidMinor, 0),
        ),
      };
    });
    return {
      fromDay: days.fromDay,
      toDay: days.toDay,
      currency: brand.currency,
      byKind,
      byDay: rows.map((r) => ({
        day: r.day,
        kind: r.kind,
        ...figures(r.receivedMinor, r.paidMinor),
      })),
      totals: figures(
        byKind.reduce((s, k) => s + k.receivedMinor, 0),
        byKind.reduce((s, k) => s + k.paidMinor, 0),
      ),
    };
  }

  /** The console's settlement runs with their totals, newest first. */
  async function runs(filter: { kind?: ContractKind | undefined; pageNo: number }) {
    const { rows, total } = await repo.runs({
      kind: filter.kind,
      limit: SETTLEMENT_PAGE_SIZE,
      offset: (filter.pageNo - 1) * SETTLEMENT_PAGE_SIZE,
    });
    return {
      list: rows.map((r) => ({
        kind: r.kind as ContractKind,
        merchantCode: r.merchant_code,
        periodLabel: r.period_label,
        windowStartUtc: new Date(r.window_start).toISOString(),
        windowEndUtc: new Date(r.window_end).toISOString(),
        contracts: r.contracts,
        payouts: r.payouts,
        unpaid: r.unpaid,
        paidMinor: Number(r.paid_minor),
        lateBetMinor: Number(r.late_bet_minor),
        durationMs: r.duration_ms,
        finishedAt: new Date(r.finished_at).toISOString(),
      })),
      pageNo: filter.pageNo,
      totalPages: Math.max(1, Math.ceil(total / SETTLEMENT_PAGE_SIZE)),
      total,
    };
  }

  return {
    settleRealtime,
    settleHourly,
    settleDays,
    settleContracts,
    retryUnpaid,
    memberSettlements,
    income,
    runs,
  };
}
export type SettlementService = ReturnType<typeof createSettlementService>;

function toSettlement(r: SettlementRow, memberId: number, names: Map<number, string>): Settlement {
  const received = Number(r.payee_member_id) === memberId;
  const other = received ? r.payer_member_id : r.payee_member_id;
  return {
    id: Number(r.id),
    contractId: Number(r.contract_id),
    kind: r.kind as ContractKind,
    periodLabel: r.period_label,
    windowStartUtc: new Date(r.window_start).toISOString(),
    windowEndUtc: new Date(r.window_end).toISOString(),
    role: received ? 'received' : 'paid',
    counterparty:
      other === null ? null : { id: Number(other), account: names.get(Number(other)) ?? '' },
    validBetMinor: Number(r.valid_bet_minor),
    profitLossMinor: Number(r.profit_loss_minor),
    wonBetMinor: Number(r.won_bet_minor),
    lostBetMinor: Number(r.lost_bet_minor),
    activeMembers: r.active_members,
    lateBetMinor: Number(r.late_bet_minor),
    rateBp: r.rate_bp,
    lossRateBp: r.loss_rate_bp,
    amountMinor: Number(r.amount_minor),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
