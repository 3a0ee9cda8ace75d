import type { Endpoint } from './endpoints';

/**
 * Reward tickets (docs/rewards.md "Tickets"): red envelopes, eggs and prize wheels a promotion
 * gave, drawn by the house fairness engine. Zod-free like ENDPOINTS. Listed in ENDPOINTS as
 * `tickets`.
 */
export const TICKET_ENDPOINTS = {
  /** The member's unused tickets (kind, expiry, commitment) and the brand's prize tables. */
  list: { method: 'GET', path: '/wps/rewards/tickets' },
  /** Open, crack or spin one ticket: the draw and the prize (one of two draws at once wins). */
  draw: { method: 'POST', path: '/wps/rewards/tickets/:id/draw' },
  /** The member's draws, newest first, with what verifies them (seeds, nonce, roll, table). */
  draws: { method: 'GET', path: '/wps/rewards/tickets/draws' },
} as const satisfies Record<string, Endpoint>;

/** The console's tickets desk (operator scope). */
export const TICKET_ADMIN_ENDPOINTS = {
  /** A brand's prize table of each ticket kind. */
  tables: { method: 'GET', path: '/admin/api/reward-tickets/tables' },
  /** Replace a brand's prize table of one kind (audited). */
  saveTable: { method: 'PUT', path: '/admin/api/reward-tickets/tables/:kind' },
  /** Tickets issued and drawn, and what the draws paid, by kind. */
  report: { method: 'GET', path: '/admin/api/reward-tickets/report' },
} as const satisfies Record<string, Endpoint>;

/** Ticket kinds (the promotions' `ticketKind`). */
export const TICKET_KINDS = ['egg', 'red_envelope', 'prize_wheel', 'bonus', 'points'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
/** What a prize gives; `nothing` only in egg and prize wheel tables. */
export const TICKET_PRIZE_KINDS = ['cash', 'bonus', 'points', 'nothing'] as const;
export type TicketPrizeKind = (typeof TICKET_PRIZE_KINDS)[number];
/** Rows one prize table may hold (a wheel's segments stay readable). */
export const TICKET_PRIZES_MAX = 12;
/** Largest weight of one prize: a table's total stays far below 2^32 (fairness.md §3). */
export const TICKET_WEIGHT_MAX = 1_000_000;
/** Most tickets one reward may give. */
export const TICKETS_PER_GRANT_MAX = 100;

/** Which prize kinds a ticket kind's table may hold (docs/rewards.md "Tickets"). */
export function prizeKindsOf(kind: TicketKind): readonly TicketPrizeKind[] {
  if (kind === 'bonus') return ['bonus'];
  if (kind === 'points') return ['points'];
  if (kind === 'red_envelope') return ['cash', 'bonus', 'points'];
  return TICKET_PRIZE_KINDS;
}
