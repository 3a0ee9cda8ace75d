import { sql } from 'kysely';
import type { Db } from '../../db/connect';

export type MemberPurpose = 'main' | 'bonus' | 'locked' | 'points' | 'vendor';
export type HousePurpose =
  | 'revenue'
  | 'adjustment'
  | 'demo_credit'
  | 'promotion'
  | 'payment_clearing'
  /** The agents' contracts the house pays (top-level agents' salaries and dividends). */
  | 'agent_commission';

/** The only code that reads ledger tables for the wallet pages; writes go through ledger.ts. */
export function createWalletRepository(db: Db) {
  return {
    /** The account's id, created on first use (concurrent creators agree through the unique index). */
    async ensureMemberAccount(input: {
      merchantCode: string;
      memberId: number;
      purpose: MemberPurpose;
      vendorCode: string;
      currency: string;
    }): Promise<number> {
      const existing = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('owner_kind', '=', 'member')
        .where('member_id', '=', input.memberId)
        .where('purpose', '=', input.purpose)
        .where('vendor_code', '=', input.vendorCode)
        .where('currency', '=', input.currency)
        .executeTakeFirst();
      if (existing) return existing.id;
      await sql`INSERT INTO ledger_accounts (merchant_code, owner_kind, member_id, purpose, vendor_code, currency)
        VALUES (${input.merchantCode}, 'member', ${input.memberId}, ${input.purpose}, ${input.vendorCode}, ${input.currency})
        ON CONFLICT (member_id, purpose, vendor_code, currency) WHERE owner_kind = 'member' DO NOTHING`.execute(
        db,
      );
      return this.ensureMemberAccount(input);
    },

    /**
     * Many members' accounts of one purpose at once (a settlement's chunk): one read, and for
     * those missing one insert and a second read. Answers one row per distinct member and currency.
     */
    async ensureMemberAccounts(input: {
      purpose: MemberPurpose;
      vendorCode: string;
      members: Array<{ merchantCode: string; memberId: number; currency: string }>;
    }): Promise<Array<{ memberId: number; currency: string; id: number }>> {
      const members = [
        ...new Map(input.members.map((m) => [`${m.memberId}:${m.currency}`, m])).values(),
      ];
      const read = async () => {
        const { rows } = await sql<{
          id: string | number;
          member_id: string | number;
          currency: string;
        }>`
          SELECT a.id, a.member_id, a.currency
          FROM unnest(${members.map((m) => m.memberId)}::bigint[], ${members.map((m) => m.currency)}::text[]) AS u (member_id, currency)
          JOIN ledger_accounts a ON a.member_id = u.member_id AND a.purpose = ${input.purpose}
            AND a.vendor_code = ${input.vendorCode} AND a.currency = u.currency AND a.owner_kind = 'member'`.execute(
          db,
        );
        return rows.map((r) => ({
          memberId: Number(r.member_id),
          currency: r.currency,
          id: Number(r.id),
        }));
      };
      const found = await read();
      if (found.length >= members.length) return found;
      await sql`INSERT INTO ledger_accounts (merchant_code, owner_kind, member_id, purpose, vendor_code, currency)
        SELECT u.merchant_code, 'member', u.member_id, ${input.purpose}, ${input.vendorCode}, u.currency
        FROM unnest(${members.map((m) => m.merchantCode)}::text[], ${members.map((m) => m.memberId)}::bigint[], ${members.map((m) => m.currency)}::text[])
          AS u (merchant_code, member_id, currency)
        ON CONFLICT (member_id, purpose, vendor_code, currency) WHERE owner_kind = 'member' DO NOTHING`.execute(
        db,
      );
      return read();
    },

    async ensureHouseAccount(input: {
      merchantCode: string;
      purpose: HousePurpose;
      vendorCode: string;
      currency: string;
    }): Promise<number> {
      const existing = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('owner_kind', '=', 'house')
        .where('merchant_code', '=', input.merchantCode)
        .where('purpose', '=', input.purpose)
        .where('vendor_code', '=', input.vendorCode)
        .where('currency', '=', input.currency)
        .executeTakeFirst();
      if (existing) return existing.id;
      await sql`INSERT INTO ledger_accounts (merchant_code, owner_kind, member_id, purpose, vendor_code, currency)
        VALUES (${input.merchantCode}, 'house', NULL, ${input.purpose}, ${input.vendorCode}, ${input.currency})
        ON CONFLICT (merchant_code, purpose, vendor_code, currency) WHERE owner_kind = 'house' DO NOTHING`.execute(
        db,
      );
      return this.ensureHouseAccount(input);
    },

    memberAccounts(memberId: number, currency: string) {
      return db
        .selectFrom('ledger_accounts')
        .select(['id', 'purpose', 'vendor_code', 'balance_minor'])
        .where('owner_kind', '=', 'member')
        .where('member_id', '=', memberId)
        .where('currency', '=', currency)
        .execute();
    },

    /** The id of the operation an idempotency key recorded, or null when the key is new. */
    async operationIdByKey(idempotencyKey: string): Promise<number | null> {
      const row = await db
        .selectFrom('ledger_operations')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /** Everything one operation moved, summed over its transfers. */
    async operationAmountMinor(operationId: number): Promise<number> {
      const row = await db
        .selectFrom('ledger_transfers')
        .select(sql<string | number | null>`sum(amount_minor)`.as('total'))
        .where('operation_id', '=', operationId)
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    },

    /**
     * Each member account's balance right after an operation, as the ledger recorded it: the
     * balance after the account's last transfer in that operation or an earlier one (0 when
     * it had none). A member account's transfers are written under its row lock, so their ids
     * follow the order they were applied in, and the operations holding them likewise.
     */
    async balancesAfterOperation(
      accountIds: number[],
      operationId: number,
    ): Promise<Map<number, number>> {
      if (accountIds.length === 0) return new Map();
      const { rows } = await sql<{ id: string | number; balance: string | number | null }>`
        SELECT a.id, (
          SELECT s.balance FROM (
            (SELECT id, from_balance_after AS balance FROM ledger_transfers
             WHERE from_account_id = a.id AND operation_id <= ${operationId} ORDER BY id DESC LIMIT 1)
            UNION ALL
            (SELECT id, to_balance_after FROM ledger_transfers
             WHERE to_account_id = a.id AND operation_id <= ${operationId} ORDER BY id DESC LIMIT 1)
          ) s ORDER BY s.id DESC LIMIT 1
        ) AS balance
        FROM (VALUES ${sql.join(accountIds.map((id) => sql`(${id}::bigint)`))}) AS a (id)`.execute(
        db,
      );
      return new Map(rows.map((r) => [Number(r.id), Number(r.balance ?? 0)]));
    },

    /**
     * The member's movements, newest first: one row per transfer side that touches one of
     * `accountIds`, signed from the member's point of view, with that account's balance after.
     */
    async movements(
      accountIds: number[],
      filter: {
        kinds: string[] | null;
        fromUtc: Date | null;
        toUtc: Date | null;
        limit: number;
        offset: number;
      },
    ) {
      if (accountIds.length === 0) return { rows: [], total: 0 };
      const base = db
        .selectFrom('ledger_transfers as t')
        .innerJoin('ledger_accounts as a', (join) =>
          join.on((eb) =>
            eb.or([
              eb('a.id', '=', eb.ref('t.from_account_id')),
              eb('a.id', '=', eb.ref('t.to_account_id')),
            ]),
          ),
        )
        .where('a.id', 'in', accountIds)
        .$if(filter.kinds !== null, (q) => q.where('t.kind', 'in', filter.kinds!))
        .$if(filter.fromUtc !== null, (q) => q.where('t.created_at', '>=', filter.fromUtc!))
        .$if(filter.toUtc !== null, (q) => q.where('t.created_at', '<', filter.toUtc!));
      const [rows, count] = await Promise.all([
        base
          .select([
            't.id',
            't.created_at',
            't.kind',
            't.reference',
            'a.purpose',
            'a.vendor_code',
            sql<number>`CASE WHEN a.id = t.to_account_id THEN t.amount_minor ELSE -t.amount_minor END`.as(
              'signed_minor',
            ),
            sql<number>`CASE WHEN a.id = t.to_account_id THEN t.to_balance_after ELSE t.from_balance_after END`.as(
              'balance_after',
            ),
          ])
          .orderBy('t.id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    /** Valid bets of the member's settled rounds opened at or after `sinceUtc` (all when null). */
    async validBetMinorSince(memberId: number, sinceUtc: Date | null): Promise<number> {
      const row = await db
        .selectFrom('bet_rounds')
        .select(sql<string | null>`sum(valid_bet_minor)`.as('total'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'settled')
        .$if(sinceUtc !== null, (q) => q.where('opened_at', '>=', sinceUtc!))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
