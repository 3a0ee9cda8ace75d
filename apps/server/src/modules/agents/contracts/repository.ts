import type { ContractKind, ContractTier } from '@banca/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { AgentContractsTable } from './tables';

export type ContractRow = Selectable<AgentContractsTable>;

export type NewContract = {
  merchantCode: string;
  kind: ContractKind;
  uplineId: number | null;
  downlineId: number;
  productType: string;
  period: string;
  minActiveMembers: number;
  tiers: readonly ContractTier[];
  topRateBp: number;
  topLossRateBp: number;
  offeredByStaff?: string | null;
};

/** The only code that reads and writes `agent_contracts` (docs/agents.md "Contracts"). */
export function createContractsRepository(db: Db) {
  const contracts = (trx: Db = db) => trx.selectFrom('agent_contracts').selectAll();
  return {
    byId(id: number, trx: Db = db): Promise<ContractRow | undefined> {
      return contracts(trx).where('id', '=', id).executeTakeFirst();
    },

    /** The row locked for an answer: two answers at once are taken one after the other. */
    lockById(trx: Db, id: number): Promise<ContractRow | undefined> {
      return contracts(trx).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** The pending dividend offer of a period (the relay call names it by its fields). */
    pendingDividend(
      downlineId: number,
      computationPeriod: string,
      productType: string,
    ): Promise<ContractRow | undefined> {
      return contracts()
        .where('downline_member_id', '=', downlineId)
        .where('kind', '=', 'dividend')
        .where('status', '=', 'pending')
        .where('period', '=', computationPeriod)
        .where('product_type', '=', productType)
        .executeTakeFirst();
    },

    /** The contract of a kind in force for a member (at most one: a partial unique index). */
    active(downlineId: number, kind: ContractKind, trx: Db = db): Promise<ContractRow | undefined> {
      return contracts(trx)
        .where('downline_member_id', '=', downlineId)
        .where('kind', '=', kind)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    list(filter: {
      uplineId?: number;
      downlineId?: number;
      kind?: ContractKind | undefined;
      statuses?: string[];
      merchantCode?: string;
      limit: number;
      offset?: number;
    }): Promise<ContractRow[]> {
      let q = contracts();
      if (filter.uplineId !== undefined) q = q.where('upline_member_id', '=', filter.uplineId);
      if (filter.downlineId !== undefined)
        q = q.where('downline_member_id', '=', filter.downlineId);
      if (filter.kind) q = q.where('kind', '=', filter.kind);
      if (filter.merchantCode) q = q.where('merchant_code', '=', filter.merchantCode);
      if (filter.statuses?.length)
        q = q.where('status', 'in', filter.statuses as ContractRow['status'][]);
      return q
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset ?? 0)
        .execute();
    },

    /**
     * Contracts in force or offered that the member gave its direct downlines of one kind,
     * locked: the ones a lower rate accepted by the member ends (or withdraws, if unanswered).
     */
    givenInForce(trx: Db, uplineId: number, kind: ContractKind): Promise<ContractRow[]> {
      return contracts(trx)
        .where('upline_member_id', '=', uplineId)
        .where('kind', '=', kind)
        .where('status', 'in', ['active', 'pending'])
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /**
     * Stores an offer, withdrawing an older one still waiting for the same downline and kind
     * (the newest offer is the one the downline answers).
     */
    insertOffer(input: NewContract): Promise<ContractRow> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('agent_contracts')
          .set({ status: 'withdrawn', ended_at: new Date(), end_reason: 'superseded' })
          .where('downline_member_id', '=', input.downlineId)
          .where('kind', '=', input.kind)
          .where('status', '=', 'pending')
          .execute();
        return trx
          .insertInto('agent_contracts')
          .values(rowOf(input, 'pending'))
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** A house contract put in force at once (console): the agent's current one is replaced. */
    insertInForce(trx: Db, input: NewContract): Promise<ContractRow> {
      return trx
        .insertInto('agent_contracts')
        .values({ ...rowOf(input, 'active'), responded_at: new Date() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Moves a contract from one status to another; undefined if it was no longer in `from`. */
    setStatus(
      trx: Db,
      id: number,
      from: ContractRow['status'],
      to: ContractRow['status'],
      endReason: string | null = null,
    ): Promise<ContractRow | undefined> {
      const now = new Date();
      const ends = to !== 'active';
      return trx
        .updateTable('agent_contracts')
        .set({
          status: to,
          ...(from === 'pending' ? { responded_at: now } : {}),
          ...(ends ? { ended_at: now, end_reason: endReason } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
    },

    /** A page of contracts for the console, newest first, with the count of pages. */
    async page(filter: {
      memberId?: number | undefined;
      kind?: ContractKind | undefined;
      status?: ContractRow['status'] | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: ContractRow[]; total: number }> {
      let q = db.selectFrom('agent_contracts');
      if (filter.memberId !== undefined)
        q = q.where((eb) =>
          eb.or([
            eb('upline_member_id', '=', filter.memberId!),
            eb('downline_member_id', '=', filter.memberId!),
          ]),
        );
      if (filter.kind) q = q.where('kind', '=', filter.kind);
      if (filter.status) q = q.where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },
  };
}
export type ContractsRepository = ReturnType<typeof createContractsRepository>;

function rowOf(input: NewContract, status: 'pending' | 'active') {
  return {
    merchant_code: input.merchantCode,
    kind: input.kind,
    upline_member_id: input.uplineId,
    downline_member_id: input.downlineId,
    product_type: input.productType,
    period: input.period,
    min_active_members: input.minActiveMembers,
    tiers: JSON.stringify(input.tiers),
    top_rate_bp: input.topRateBp,
    top_loss_rate_bp: input.topLossRateBp,
    status,
    offered_by_staff: input.offeredByStaff ?? null,
  };
}
