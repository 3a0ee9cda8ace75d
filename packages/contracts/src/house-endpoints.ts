import type { Endpoint } from './endpoints';

/**
 * The house games' player endpoints (docs/house.md), zod-free like ENDPOINTS (the web's first
 * chunk may import it). Listed in ENDPOINTS as `house`.
 */
export const HOUSE_ENDPOINTS = {
  /** The house games with their RTP, limits and paytables (public: RTP is shown before play). */
  games: { method: 'GET', path: '/wps/house/games' },
  /** The shared games' chains: commitment and salt (public, for verification). */
  chains: { method: 'GET', path: '/wps/house/chains' },
  seeds: { method: 'GET', path: '/wps/house/seeds' },
  /** New seed pair (optionally with the member's own client seed): reveals the old server seed. */
  rotateSeeds: { method: 'POST', path: '/wps/house/seeds/rotate' },
  dice: { method: 'POST', path: '/wps/house/dice' },
  limbo: { method: 'POST', path: '/wps/house/limbo' },
  plinko: { method: 'POST', path: '/wps/house/plinko' },
  mines: { method: 'POST', path: '/wps/house/mines' },
  minesActive: { method: 'GET', path: '/wps/house/mines/active' },
  minesReveal: { method: 'POST', path: '/wps/house/mines/reveal' },
  minesCashout: { method: 'POST', path: '/wps/house/mines/cashout' },
  /** Double: the shared wheel's round, countdown, last results and the member's bets. */
  doubleState: { method: 'GET', path: '/wps/house/double/state' },
  doubleBet: { method: 'POST', path: '/wps/house/double/bet' },
  /** Crash: the round (countdown, start, point once crashed), players and their cash-outs, history. */
  crashState: { method: 'GET', path: '/wps/house/crash/state' },
  crashBet: { method: 'POST', path: '/wps/house/crash/bet' },
  crashCashout: { method: 'POST', path: '/wps/house/crash/cashout' },
  /** The member's rounds, newest first (game recall: at least the last 10 per game). */
  bets: { method: 'GET', path: '/wps/house/bets' },
  bet: { method: 'GET', path: '/wps/house/bets/:id' },
} as const satisfies Record<string, Endpoint>;
