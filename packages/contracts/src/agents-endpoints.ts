import type { Endpoint } from './endpoints';

/**
 * The agent centre's own calls (docs/agents.md), zod-free like ENDPOINTS so the web's first
 * chunk may import it. The affiliate check stays in ENDPOINTS (members).
 */
export const AGENT_ENDPOINTS = {
  /** Team overview of a period: sizes, money in and out, bets, P&L, per day for the charts. */
  overview: { method: 'GET', path: '/wps/agent/overview' },
  /** One level of the signed-in agent's tree (its direct downline, or a team member's), with figures. */
  downlines: { method: 'GET', path: '/wps/agent/downlines' },
  /** registerCenter: a new direct downline (player or agent). */
  registerDownline: { method: 'POST', path: '/wps/agent/downlines' },
  /** Team betting: the team's bet records. */
  teamBets: { method: 'GET', path: '/wps/agent/team-bets' },
  /** User loss: each team member's result over a period. */
  userLoss: { method: 'GET', path: '/wps/agent/user-loss' },
  /** Account details: the team's deposits, withdrawals and agent transfers. */
  accountDetails: { method: 'GET', path: '/wps/agent/account-details' },
  /** Agent → a direct downline (encrypted: payment password). */
  transferToDownline: { method: 'POST', path: '/wps/agent/transfers/downline' },
  /** Member → its upline (transferUpline; encrypted: payment password). */
  transferToUpline: { method: 'POST', path: '/wps/agent/transfers/upline' },
  /** The member's upline (for transferUpline) and balance. */
  upline: { method: 'GET', path: '/wps/agent/upline' },
  /** The member's affiliate application (the latest), and applying. */
  application: { method: 'GET', path: '/wps/agent/application' },
  apply: { method: 'POST', path: '/wps/agent/application' },
} as const satisfies Record<string, Endpoint>;

/** The console's agent desks (operator scope). */
export const AGENT_ADMIN_ENDPOINTS = {
  /** A member's place in the tree: ancestors, direct downline, team size. */
  tree: { method: 'GET', path: '/admin/api/agents/tree' },
  applications: { method: 'GET', path: '/admin/api/agents/applications' },
  decideApplication: { method: 'POST', path: '/admin/api/agents/applications/:id/decision' },
} as const satisfies Record<string, Endpoint>;

/** Rows per page of the agent centre's lists (downlines, team bets, user loss, account details). */
export const AGENT_PAGE_SIZE = 20;
/** Most rows a page may ask for: the table's largest page size; bounds one query's rows. */
export const MAX_AGENT_PAGE_SIZE = 100;
/** Longest custom period of an agent report, in days (as the betting record's). */
export const MAX_AGENT_RANGE_DAYS = 90;

/** What registerCenter can create: a player (type 0) or an agent (type 1). */
export const DOWNLINE_KINDS = ['player', 'agent'] as const;
export type DownlineKind = (typeof DOWNLINE_KINDS)[number];
