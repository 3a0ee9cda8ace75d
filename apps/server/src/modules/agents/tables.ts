import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  AgentContractsTable,
  AgentSettlementRunsTable,
  AgentSettlementsTable,
} from './contracts/tables';

/**
 * The agents module's tables (migration 0024; contracts and settlements add theirs in 0025
 * from `contracts/` and `settlement/`). No other module's code reads or writes them
 * (test/architecture.test.ts).
 */
declare module '../../db/schema' {
  interface Database {
    agent_tree: AgentTreeTable;
    agent_applications: AgentApplicationsTable;
    agent_transfers: AgentTransfersTable;
    agent_member_days: AgentMemberDaysTable;
    agent_rollup_cursors: AgentRollupCursorsTable;
    agent_member_money: AgentMemberMoneyTable;
    // Contracts and their settlement (migration 0025; the row types in contracts/tables.ts).
    agent_contracts: AgentContractsTable;
    agent_settlements: AgentSettlementsTable;
    agent_settlement_runs: AgentSettlementRunsTable;
  }
}

/** bigint columns read back as numbers (ids and minor units stay far below 2^53). */
type BigintId = number;

/**
 * The downline closure: one row per (ancestor, descendant) and a depth-0 row per member in a
 * tree. `ancestor_id = X` is X's team (X included), `descendant_id = X AND depth > 0` its uplines.
 */
export interface AgentTreeTable {
  ancestor_id: BigintId;
  descendant_id: BigintId;
  depth: number;
  merchant_code: string;
  joined_at: ColumnType<Date, Date | undefined, never>;
}

export type AgentApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface AgentApplicationsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  message: string;
  contact: ColumnType<string, string | undefined, string>;
  status: ColumnType<
    AgentApplicationStatus,
    AgentApplicationStatus | undefined,
    AgentApplicationStatus
  >;
  decided_by_staff_id: number | null;
  decision_note: string | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
}
export type AgentApplicationRow = Selectable<AgentApplicationsTable>;

export type AgentTransferDirection = 'to_downline' | 'to_upline';

export interface AgentTransfersTable {
  id: Generated<number>;
  merchant_code: string;
  direction: AgentTransferDirection;
  from_member_id: number;
  to_member_id: number;
  amount_minor: ColumnType<number, number, number>;
  currency: string;
  remark: ColumnType<string, string | undefined, string>;
  request_key: string;
  created_at: Generated<Date>;
}
export type AgentTransferRow = Selectable<AgentTransfersTable>;

/** A member's figures on one day of the brand's zone (the team reports sum them). */
export interface AgentMemberDaysTable {
  member_id: number;
  day: ColumnType<string, string, string>;
  merchant_code: string;
  rounds: Generated<number>;
  bet_minor: Generated<number>;
  valid_bet_minor: Generated<number>;
  profit_loss_minor: Generated<number>;
  deposit_count: Generated<number>;
  deposit_minor: Generated<number>;
  withdrawal_count: Generated<number>;
  withdrawal_minor: Generated<number>;
}

export interface AgentRollupCursorsTable {
  merchant_code: string;
  rolled_to: Date;
}

export interface AgentMemberMoneyTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  kind: 'deposit' | 'withdrawal';
  amount_minor: number;
  currency: string;
  source_key: string;
  at: Date;
}
