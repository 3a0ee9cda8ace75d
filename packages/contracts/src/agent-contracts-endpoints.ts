import type { Endpoint } from './endpoints';

/**
 * The agents' contracts and settlements (docs/agents.md "Contracts"), zod-free like ENDPOINTS so
 * the web's first chunk may import it. The four relay calls keep the original frontend's names
 * and payloads (facts.md §1); the rest are Banca's own.
 */
export const AGENT_CONTRACT_ENDPOINTS = {
  /** Contracts the signed-in agent offered (`role=given`) or received (`role=received`). */
  list: { method: 'GET', path: '/wps/agent/contracts' },
  /** Offer a direct downline a contract of one kind (dividend, daily, hourly, real-time salary). */
  offer: { method: 'POST', path: '/wps/agent/contracts' },
  /** What accepting an offer would end: the downline's own contracts of the kind above its rate. */
  preview: { method: 'GET', path: '/wps/agent/contracts/:id/preview' },
  /** The upline withdraws an offer its downline has not answered. */
  withdraw: { method: 'POST', path: '/wps/agent/contracts/:id/withdraw' },
  /** Offers waiting for the signed-in member's answer (the contracts popup at login). */
  pending: { method: 'GET', path: '/wps/agent/contracts/pending' },
  /** Dividend: `{productType, computationPeriod, status}` with status A, R or C. */
  processDividend: { method: 'POST', path: '/wps/relay/MCS2_processDividendReq' },
  /** Daily salary: `{id, status}`. */
  processDailySalary: { method: 'POST', path: '/wps/relay/MCS2_processDailySalContract' },
  /** Hourly salary: `{contractId, status}`. */
  processHourlySalary: { method: 'POST', path: '/wps/relay/MCS2_processContractHourSalary' },
  /** Real-time salary: `{contractId, status}`. */
  processRealtimeSalary: { method: 'POST', path: '/wps/relay/MCSFE_processRealTimeSalaryContract' },
  /** Settlement statement rows the agent received or paid, one kind (the four record pages). */
  settlements: { method: 'GET', path: '/wps/agent/settlements' },
  /** "My income": what the agent received and paid per kind and day over a period. */
  income: { method: 'GET', path: '/wps/agent/income' },
} as const satisfies Record<string, Endpoint>;

/** The console's contract desk (operator scope). */
export const AGENT_CONTRACT_ADMIN_ENDPOINTS = {
  contracts: { method: 'GET', path: '/admin/api/agents/contracts' },
  /** A contract paid by the house to an agent (top-level agents) or an override of one. */
  override: { method: 'POST', path: '/admin/api/agents/contracts' },
  terminate: { method: 'POST', path: '/admin/api/agents/contracts/:id/terminate' },
  runs: { method: 'GET', path: '/admin/api/agents/settlement-runs' },
} as const satisfies Record<string, Endpoint>;

/** Kinds of contract, in the order the agent centre lists them. */
export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** Periods a dividend is computed over (spec §9). */
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];

/** Lengths of an hourly salary's window (facts.md §1: per hour or per 30 minutes). */
export const HOURLY_WINDOW_MINUTES = [60, 30] as const;

/** Real-time salary is settled every 5 minutes (spec §9). */
export const REALTIME_WINDOW_MINUTES = 5;

/**
 * Highest rate a contract may give, in basis points (1/100 of a percent). A dividend shares the
 * team's loss, so at most all of it; a salary shares bets, and above 5 % of bets it would pay
 * more than the house edge of nearly every game earns (RTPs of 95–99 %).
 */
export const MAX_RATE_BP: Record<ContractKind, number> = {
  dividend: 10_000,
  daily: 500,
  hourly: 500,
  realtime: 500,
};

/** Tiers per contract: the original's forms show at most 10 levels. */
export const MAX_CONTRACT_TIERS = 10;

/** Rows per page of the settlement records, by default and at most (the table's choices). */
export const SETTLEMENT_PAGE_SIZE = 20;
export const MAX_SETTLEMENT_PAGE_SIZE = 100;

/** Longest period the income report covers, in days (its daily rows fit one screen of a month). */
export const MAX_INCOME_RANGE_DAYS = 92;
