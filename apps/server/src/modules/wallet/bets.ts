import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { postOperation, type BetRecord, type LedgerAccount } from './ledger';
import type { BetRoundsTable, VendorTransactionsTable } from './tables';
import type { Selectable } from 'kysely';

/**
 * Bets are records (issue 12 §5): each vendor transaction moves money through the ledger AND
 * writes its round (bet_rounds) and itself (vendor_transactions) in the same SQL function call,
 * so in the same transaction (migration 0014: ledger_apply_bet). This file is the wallet's
 * side of it: posting a vendor transaction, and the reads the vendors module's rules and
 * later reports need.
 */
export type BetRound = Selectable<BetRoundsTable>;
export type VendorTransaction = Selectable<VendorTransactionsTable>;
export type VendorTransactionType = BetRecord['type'];

/** Money out of the member's main wallet: bets. Everything else pays the member. */
const DEBITS: ReadonlySet<VendorTransactionType> = new Set(['WITHDRAW', 'PROMOWITHDRAW']);
const LEDGER_KIND: Record<VendorTransactionType, string> = {
  WITHDRAW: 'bet',
  PROMOWITHDRAW: 'promo_bet',
  DEPOSIT: 'win',
  PROMODEPOSIT: 'promo_win',
  CANCEL: 'bet_cancel',
  PROMOCANCEL: 'bet_cancel',
};
/** Rows one lookup of a vendor's transactions returns (a bet reference groups a handful). */
const MAX_TRANSACTIONS_PER_LOOKUP = 100;

export type VendorTransactionContext = {
  /** Every transaction the vendor sent with this id (any type). */
  sameId: VendorTransaction[];
  /** Transactions sharing the bet reference (when one is given). */
  sameBetRef: VendorTransaction[];
  /** The round, when it exists. */
  round: BetRound | null;
};

export function createBetBook(deps: {
  db: Db;
  memberMain: (member: {
    memberId: number;
    merchantCode: string;
    currency: string;
  }) => Promise<LedgerAccount>;
  vendorRevenue: (
    merchantCode: string,
    currency: string,
    vendorCode: string,
  ) => Promise<LedgerAccount>;
}) {
  const { db } = deps;

  /**
   * What the PAM rules need to judge one transaction, in one query: the transactions with its
   * id, those with its bet reference, and its round.
   */
  async function context(input: {
    merchantCode: string;
    vendorCode: string;
    memberId: number;
    txId: string;
    betRef: string | null;
    roundId: string | null;
  }): Promise<VendorTransactionContext> {
    const { rows } = await sql<{
      kind: string;
      tx: VendorTransaction | null;
      round: BetRound | null;
    }>`
      SELECT 'id' AS kind, to_jsonb(t) AS tx, NULL::jsonb AS round FROM vendor_transactions t
       WHERE t.merchant_code = ${input.merchantCode} AND t.vendor_code = ${input.vendorCode} AND t.provider_tx_id = ${input.txId}
      UNION ALL
      SELECT 'ref', to_jsonb(t), NULL FROM vendor_transactions t
       WHERE ${input.betRef}::text IS NOT NULL AND t.merchant_code = ${input.merchantCode}
         AND t.vendor_code = ${input.vendorCode} AND t.bet_ref = ${input.betRef}
      UNION ALL
      SELECT 'round', NULL, to_jsonb(r) FROM bet_rounds r
       WHERE ${input.roundId}::text IS NOT NULL AND r.vendor_code = ${input.vendorCode}
         AND r.round_id = ${input.roundId} AND r.member_id = ${input.memberId}`.execute(db);
    const parse = <T>(v: T | string | null): T | null =>
      v === null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : v;
    const result: VendorTransactionContext = { sameId: [], sameBetRef: [], round: null };
    for (const row of rows) {
      if (row.kind === 'round') result.round = parse(row.round);
      else (row.kind === 'id' ? result.sameId : result.sameBetRef).push(parse(row.tx)!);
    }
    return result;
  }

  /**
   * Applies one vendor transaction: the ledger operation (key `pam:<brand>:<vendor>:<type>:<txId>`,
   * applied once) and its bet record, together. An amount of 0 moves no money and writes only the
   * record (still under the member's account lock). Answers the main wallet's balance after it.
   * Throws `insufficient_funds` (data.balanceMinor), `idempotency_conflict` (the id was used
   * with other content meanwhile) or `bet_round_changed` (the round changed since `context`).
   */
  async function post(input: {
    member: { memberId: number; merchantCode: string; currency: string };
    bet: BetRecord;
  }): Promise<{ replayed: boolean; balanceMinor: number; operationId: number | null }> {
    const { bet, member } = input;
    const main = await deps.memberMain(member);
    if (bet.amount === 0 || bet.tombstone) {
      try {
        await sql`SELECT ledger_record_bet(${main.id}, ${JSON.stringify(bet)}::jsonb)`.execute(db);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'LD004') throw new AppError('bet_round_changed');
        if (code === 'LD002') throw new AppError('idempotency_conflict');
        throw error;
      }
      return { replayed: false, balanceMinor: await balanceMinor(main.id), operationId: null };
    }
    const revenue = await deps.vendorRevenue(member.merchantCode, member.currency, bet.vendor);
    const debit = DEBITS.has(bet.type);
    const result = await postOperation(db, {
      idempotencyKey: `pam:${member.merchantCode}:${bet.vendor}:${bet.type}:${bet.txId}`,
      kind: LEDGER_KIND[bet.type],
      // In the fingerprint: a repeat of the id for another game or round is a different operation.
      reference: `${bet.vendor}:${bet.game}:${bet.round}`,
      transfers: [
        {
          from: debit ? main : revenue,
          to: debit ? revenue : main,
          amountMinor: bet.amount,
          kind: LEDGER_KIND[bet.type],
        },
      ],
      bet,
    });
    if (result.replayed)
      return {
        replayed: true,
        balanceMinor: await balanceMinor(main.id),
        operationId: result.operationId,
      };
    const posted = result.transfers[0]!;
    return {
      replayed: false,
      balanceMinor: (debit ? posted.fromBalanceAfter : posted.toBalanceAfter) ?? 0,
      operationId: result.operationId,
    };
  }

  async function balanceMinor(accountId: number): Promise<number> {
    const row = await db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.balance_minor);
  }

  /** A vendor's transactions of one member by its id or bet reference (the PAM API's lookup). */
  function transactions(input: {
    merchantCode: string;
    vendorCode: string;
    memberId: number;
    txId?: string | undefined;
    betRef?: string | undefined;
  }): Promise<VendorTransaction[]> {
    let query = db
      .selectFrom('vendor_transactions')
      .selectAll()
      .where('merchant_code', '=', input.merchantCode)
      .where('vendor_code', '=', input.vendorCode)
      .where('member_id', '=', input.memberId)
      .where('outcome', '=', 'applied');
    // The PAM API: the bet reference wins when both are given.
    if (input.betRef !== undefined) query = query.where('bet_ref', '=', input.betRef);
    else if (input.txId !== undefined) query = query.where('provider_tx_id', '=', input.txId);
    else return Promise.resolve([]);
    return query.orderBy('id').limit(MAX_TRANSACTIONS_PER_LOOKUP).execute();
  }

  /** One round of a member at a vendor. */
  async function round(input: {
    merchantCode: string;
    vendorCode: string;
    memberId: number;
    roundId: string;
  }): Promise<BetRound | null> {
    const row = await db
      .selectFrom('bet_rounds')
      .selectAll()
      .where('vendor_code', '=', input.vendorCode)
      .where('round_id', '=', input.roundId)
      .where('member_id', '=', input.memberId)
      .where('merchant_code', '=', input.merchantCode)
      .executeTakeFirst();
    return row ?? null;
  }

  /** A member's rounds, newest first (the betting record and reports build on this). */
  function memberRounds(input: {
    memberId: number;
    fromUtc: Date;
    toUtc: Date;
    limit: number;
    offset: number;
  }): Promise<BetRound[]> {
    return db
      .selectFrom('bet_rounds')
      .selectAll()
      .where('member_id', '=', input.memberId)
      .where('opened_at', '>=', input.fromUtc)
      .where('opened_at', '<', input.toUtc)
      .orderBy('opened_at', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute();
  }

  return { context, post, transactions, round, memberRounds, balanceMinor };
}
export type BetBook = ReturnType<typeof createBetBook>;

