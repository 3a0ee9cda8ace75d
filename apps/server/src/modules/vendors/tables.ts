import type { Generated } from 'kysely';

/**
 * Tables of the vendor integration, owned by this module: no other module's code reads or
 * writes them (test/architecture.test.ts). Keep in step with migration 0014.
 */
declare module '../../db/schema' {
  interface Database {
    vendor_integrations: VendorIntegrationsTable;
    provider_api_keys: ProviderApiKeysTable;
    game_sessions: GameSessionsTable;
    vendor_transfers: VendorTransfersTable;
    vendor_round_cursors: VendorRoundCursorsTable;
  }
}

export interface VendorIntegrationsTable {
  merchant_code: string;
  vendor_code: string;
  wallet_mode: 'seamless' | 'transfer';
  /** Placeholders: launch.ts. */
  launch_url_template: string;
  enabled: Generated<boolean>;
  maintenance: Generated<boolean>;
  /** Transfer-wallet vendors: the base URL of the vendor's transfer API (migration 0017). */
  transfer_api_url: Generated<string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ProviderApiKeysTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the key. */
  key_hash: string;
  merchant_code: string;
  /** null: an aggregator (a Valkyrie instance) acting for every vendor of the brand. */
  vendor_code: string | null;
  label: string;
  created_at: Generated<Date>;
  revoked_at: Date | null;
}

export interface GameSessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the X-Player-Token. */
  token_hash: string;
  merchant_code: string;
  member_id: number;
  vendor_code: string;
  game_code: string;
  currency: string;
  language: string;
  country: string;
  created_at: Generated<Date>;
  expires_at: Date;
  ended_at: Date | null;
}

/** Transfers to and from transfer-wallet vendors (transfers.ts, migration 0017). */
export interface VendorTransfersTable {
  id: Generated<number>;
  /** Banca's id of the transfer, sent to the vendor. */
  transfer_id: string;
  idempotency_key: string;
  merchant_code: string;
  member_id: number;
  vendor_code: string;
  currency: string;
  direction: 'in' | 'out';
  amount_minor: number;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  vendor_ref: string | null;
  failure_code: string | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  settled_at: Date | null;
}

/** How far each vendor's round feed has been read, per brand. */
export interface VendorRoundCursorsTable {
  merchant_code: string;
  vendor_code: string;
  cursor: string;
  updated_at: Generated<Date>;
}
