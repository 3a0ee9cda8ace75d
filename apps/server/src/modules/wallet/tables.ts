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
