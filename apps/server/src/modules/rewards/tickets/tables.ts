import type { Generated } from 'kysely';
import type { TicketKind } from '@banca/contracts';

/**
 * Tables of reward tickets (migration 0031), owned by the rewards module: they join the
 * `Database` interface in rewards/tables.ts (where the architecture check reads a module's
 * tables). Money is not here: prizes are paid by the promotions' issuers (ledger, bonus grants).
 */
export type TicketPrizeKind = 'cash' | 'bonus' | 'points' | 'nothing';

export interface TicketTablesTable {
  merchant_code: string;
  ticket_kind: TicketKind;
  valid_days: number | null;
  updated_at: Generated<Date>;
}

export interface TicketPrizesTable {
  merchant_code: string;
  ticket_kind: TicketKind;
  position: number;
  prize_kind: TicketPrizeKind;
  amount_minor: number;
  wagering_multiple: Generated<number>;
  weight: number;
}

export interface RewardTicketsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  currency: string;
  ticket_kind: TicketKind;
  source_key: string;
  source_index: number;
  promotion_id: number;
  entry_id: number;
  server_seed: string;
  server_seed_hash: string;
  status: Generated<'unused' | 'drawn'>;
  expires_at: Date | null;
  created_at: Generated<Date>;
  drawn_at: Date | null;
}

/** A prize as a draw recorded it (the table's row, in order). */
export type RecordedPrize = {
  prizeKind: TicketPrizeKind;
  amountMinor: number;
  wageringMultiple: number;
  weight: number;
};

export interface RewardTicketDrawsTable {
  ticket_id: number;
  merchant_code: string;
  member_id: number;
  ticket_kind: TicketKind;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  prizes: RecordedPrize[];
  total_weight: number;
  roll: number;
  prize_index: number;
  prize_kind: TicketPrizeKind;
  amount_minor: number;
  wagering_multiple: Generated<number>;
  reference: string | null;
  drawn_at: Generated<Date>;
  paid_at: Date | null;
}
