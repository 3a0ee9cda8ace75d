import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { postOperation, type BetRecord, type LedgerAccount } from './ledger';

/** A member's wallets in one currency (service.ts's MemberRef, restated: service.ts imports this file). */
type MemberRef = { memberId: number; merchantCode: string; currency: string };

/**
 * Transfer-wallet vendors (issue 12 §3, docs/wallet.md "Vendor wallets"): the wallet's side.
 * A member's vendor wallet (ledger purpose 'vendor') mirrors what the member holds at a vendor
 * that keeps its own balance. Money reaches it only two ways, both through the ledger once,
 * keyed:
 *
 * - `move`: main wallet ↔ vendor wallet, for a transfer the vendors module makes with the
 *   vendor (and its reversal when the vendor refuses);
 * - `postRound`: a round the member played at the vendor, from the vendor's round feed: the
 *   stake vendor wallet → the vendor's revenue account and the payout back, each operation with
 *   its bet record (WITHDRAW, DEPOSIT), exactly as a seamless round is recorded (bets.ts).
 *
 * The wallet never calls a vendor: the vendors module does, and connects itself to the wallet
 * (`VendorTransferGateway`, service.ts) when the platform is assembled.
 */

/**
 * What the wallet asks of the vendors module for a vendor wallet that is connected to its
 * vendor. Given to the wallet at assembly (`wallet.connectVendorTransfers`), so the wallet
 * imports nothing of vendors.
 */
export type VendorTransferGateway = {
  /** Whether this brand's wallet of this vendor is connected to the vendor (its transfer API). */
  connected(merchantCode: string, vendorCode: string): Promise<boolean>;
  /**
   * Main → vendor wallet, sent to the vendor; applied once per idempotency key. Answers both
   * balances after. Throws `insufficient_funds`, `vendor_transfer_refused`,
   * `vendor_transfer_pending` (the outcome is not known yet; a job settles it).
   */
  transferIn(input: VendorTransferInput): Promise<VendorTransferResult>;
  /** Vendor wallet → main, taken back from the vendor first; the same rules. */
  transferOut(input: VendorTransferInput): Promise<VendorTransferResult>;
  /**
   * Best effort, bounded in time, never throws: posts the rounds the brand's connected vendors
   * report, so a balance read after playing shows them.
   */
  refresh(merchantCode: string): Promise<void>;
};

export type VendorTransferInput = {
  member: MemberRef;
  vendorCode: string;
  amountMinor: number;
  idempotencyKey: string;
};
export type VendorTransferResult = {
  amountMinor: number;
  mainBalanceMinor: number;
  vendorBalanceMinor: number;
};

/** A round the member played at a transfer-wallet vendor, as its round feed reports it. */
export type VendorRound = {
  roundId: string;
  gameCode: string;
  stakeMinor: number;
  payoutMinor: number;
  openedAt: string;
  settledAt: string;
};

