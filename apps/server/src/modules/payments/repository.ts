import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { DepositStatus, DepositsTable, PaymentChannelsTable } from './tables';

export type DepositRow = Selectable<DepositsTable>;
export type ChannelRow = Selectable<PaymentChannelsTable>;

/** The only code that reads or writes the payments tables (migration 0018). */
export function createPaymentsRepository(db: Db) {
  return {
    /** The member's first credited deposit (the promotions' first-deposit trigger), if any. */
    async firstCreditedDeposit(memberId: number): Promise<{ id: number } | undefined> {
      return db
        .selectFrom('deposits')
        .select('id')
        .where('member_id', '=', memberId)
        .where('status', '=', 'credited')
        .orderBy('credited_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    async channels(merchantCode: string): Promise<ChannelRow[]> {
      return db
        .selectFrom('payment_channels')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** Replaces the editable part of one channel (the cashier's settings desk); undefined when there is none. */
    async updateChannel(
      merchantCode: string,
      code: string,
      set: Pick<ChannelRow, 'name' | 'enabled' | 'min_minor' | 'max_minor' | 'sort_order'> & {
        presets_minor: number[];
      },
    ): Promise<ChannelRow | undefined> {
      return db
        .updateTable('payment_channels')
        .set({ ...set, presets_minor: JSON.stringify(set.presets_minor) })
        .where('merchant_code', '=', merchantCode)
        .where('code', '=', code)
        .returningAll()
        .executeTakeFirst();
    },

    /** Writes a brand's channels unless it has some (concurrent callers agree through the unique key). */
    async insertChannels(rows: Omit<ChannelRow, 'id'>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('payment_channels')
        .values(
          rows.map((r) => ({
            ...r,
            presets_minor: JSON.stringify(r.presets_minor),
            instructions: JSON.stringify(r.instructions),
          })),
        )
        .onConflict((oc) => oc.columns(['merchant_code', 'code']).doNothing())
        .execute();
    },

    async insertDeposit(
      row: Pick<
        DepositRow,
        | 'merchant_code'
        | 'member_id'
        | 'channel_code'
        | 'method'
        | 'provider'
        | 'currency'
        | 'amount_minor'
        | 'txid'
        | 'expires_at'
      >,
    ): Promise<DepositRow> {
      return db.insertInto('deposits').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async setCharge(
      id: number,
      charge: { copiaECola: string; location: string; expiresAt: Date },
    ): Promise<DepositRow> {
      return db
        .updateTable('deposits')
        .set({
          copia_e_cola: charge.copiaECola,
          location: charge.location,
          expires_at: charge.expiresAt,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async byId(id: number): Promise<DepositRow | undefined> {
      return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async byTxid(provider: string, txid: string): Promise<DepositRow | undefined> {
      return db
        .selectFrom('deposits')
        .selectAll()
        .where('provider', '=', provider)
        .where('txid', '=', txid)
        .executeTakeFirst();
    },

    async pendingCount(memberId: number): Promise<number> {
      const row = await db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async memberPage(
      memberId: number,
      filter: { status: DepositStatus | null; limit: number; offset: number },
    ): Promise<{ rows: DepositRow[]; total: number }> {
      let query = db.selectFrom('deposits').where('member_id', '=', memberId);
      if (filter.status) query = query.where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The operator's queue: deposits by brand, method, status and member, in the asked order. */
    async queue(filter: {
      merchantCode: string | null;
      method: string | null;
      status: DepositStatus | null;
      memberId: number | null;
      sort: 'created_at' | 'amount_minor';
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    }): Promise<{ rows: DepositRow[]; total: number }> {
      let query = db.selectFrom('deposits');
      if (filter.merchantCode) query = query.where('merchant_code', '=', filter.merchantCode);
      if (filter.method) query = query.where('method', '=', filter.method as DepositRow['method']);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.memberId) query = query.where('member_id', '=', filter.memberId);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(filter.sort, filter.order)
          .orderBy('id', filter.order)
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Marks a deposit credited, once: only from one of `from` (the caller's rule), so of two
     * concurrent confirmations exactly one gets the row back (and publishes the event).
     */
    async markCredited(
      executor: Db,
      id: number,
      from: DepositStatus[],
      facts: {
        operationId: number;
        endToEndId: string | null;
        payerCpf: string | null;
        payerName: string | null;
        paidAt: Date | null;
      },
    ): Promise<DepositRow | undefined> {
      return executor
        .updateTable('deposits')
        .set({
          status: 'credited',
          ledger_operation_id: facts.operationId,
          end_to_end_id: facts.endToEndId,
          payer_cpf: facts.payerCpf,
          payer_name: facts.payerName,
          paid_at: facts.paidAt,
          credited_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    /** Ends a pending deposit without money (expired, failed, rejected), once. */
    async markEnded(
      executor: Db,
      id: number,
      status: 'expired' | 'failed',
      facts: { reason: string },
    ): Promise<DepositRow | undefined> {
      return executor
        .updateTable('deposits')
        .set({ status, failure_reason: facts.reason, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },

    async setReceipt(id: number, key: string, type: string): Promise<DepositRow | undefined> {
      return db
        .updateTable('deposits')
        .set({ receipt_key: key, receipt_type: type, expires_at: null, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Claims an operator's decision on a pending manual transfer: of two operators acting at
     * once exactly one gets the row back. An approval needs the receipt.
     */
    async claimReview(
      id: number,
      decision: 'approve' | 'reject',
      operator: string,
      note: string | null,
    ): Promise<DepositRow | undefined> {
      let query = db
        .updateTable('deposits')
        .set({
          review_decision: decision,
          reviewed_by: operator,
          review_note: note,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('method', '=', 'bank_transfer')
        .where('review_decision', 'is', null);
      if (decision === 'approve') query = query.where('receipt_key', 'is not', null);
      return query.returningAll().executeTakeFirst();
    },

    /** Decisions claimed but not carried out (the claimer died in between). */
    async decidedPending(limit: number): Promise<DepositRow[]> {
      return db
        .selectFrom('deposits')
        .selectAll()
        .where('status', '=', 'pending')
        .where('review_decision', 'is not', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Pending deposits whose deadline passed before `before`, oldest first. */
    async dueForExpiry(before: Date, limit: number): Promise<DepositRow[]> {
      return db
        .selectFrom('deposits')
        .selectAll()
        .where('status', '=', 'pending')
        .where('review_decision', 'is', null)
        .where('expires_at', '<=', before)
        .orderBy('expires_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Pending provider deposits older than `createdBefore`, the least recently checked first. */
    async dueForRecheck(createdBefore: Date, limit: number): Promise<DepositRow[]> {
      return db
        .selectFrom('deposits')
        .selectAll()
        .where('status', '=', 'pending')
        .where('method', '=', 'pix')
        .where('created_at', '<=', createdBefore)
        .orderBy(sql`last_checked_at NULLS FIRST`)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async touchChecked(ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('deposits')
        .set({ last_checked_at: at })
        .where('id', 'in', ids)
        .execute();
    },

    /** Logs a verified notification; a repeat counts up. Answers how many times it has arrived. */
    async recordNotice(notice: {
      provider: string;
      kind: 'pix' | 'payout';
      noticeId: string;
      reference: string;
      amountMinor: number | null;
      outcome: string;
    }): Promise<number> {
      const row = await db
        .insertInto('payment_webhook_receipts')
        .values({
          provider: notice.provider,
          kind: notice.kind,
          notice_id: notice.noticeId,
          reference: notice.reference,
          amount_minor: notice.amountMinor,
          outcome: notice.outcome,
        })
        .onConflict((oc) =>
          oc.columns(['provider', 'kind', 'notice_id']).doUpdateSet({
            times_received: sql`payment_webhook_receipts.times_received + 1`,
            last_received_at: sql`now()`,
          }),
        )
        .returning('times_received')
        .executeTakeFirstOrThrow();
      return row.times_received;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
