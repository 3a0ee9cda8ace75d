import type { Endpoint } from './endpoints';

/**
 * The bonus wallet (docs/bonus.md): the member's bonuses with their wagering requirements
 * (reward centre, bonus details) and forfeiting one. Zod-free like ENDPOINTS, so the web's
 * first chunk may import it. Listed in ENDPOINTS as `bonus`.
 */
export const BONUS_ENDPOINTS = {
  /** The member's bonuses, open first: amount, requirement, progress, expiry, status. */
  list: { method: 'GET', path: '/wps/rewards/bonuses' },
  /** Give up an open bonus (its money leaves the bonus wallet); the body must say `confirm: true`. */
  forfeit: { method: 'POST', path: '/wps/rewards/bonuses/:id/forfeit' },
  /** Manual rebate (member centre manualRebate): what a claim would pay now, and the claims made. */
  rebate: { method: 'GET', path: '/wps/rewards/rebate' },
  /** Claim the rebate of the valid bets since the last claim (one of two claims at once wins). */
  claimRebate: { method: 'POST', path: '/wps/rewards/rebate/claim' },
} as const satisfies Record<string, Endpoint>;
