import type { Generated } from 'kysely';

/**
 * Tables of the ledger, owned by this module: no other module's code reads or writes them
 * (test/architecture.test.ts). Keep in step with the SQL of db/migrations.
 */
declare module '../../db/schema' {
  interface Database {
    ledger_accounts: LedgerAccountsTable;
    ledger_operations: {
      id: Generated<number>;
      idempotency_key: string;
      fingerprint: string;
      kind: string;
      reference: Generated<string>;
      created_at: Generated<Date>;
    };
    ledger_transfers: LedgerTransfersTable;
    /** Bet records (migration 0014): written only by the ledger's functions (ledger_apply_bet). */
    bet_rounds: BetRoundsTable;
    vendor_transactions: VendorTransactionsTable;
  }
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  merchant_code: string;
  owner_kind: 'member' | 'house';
  member_id: number | null;
  purpose: string;
  vendor_code: Generated<string>;
  currency: string;
  balance_minor: Generated<number>;
  created_at: Generated<Date>;
}

export interface LedgerTransfersTable {
  id: Generated<number>;
  operation_id: number;
  seq: number;
  kind: string;
  reference: Generated<string>;
  from_account_id: number;
  to_account_id: number;
  amount_minor: number;
  from_balance_after: number | null;
  to_balance_after: number | null;
  created_at: Generated<Date>;
}

export interface BetRoundsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  vendor_code: string;
  game_code: string;
  round_id: string;
  currency: string;
  stake_minor: number;
  /** The part of the stake drawn from the bonus account (bonus_first; migration 0032). */
  bonus_stake_minor: Generated<number>;
  payout_minor: number;
  valid_bet_minor: number;
  deposit_count: number;
  status: 'open' | 'settled' | 'cancelled';
  opened_at: Date;
  settled_at: Date | null;
  updated_at: Date;
}

export interface VendorTransactionsTable {
  id: Generated<number>;
  merchant_code: string;
  vendor_code: string;
  provider_tx_id: string;
  tx_type: string;
  member_id: number;
  round_pk: number | null;
  round_id: string;
  game_code: string;
  bet_ref: string | null;
  amount_minor: number;
  /** The part of the amount that left or entered the bonus account (migration 0032). */
  bonus_amount_minor: Generated<number>;
  currency: string;
  tx_time: Date;
  game_over: boolean;
  operation_id: number | null;
  cancels_id: number | null;
  cancelled_by_id: number | null;
  outcome: 'applied' | 'cancel_not_found';
  created_at: Generated<Date>;
}