/**
 * Bet records equal ledger movements: each round's stake and payout are the sums of its
 * transactions, and every transaction that moved money has exactly one operation moving exactly
 * its amount. Returns the problems found (empty when they agree). Tests and benches call it.
 */
export async function checkBetRecords(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const rounds = await sql<{
    id: number;
    stake_minor: number;
    payout_minor: number;
    stake: number;
    payout: number;
  }>`
    SELECT r.id, r.stake_minor, r.payout_minor,
           coalesce(sum(CASE WHEN t.tx_type IN ('WITHDRAW', 'PROMOWITHDRAW') THEN t.amount_minor
                             WHEN t.tx_type IN ('CANCEL', 'PROMOCANCEL') THEN -t.amount_minor ELSE 0 END), 0) AS stake,
           coalesce(sum(CASE WHEN t.tx_type IN ('DEPOSIT', 'PROMODEPOSIT') THEN t.amount_minor ELSE 0 END), 0) AS payout
    FROM bet_rounds r LEFT JOIN vendor_transactions t ON t.round_pk = r.id AND t.outcome = 'applied'
    GROUP BY r.id`.execute(db);
  for (const r of rounds.rows)
    if (Number(r.stake) !== Number(r.stake_minor) || Number(r.payout) !== Number(r.payout_minor))
      problems.push(
        `round ${r.id}: stake ${r.stake_minor}/payout ${r.payout_minor} but transactions say ${r.stake}/${r.payout}`,
      );
  const moved = await sql<{ id: number; amount_minor: number; moved: number | null }>`
    SELECT t.id, t.amount_minor, (SELECT sum(x.amount_minor) FROM ledger_transfers x WHERE x.operation_id = t.operation_id) AS moved
    FROM vendor_transactions t WHERE t.outcome = 'applied'`.execute(db);
  for (const t of moved.rows)
    if (Number(t.moved ?? 0) !== Number(t.amount_minor))
      problems.push(
        `vendor transaction ${t.id}: amount ${t.amount_minor} but the ledger moved ${t.moved ?? 0}`,
      );
  const orphans = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_operations o
    WHERE o.idempotency_key LIKE 'pam:%'
      AND NOT EXISTS (SELECT 1 FROM vendor_transactions t WHERE t.operation_id = o.id)`.execute(db);
  if (Number(orphans.rows[0]?.n ?? 0) > 0)
    problems.push(`${orphans.rows[0]!.n} vendor operations without a bet record`);
  return problems;
}
