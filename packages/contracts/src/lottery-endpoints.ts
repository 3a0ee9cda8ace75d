import type { Endpoint } from './endpoints';

/**
 * The e-lottery's player endpoints (docs/lottery.md), zod-free like ENDPOINTS (the web's first
 * chunk may import it). Listed in ENDPOINTS as `lottery`; schemas in lottery.ts.
 */
export const LOTTERY_ENDPOINTS = {
  /** The menus by prize mode (spec §7): the games of a mode with their current draw. */
  menu: { method: 'GET', path: '/lgw/vn/games/game_menu' },
  /** One game: rules, odds, the draw open for bets, the last results, the member's open bets. */
  state: { method: 'GET', path: '/wps/lottery/state' },
  /** Drawn results of a game, newest first, with how often each number came out. */
  results: { method: 'GET', path: '/wps/lottery/results' },
  /** A bet slip: several selections on one draw, one stake taken for all. */
  bet: { method: 'POST', path: '/wps/lottery/bets' },
  /** The member's lottery bets with their lines and settlement. */
  myBets: { method: 'GET', path: '/wps/lottery/bets' },
} as const satisfies Record<string, Endpoint>;
