import {
  isAgentType,
  isModuleEnabled,
  MAX_RATE_BP,
  ModuleId,
  type Contract,
  type ContractKind,
  type ContractOffer,
} from '@banca/contracts';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import type { Brand } from '../../system';
import { checkTiers, exceeds, topRates, type TopRates } from './rules';
import type { ContractRow, ContractsRepository, NewContract } from './repository';

/** The feature key that switches each kind on for a brand (facts.md §1 whitelabel keys). */
export const CONTRACT_FEATURE: Record<ContractKind, string> = {
  dividend: ModuleId.agentDividend,
  daily: ModuleId.agentDailySalary,
  hourly: ModuleId.agentHourlySalary,
  realtime: ModuleId.agentRealtimeSalary,
};

/** Contracts one list answers: an agent's offers to its direct downlines fit many times over. */
export const CONTRACT_LIST_LIMIT = 200;
/** Contracts per page of the console's desk. */
export const ADMIN_CONTRACT_PAGE_SIZE = 20;

/** What the contracts need of other modules, through their services. */
export type ContractDeps = {
  db: Db;
  repo: ContractsRepository;
  /** The tree (this module's service): is one member a direct downline of another? */
  isDirectDownline(uplineId: number, downlineId: number): Promise<boolean>;
  /** A member's account name, type and brand (auth's accounts). */
  member(id: number): Promise<{ username: string; type: number; merchantCode: string } | null>;
};

export type Caller = { memberId: number; merchantCode: string };

/** The period column of a contract: how often it is settled (docs/agents.md). */
function periodOf(offer: ContractOffer): string {
  switch (offer.kind) {
    case 'dividend':
      return offer.computationPeriod;
    case 'daily':
      return 'daily';
    case 'hourly':
      return String(offer.windowMinutes);
    case 'realtime':
      return '5';
  }
}

/**
 * The contracts between uplines and their direct downlines (docs/agents.md "Contracts";
 * spec §6, facts.md §1): offers, the downline's answers (A, R, C), the rule that a lower rate
 * accepted ends the downline's own contracts above it, and the console's house contracts.
 */