export function createVendorWalletBook(deps: {
  db: Db;
  memberAccount: (
    member: MemberRef,
    purpose: 'main' | 'vendor',
    vendorCode?: string,
  ) => Promise<LedgerAccount>;
  vendorRevenue: (
    merchantCode: string,
    currency: string,
    vendorCode: string,
  ) => Promise<LedgerAccount>;
}) {
  const { db } = deps;

  async function balanceOf(accountId: number): Promise<number> {
    const row = await db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.balance_minor);
  }

  /**
   * Main wallet ↔ the member's wallet of `vendorCode`, once per `key` (ledger key
   * `vendor-wallet:<key>`). `in` moves main → vendor wallet. A replay answers today's balances.
   * Throws `insufficient_funds` (data.balanceMinor: the source's balance).
   */
  async function move(input: {
    member: MemberRef;
    vendorCode: string;
    direction: 'in' | 'out';
    amountMinor: number;
    key: string;
    reference: string;
  }): Promise<{ mainBalanceMinor: number; vendorBalanceMinor: number; replayed: boolean }> {
    const main = await deps.memberAccount(input.member, 'main');
    const vendor = await deps.memberAccount(input.member, 'vendor', input.vendorCode);
    const into = input.direction === 'in';
    const result = await postOperation(db, {
      idempotencyKey: `vendor-wallet:${input.key}`,
      kind: 'transfer',
      reference: input.reference,
      transfers: [
        {
          from: into ? main : vendor,
          to: into ? vendor : main,
          amountMinor: input.amountMinor,
          kind: 'transfer',
          reference: input.reference,
        },
      ],
    });
    if (result.replayed) {
      const [mainBalanceMinor, vendorBalanceMinor] = await Promise.all([
        balanceOf(main.id),
        balanceOf(vendor.id),
      ]);
      return { mainBalanceMinor, vendorBalanceMinor, replayed: true };
    }
    const posted = result.transfers[0]!;
    return {
      mainBalanceMinor: (into ? posted.fromBalanceAfter : posted.toBalanceAfter) ?? 0,
      vendorBalanceMinor: (into ? posted.toBalanceAfter : posted.fromBalanceAfter) ?? 0,
      replayed: false,
    };
  }

  /** The member's balance in the wallet of `vendorCode` (0 when it was never used). */
  async function vendorBalanceMinor(member: MemberRef, vendorCode: string): Promise<number> {
    return balanceOf((await deps.memberAccount(member, 'vendor', vendorCode)).id);
  }

  async function mainBalanceMinor(member: MemberRef): Promise<number> {
    return balanceOf((await deps.memberAccount(member, 'main')).id);
  }

  /** The round's state in the bet records: not there, open (stake posted) or settled. */
  async function roundStatus(
    member: MemberRef,
    vendorCode: string,
    roundId: string,
  ): Promise<'none' | 'open' | 'settled' | 'cancelled'> {
    const row = await db
      .selectFrom('bet_rounds')
      .select('status')
      .where('vendor_code', '=', vendorCode)
      .where('round_id', '=', roundId)
      .where('member_id', '=', member.memberId)
      .executeTakeFirst();
    return row?.status ?? 'none';
  }

  /** One vendor transaction of a transfer-wallet round: its money and its bet record together. */
  async function postTransaction(
    member: MemberRef,
    vendorCode: string,
    vendor: LedgerAccount,
    bet: BetRecord,
  ): Promise<void> {
    if (bet.amount === 0) {
      // No money moves: the record alone, under the vendor wallet's lock (as bets.ts does with
      // the main wallet's).
      try {
        await sql`SELECT ledger_record_bet(${vendor.id}, ${JSON.stringify(bet)}::jsonb)`.execute(
          db,
        );
      } catch (error) {
        const code = (error as { code?: string }).code;
        // Recorded meanwhile by a concurrent reader of the same feed: done.
        if (code === 'LD002' || code === 'LD004') return;
        throw error;
      }
      return;
    }
    const revenue = await deps.vendorRevenue(member.merchantCode, member.currency, vendorCode);
    const debit = bet.type === 'WITHDRAW';
    await postOperation(db, {
      idempotencyKey: `vendor-round:${member.merchantCode}:${vendorCode}:${bet.type}:${bet.txId}`,
      kind: debit ? 'bet' : 'win',
      reference: `${vendorCode}:${bet.game}:${bet.round}`,
      transfers: [
        {
          from: debit ? vendor : revenue,
          to: debit ? revenue : vendor,
          amountMinor: bet.amount,
          kind: debit ? 'bet' : 'win',
        },
      ],
      bet,
    });
  }

  /**
   * Posts a round played from the vendor's balance: the stake (WITHDRAW, vendor wallet → the
   * vendor's revenue) and the payout (DEPOSIT, revenue → vendor wallet, settling the round),
   * each with its bet record. Keyed by the vendor's round id, so posting it again changes
   * nothing. Throws `insufficient_funds` when the vendor wallet cannot cover the stake (the
   * mirror is behind the vendor: the caller stops and tries again later).
   */
  async function postRound(input: {
    member: MemberRef;
    vendorCode: string;
    round: VendorRound;
  }): Promise<'posted' | 'known'> {
    const { member, vendorCode, round } = input;
    const status = await roundStatus(member, vendorCode, round.roundId);
    if (status === 'settled' || status === 'cancelled') return 'known';
    const vendor = await deps.memberAccount(member, 'vendor', vendorCode);
    const betTx = `${round.roundId}-W`;
    const base = {
      merchant: member.merchantCode,
      member: member.memberId,
      vendor: vendorCode,
      game: round.gameCode,
      round: round.roundId,
      currency: member.currency,
      betRef: betTx,
      cancels: null,
      tombstone: false,
    };
    if (status === 'none')
      await postTransaction(member, vendorCode, vendor, {
        ...base,
        txId: betTx,
        type: 'WITHDRAW',
        amount: round.stakeMinor,
        txTime: round.openedAt,
        gameOver: false,
      });
    await postTransaction(member, vendorCode, vendor, {
      ...base,
      txId: `${round.roundId}-D`,
      type: 'DEPOSIT',
      amount: round.payoutMinor,
      txTime: round.settledAt,
      gameOver: true,
    });
    return 'posted';
  }

  return { move, postRound, vendorBalanceMinor, mainBalanceMinor };
}
export type VendorWalletBook = ReturnType<typeof createVendorWalletBook>;

/** The refusal the ledger gives a vendor wallet that cannot cover a stake, for callers that must tell it apart. */
export function isInsufficientFunds(error: unknown): boolean {
  return error instanceof AppError && error.code === 'insufficient_funds';
}
