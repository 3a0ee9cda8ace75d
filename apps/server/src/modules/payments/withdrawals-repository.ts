import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type {
  ConfirmationAnswer,
  MemberIdentitiesTable,
  MemberPixKeysTable,
  PixKeyType,
  WithdrawalProofsTable,
  WithdrawalSettingsTable,
  WithdrawalStatus,
  WithdrawalsTable,
} from './tables';

export type IdentityRow = Selectable<MemberIdentitiesTable>;
export type PixKeyRow = Selectable<MemberPixKeysTable>;
export type WithdrawalSettingsRow = Selectable<WithdrawalSettingsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type ProofRow = Selectable<WithdrawalProofsTable>;

/** PostgreSQL's unique_violation: two members (or two requests) raced for one CPF or key. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** The only code that reads or writes the withdrawal tables (migration 0021). */
export function createWithdrawalsRepository(db: Db) {
  const byId = (executor: Db, id: number) =>
    executor.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();

  /** Count and sum of the member's withdrawals made since `sinceUtc` that still count (not refused). */
  async function madeSince(memberId: number, sinceUtc: Date, executor: Db = db) {
    const row = await executor
      .selectFrom('withdrawals')
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<string | null>`sum(amount_minor)`.as('total'),
      ])
      .where('member_id', '=', memberId)
      .where('created_at', '>=', sinceUtc)
      .where('status', 'not in', ['cancelled', 'rejecting', 'rejected'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), amountMinor: Number(row.total ?? 0) };
  }

  return {
    // ── identity ────────────────────────────────────────────────────────────
    identity(memberId: number): Promise<IdentityRow | undefined> {
      return db
        .selectFrom('member_identities')
        .selectAll()
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /** Records an identity once: undefined when the member already has one. Throws on a CPF in use (unique). */
    async insertIdentity(row: Insertable<MemberIdentitiesTable>): Promise<IdentityRow | undefined> {
      return db
        .insertInto('member_identities')
        .values(row)
        .onConflict((oc) => oc.column('member_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    // ── PIX keys ────────────────────────────────────────────────────────────
    pixKeys(memberId: number): Promise<PixKeyRow[]> {
      return db
        .selectFrom('member_pix_keys')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute();
    },

    pixKey(memberId: number, id: number): Promise<PixKeyRow | undefined> {
      return db
        .selectFrom('member_pix_keys')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Adds a key unless the member already keeps `max`: counted and inserted under a lock on the
     * member's keys, so two requests at once cannot pass the limit together. Throws on a duplicate.
     */
    async insertPixKey(
      row: { merchant_code: string; member_id: number; key_type: PixKeyType; key_value: string },
      max: number,
    ): Promise<PixKeyRow | 'limit'> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext('pix-keys'), ${row.member_id})`.execute(
          trx,
        );
        const count = await trx
          .selectFrom('member_pix_keys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('member_id', '=', row.member_id)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= max) return 'limit' as const;
        return trx
          .insertInto('member_pix_keys')
          .values(row)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    async deletePixKey(memberId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('member_pix_keys')
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // ── settings ────────────────────────────────────────────────────────────
    settings(merchantCode: string): Promise<WithdrawalSettingsRow | undefined> {
      return db
        .selectFrom('withdrawal_settings')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
    },

    /** Writes a brand's settings unless it has them (concurrent callers agree through the key). */
    async insertSettings(row: WithdrawalSettingsRow): Promise<void> {
      await db
        .insertInto('withdrawal_settings')
        .values(row)
        .onConflict((oc) => oc.column('merchant_code').doNothing())
        .execute();
    },

    async updateSettings(row: WithdrawalSettingsRow): Promise<void> {
      await db
        .insertInto('withdrawal_settings')
        .values(row)
        .onConflict((oc) =>
          oc.column('merchant_code').doUpdateSet({
            provider: row.provider,
            min_minor: row.min_minor,
            max_minor: row.max_minor,
            daily_count_max: row.daily_count_max,
            daily_amount_max_minor: row.daily_amount_max_minor,
            turnover_pct: row.turnover_pct,
            min_deposit_total_minor: row.min_deposit_total_minor,
            identity_required: row.identity_required,
            confirm_minutes: row.confirm_minutes,
          }),
        )
        .execute();
    },

    // ── deposits, as the requirements read them (the module's own table) ─────
    /** Deposits credited to the member at or after `sinceUtc` (all when null). */
    async creditedDepositsSince(memberId: number, sinceUtc: Date | null): Promise<number> {
      const row = await db
        .selectFrom('deposits')
        .select(sql<string | null>`sum(amount_minor)`.as('total'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'credited')
        .$if(sinceUtc !== null, (q) => q.where('credited_at', '>=', sinceUtc!))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** When the member's last withdrawal was paid out (the turnover count starts again there). */
    async lastPaidAt(memberId: number): Promise<Date | null> {
      const row = await db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.max('paid_at').as('at'))
        .where('member_id', '=', memberId)
        .where('paid_at', 'is not', null)
        .executeTakeFirst();
      return (row?.at as Date | null | undefined) ?? null;
    },

    madeSince,

    // ── withdrawals ─────────────────────────────────────────────────────────
    byId: (id: number) => byId(db, id),

    byPayoutId(provider: string, payoutId: string): Promise<WithdrawalRow | undefined> {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('provider', '=', provider)
        .where('payout_id', '=', payoutId)
        .executeTakeFirst();
    },

    /**
     * Inserts a new withdrawal (status `new`) if today's count and amount allow it: checked and
     * written under a lock on the member's withdrawals, so two requests at once cannot both pass
     * the last free place. Answers what stopped it otherwise.
     */
    async insertWithinLimits(
      row: Omit<Insertable<WithdrawalsTable>, 'payout_id'>,
      limits: { sinceUtc: Date; countMax: number; amountMaxMinor: number },
    ): Promise<
      | { ok: true; row: WithdrawalRow }
      | { ok: false; reason: 'count' | 'amount'; count: number; amountMinor: number }
    > {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext('withdrawals'), ${row.member_id})`.execute(
          trx,
        );
        const made = await madeSince(row.member_id, limits.sinceUtc, trx);
        if (made.count >= limits.countMax) return { ok: false, reason: 'count', ...made } as const;
        if (made.amountMinor + Number(row.amount_minor) > limits.amountMaxMinor)
          return { ok: false, reason: 'amount', ...made } as const;
        const inserted = await trx
          .insertInto('withdrawals')
          .values({
            ...row,
            // A placeholder until the id exists; replaced in the same transaction.
            payout_id: sql<string>`'pending-' || gen_random_uuid()::text`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const withId = await trx
          .updateTable('withdrawals')
          .set({
            payout_id: sql<string>`'wd-' || id::text || '-' || substr(md5(random()::text), 1, 10)`,
          })
          .where('id', '=', inserted.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { ok: true, row: withId } as const;
      });
    },

    /**
     * Moves a withdrawal from one of `from` to `to`, setting `set`, once: of two callers at once
     * exactly one gets the row back (a conditional update; the row lock orders them).
     */
    async transition(
      executor: Db,
      id: number,
      from: WithdrawalStatus[],
      to: WithdrawalStatus,
      set: Partial<{
        reviewed_by: string;
        reviewed_at: Date;
        review_note: string | null;
        payout_attempts: number;
        next_payout_at: Date | null;
        payout_error: string | null;
        end_to_end_id: string | null;
        paid_at: Date;
        confirm_by: Date;
        confirmation: ConfirmationAnswer;
        received_minor: number | null;
        confirmed_at: Date;
        failure_reason: string;
        resolved_by: string;
        resolved_at: Date;
        resolution_note: string;
        refund_minor: number;
      }> = {},
    ): Promise<WithdrawalRow | undefined> {
      return executor
        .updateTable('withdrawals')
        .set({ ...set, status: to, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    /** After a payout attempt that settled nothing: when to try (or ask) again, and why. */
    async reschedulePayout(
      id: number,
      at: { next: Date; attempts: number; error: string | null },
    ): Promise<void> {
      await db
        .updateTable('withdrawals')
        .set({
          next_payout_at: at.next,
          payout_attempts: at.attempts,
          payout_error: at.error?.slice(0, 500) ?? null,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'approved')
        .execute();
    },

    /**
     * A payout the job gave up on (approved, `gaveUpAfter` attempts or more) starts over: its
     * attempts back to 0, due at `next`. Conditional, so of two operators one gets the row.
     */
    restartPayout(
      id: number,
      at: { gaveUpAfter: number; next: Date },
    ): Promise<WithdrawalRow | undefined> {
      return db
        .updateTable('withdrawals')
        .set({
          payout_attempts: 0,
          next_payout_at: at.next,
          payout_error: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'approved')
        .where('payout_attempts', '>=', at.gaveUpAfter)
        .returningAll()
        .executeTakeFirst();
    },

    /** Claims a payout the job gave up on for closing as failed (`approved` → `failing`), once. */
    claimGaveUpPayout(
      id: number,
      at: { gaveUpAfter: number; resolvedBy: string; at: Date; reason: string },
    ): Promise<WithdrawalRow | undefined> {
      return db
        .updateTable('withdrawals')
        .set({
          status: 'failing',
          resolved_by: at.resolvedBy,
          resolved_at: at.at,
          resolution_note: at.reason,
          failure_reason: at.reason,
          next_payout_at: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'approved')
        .where('payout_attempts', '>=', at.gaveUpAfter)
        .returningAll()
        .executeTakeFirst();
    },

    /** Approved withdrawals whose payout is due (to send, resend or ask about), oldest first. */
    payoutsDue(before: Date, limit: number): Promise<WithdrawalRow[]> {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', '=', 'approved')
        .where('next_payout_at', '<=', before)
        .orderBy('next_payout_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Payouts whose confirmation deadline passed before `before`. */
    confirmationsDue(before: Date, limit: number): Promise<WithdrawalRow[]> {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', '=', 'paid')
        .where('confirm_by', '<=', before)
        .orderBy('confirm_by')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Steps an instance left half-done (`new`, `rejecting`, `refunding`, `failing`) not touched since `before`. */
    unfinished(before: Date, limit: number): Promise<WithdrawalRow[]> {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', 'in', ['new', 'rejecting', 'refunding', 'failing'])
        .where('updated_at', '<=', before)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async memberPage(
      memberId: number,
      filter: { statuses: WithdrawalStatus[] | null; limit: number; offset: number },
    ): Promise<{ rows: WithdrawalRow[]; total: number }> {
      let query = db
        .selectFrom('withdrawals')
        .where('member_id', '=', memberId)
        .where('status', 'not in', ['new', 'cancelled']);
      if (filter.statuses) query = query.where('status', 'in', filter.statuses);
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

    awaitingConfirmation(memberId: number, limit: number): Promise<WithdrawalRow[]> {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'paid')
        .orderBy('confirm_by')
        .limit(limit)
        .execute();
    },

    /** The cashier's queue: a brand's withdrawals by status, sorted as asked. */
    async queue(filter: {
      merchantCode: string | null;
      statuses: WithdrawalStatus[] | null;
      memberId: number | null;
      sort: 'created_at' | 'amount_minor' | 'updated_at';
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    }): Promise<{ rows: WithdrawalRow[]; total: number }> {
      let query = db.selectFrom('withdrawals').where('status', 'not in', ['new', 'cancelled']);
      if (filter.merchantCode) query = query.where('merchant_code', '=', filter.merchantCode);
      if (filter.statuses) query = query.where('status', 'in', filter.statuses);
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

    identities(memberIds: number[]): Promise<IdentityRow[]> {
      if (memberIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('member_identities')
        .selectAll()
        .where('member_id', 'in', memberIds)
        .execute();
    },

    // ── proofs ──────────────────────────────────────────────────────────────
    proofs(withdrawalIds: number[]): Promise<ProofRow[]> {
      if (withdrawalIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('withdrawal_proofs')
        .selectAll()
        .where('withdrawal_id', 'in', withdrawalIds)
        .orderBy('id')
        .execute();
    },

    proof(withdrawalId: number, proofId: number): Promise<ProofRow | undefined> {
      return db
        .selectFrom('withdrawal_proofs')
        .selectAll()
        .where('withdrawal_id', '=', withdrawalId)
        .where('id', '=', proofId)
        .executeTakeFirst();
    },

    /**
     * Records a stored proof if the withdrawal still waits for the answer and has fewer than
     * `max`: under the withdrawal's row lock, so parallel uploads cannot pass the limit.
     */
    async insertProof(
      row: Insertable<WithdrawalProofsTable>,
      max: number,
    ): Promise<'ok' | 'limit' | 'not_awaiting'> {
      return db.transaction().execute(async (trx) => {
        const w = await trx
          .selectFrom('withdrawals')
          .select('status')
          .where('id', '=', row.withdrawal_id)
          .forUpdate()
          .executeTakeFirst();
        if (!w || w.status !== 'paid') return 'not_awaiting' as const;
        const count = await trx
          .selectFrom('withdrawal_proofs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('withdrawal_id', '=', row.withdrawal_id)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= max) return 'limit' as const;
        await trx.insertInto('withdrawal_proofs').values(row).execute();
        return 'ok' as const;
      });
    },
  };
}
export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