export function createContractsService(deps: ContractDeps) {
  const { db, repo } = deps;

  function assertKindOn(brand: Brand, kind: ContractKind): void {
    if (!isModuleEnabled(brand.settings.whitelabel, CONTRACT_FEATURE[kind]))
      throw new AppError('contract_kind_disabled');
  }

  const ratesOf = (row: ContractRow): TopRates => ({
    topRateBp: row.top_rate_bp,
    topLossRateBp: row.top_loss_rate_bp,
  });

  /** Checks an offer's terms and builds its row (nothing is stored). */
  function termsOf(offer: ContractOffer, merchantCode: string, uplineId: number | null) {
    const tiers = offer.tiers.map((t) =>
      offer.kind === 'realtime'
        ? { thresholdMinor: t.thresholdMinor, rateBp: t.rateBp, lossRateBp: t.lossRateBp! }
        : { thresholdMinor: t.thresholdMinor, rateBp: t.rateBp },
    );
    const rates = checkTiers(offer.kind, offer.tiers);
    const row: NewContract = {
      merchantCode,
      kind: offer.kind,
      uplineId,
      downlineId: offer.downlineId,
      productType: offer.kind === 'dividend' ? offer.productType : 'ALL',
      period: periodOf(offer),
      minActiveMembers: offer.kind === 'realtime' ? 0 : offer.minActiveMembers,
      tiers,
      ...rates,
    };
    return row;
  }

  /** An upline offers a direct downline a contract (the offer dialog of the downline page). */
  async function offer(caller: Caller, brand: Brand, input: ContractOffer): Promise<Contract> {
    assertKindOn(brand, input.kind);
    // The whole form first (conventions: validate before anything is looked up or changed).
    const row = termsOf(input, caller.merchantCode, caller.memberId);
    if (input.downlineId === caller.memberId) throw new AppError('contract_to_self');
    const [self, downline] = await Promise.all([
      deps.member(caller.memberId),
      deps.member(input.downlineId),
    ]);
    if (!self || !isAgentType(self.type)) throw new AppError('contract_agents_only');
    if (
      !downline ||
      downline.merchantCode !== caller.merchantCode ||
      !(await deps.isDirectDownline(caller.memberId, input.downlineId))
    )
      throw new AppError('contract_not_direct_downline');
    if (!isAgentType(downline.type)) throw new AppError('contract_agents_only');
    // A downline's rate never exceeds its upline's: the offer is capped by the agent's own
    // contract of the kind (an agent without one pays from its own pocket, up to the ceiling).
    const own = await repo.active(caller.memberId, input.kind);
    if (own && exceeds(row, ratesOf(own)))
      throw new AppError('contract_rate_above_upline', {
        params: { maxPercent: percent(Math.max(own.top_rate_bp, own.top_loss_rate_bp)) },
      });
    return (await views([await repo.insertOffer(row)]))[0]!;
  }

  /** The upline takes back an offer not yet answered. */
  async function withdraw(caller: Caller, id: number): Promise<Contract> {
    const row = await repo.byId(id);
    if (!row || row.upline_member_id !== caller.memberId) throw new AppError('contract_not_found');
    const changed = await db
      .transaction()
      .execute((trx) => repo.setStatus(trx, id, 'pending', 'withdrawn', 'withdrawn_by_upline'));
    if (!changed) throw new AppError('contract_not_pending');
    return (await views([changed]))[0]!;
  }

  /** Contracts of the downline's own that accepting `row` would end (rates above it). */
  async function wouldEnd(trx: Db, row: ContractRow): Promise<ContractRow[]> {
    const given = await repo.givenInForce(trx, row.downline_member_id, row.kind);
    return given.filter((g) => exceeds(ratesOf(g), ratesOf(row)));
  }

  /** Ends contracts in force above a new rate, and withdraws offers above it not yet answered. */
  async function endAbove(trx: Db, rows: ContractRow[]): Promise<ContractRow[]> {
    const ended: ContractRow[] = [];
    for (const g of rows) {
      const done =
        g.status === 'pending'
          ? await repo.setStatus(trx, g.id, 'pending', 'withdrawn', 'upline_rate_lowered')
          : await repo.setStatus(trx, g.id, 'active', 'ended', 'upline_rate_lowered');
      if (done) ended.push(done);
    }
    return ended;
  }

  /**
   * The downline's answer to a contract it was offered (A accept, R reject) or holds (C
   * terminate). Accepting a rate lower than contracts the downline gave its own downlines ends
   * those, but only once the downline confirmed it (`confirmEndDownline`); otherwise
   * `contract_ends_downline_contracts` with their count, and nothing changes.
   */
  async function answer(
    caller: Caller,
    brand: Brand,
    find: { id: number } | { dividendPeriod: string; productType: string },
    status: 'A' | 'R' | 'C',
    confirmEndDownline: boolean,
  ) {
    let row: ContractRow | undefined;
    if ('id' in find) row = await repo.byId(find.id);
    else if (status === 'C') {
      const active = await repo.active(caller.memberId, 'dividend');
      row = active?.period === find.dividendPeriod ? active : undefined;
    } else row = await repo.pendingDividend(caller.memberId, find.dividendPeriod, find.productType);
    if (
      !row ||
      row.downline_member_id !== caller.memberId ||
      row.merchant_code !== brand.merchantCode
    )
      throw new AppError('contract_not_found');
    assertKindOn(brand, row.kind);
    const id = row.id;

    const result = await db.transaction().execute(async (trx) => {
      const locked = await repo.lockById(trx, id);
      if (!locked) throw new AppError('contract_not_found');
      if (status === 'C') {
        if (locked.status !== 'active') throw new AppError('contract_not_active');
        const done = await repo.setStatus(
          trx,
          id,
          'active',
          'terminated',
          'terminated_by_downline',
        );
        return { contract: done!, ended: [] as ContractRow[] };
      }
      if (locked.status !== 'pending') throw new AppError('contract_not_pending');
      if (status === 'R') {
        const done = await repo.setStatus(trx, id, 'pending', 'rejected', 'rejected_by_downline');
        return { contract: done!, ended: [] as ContractRow[] };
      }
      // The offering agent's own rate may have fallen since it offered: still capped by it.
      if (locked.upline_member_id !== null) {
        const own = await repo.active(Number(locked.upline_member_id), locked.kind, trx);
        if (own && exceeds(ratesOf(locked), ratesOf(own)))
          throw new AppError('contract_rate_above_upline', {
            params: { maxPercent: percent(Math.max(own.top_rate_bp, own.top_loss_rate_bp)) },
          });
      }
      const ending = await wouldEnd(trx, locked);
      if (ending.length > 0 && !confirmEndDownline)
        throw new AppError('contract_ends_downline_contracts', {
          params: { count: ending.length },
          data: { contractIds: ending.map((c) => c.id) },
        });
      const current = await repo.active(caller.memberId, locked.kind, trx);
      if (current) await repo.setStatus(trx, current.id, 'active', 'replaced', 'replaced');
      const accepted = await repo.setStatus(trx, id, 'pending', 'active');
      return { contract: accepted!, ended: await endAbove(trx, ending) };
    });
    const all = await views([result.contract, ...result.ended]);
    return { contract: all[0]!, endedContracts: all.slice(1) };
  }

  /** What accepting an offer would end (shown in the confirmation before accepting). */
  async function preview(caller: Caller, id: number) {
    const row = await repo.byId(id);
    if (!row || row.downline_member_id !== caller.memberId)
      throw new AppError('contract_not_found');
    const ending = row.status === 'pending' ? await wouldEnd(db, row) : [];
    const all = await views([row, ...ending]);
    return { contract: all[0]!, endsContracts: all.slice(1) };
  }

  async function list(
    caller: Caller,
    filter: {
      role: 'given' | 'received';
      kind?: ContractKind | undefined;
      downlineId?: number | undefined;
    },
  ): Promise<Contract[]> {
    const rows =
      filter.role === 'given'
        ? await repo.list({
            uplineId: caller.memberId,
            ...(filter.downlineId !== undefined ? { downlineId: filter.downlineId } : {}),
            kind: filter.kind,
            limit: CONTRACT_LIST_LIMIT,
          })
        : await repo.list({
            downlineId: caller.memberId,
            kind: filter.kind,
            limit: CONTRACT_LIST_LIMIT,
          });
    return views(rows);
  }

  /** Offers waiting for the member's answer, of the kinds the brand has on (the login popup). */
  async function pending(caller: Caller, brand: Brand): Promise<Contract[]> {
    const rows = await repo.list({
      downlineId: caller.memberId,
      statuses: ['pending'],
      limit: CONTRACT_LIST_LIMIT,
    });
    return views(
      rows.filter((r) => isModuleEnabled(brand.settings.whitelabel, CONTRACT_FEATURE[r.kind])),
    );
  }

  /**
   * A contract the house pays an agent (the console; usually a top-level agent, whose contracts
   * have no upline to pay them). It is in force at once, replacing the agent's current one of
   * the kind, and ends the agent's own contracts above its rate (the operator's confirmation is
   * the console's; the audit log records it).
   */
  async function houseContract(input: ContractOffer, staff: string): Promise<Contract> {
    checkTiers(input.kind, input.tiers);
    const member = await deps.member(input.downlineId);
    if (!member || !isAgentType(member.type)) throw new AppError('contract_agents_only');
    const row = { ...termsOf(input, member.merchantCode, null), offeredByStaff: staff };
    const created = await db.transaction().execute(async (trx) => {
      const current = await repo.active(input.downlineId, input.kind, trx);
      if (current)
        await repo.setStatus(trx, current.id, 'active', 'replaced', 'replaced_by_operator');
      const inserted = await repo.insertInForce(trx, row);
      await endAbove(
        trx,
        (await repo.givenInForce(trx, input.downlineId, input.kind)).filter((g) =>
          exceeds(ratesOf(g), row),
        ),
      );
      return inserted;
    });
    return (await views([created]))[0]!;
  }

  /** The console ends a contract in force (audited by the operator scope). */
  async function terminateByOperator(id: number): Promise<Contract> {
    const done = await db
      .transaction()
      .execute((trx) => repo.setStatus(trx, id, 'active', 'terminated', 'terminated_by_operator'));
    if (!done) {
      if (!(await repo.byId(id))) throw new AppError('contract_not_found');
      throw new AppError('contract_not_active');
    }
    return (await views([done]))[0]!;
  }

  async function adminPage(filter: {
    memberId?: number | undefined;
    kind?: ContractKind | undefined;
    status?: ContractRow['status'] | undefined;
    pageNo: number;
  }) {
    const { rows, total } = await repo.page({
      ...filter,
      limit: ADMIN_CONTRACT_PAGE_SIZE,
      offset: (filter.pageNo - 1) * ADMIN_CONTRACT_PAGE_SIZE,
    });
    return {
      list: await views(rows),
      pageNo: filter.pageNo,
      totalPages: Math.max(1, Math.ceil(total / ADMIN_CONTRACT_PAGE_SIZE)),
      total,
    };
  }

  /** Rows as the API shows them, with both sides' account names. */
  async function views(rows: ContractRow[]): Promise<Contract[]> {
    const names = await accountNames(
      rows.flatMap((r) => [r.downline_member_id, r.upline_member_id ?? 0]).filter((id) => id > 0),
    );
    return rows.map((r) => toContract(r, names));
  }

  async function accountNames(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => deps.member(id)));
    return new Map(unique.map((id, i) => [id, found[i]?.username ?? `#${id}`]));
  }

  return {
    offer,
    withdraw,
    answer,
    preview,
    list,
    pending,
    houseContract,
    terminateByOperator,
    adminPage,
    accountNames,
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const percent = (bp: number) => (bp / 100).toFixed(2);

export function toContract(r: ContractRow, names: Map<number, string>): Contract {
  return {
    id: Number(r.id),
    kind: r.kind,
    status: r.status,
    upline:
      r.upline_member_id === null
        ? null
        : { id: Number(r.upline_member_id), account: names.get(Number(r.upline_member_id)) ?? '' },
    downline: {
      id: Number(r.downline_member_id),
      account: names.get(Number(r.downline_member_id)) ?? '',
    },
    terms: {
      productType: r.product_type,
      period: r.period,
      minActiveMembers: r.min_active_members,
      tiers: r.tiers,
    },
    createdAt: iso(r.created_at)!,
    respondedAt: iso(r.responded_at),
    endedAt: iso(r.ended_at),
    endReason: r.end_reason,
  };
}

export { topRates, MAX_RATE_BP };
