import type { Endpoint } from './endpoints';

/**
 * VIP, points and the points mall (docs/loyalty.md), zod-free like ENDPOINTS so the web's first
 * chunk may import them. The points calls keep the original frontend's relay names
 * (facts.md §1: `POST|GET /wps/relay/<NAME>`). Listed in ENDPOINTS as `loyalty`.
 */
export const LOYALTY_ENDPOINTS = {
  /** The VIP page: the member's card (level, progress, what is missing) and the table of levels. */
  vip: { method: 'GET', path: '/wps/rewards/vip' },
  /** The points wallet's balance. */
  pointBalance: { method: 'GET', path: '/wps/relay/MCS2_getPointBalance' },
  /** The points rules (points per category) and the exchange-rate table. */
  pointConfig: { method: 'GET', path: '/wps/relay/MCS2_getPointConfig' },
  /** The mall's goods with stock, points and amount requirements. */
  pointReward: { method: 'GET', path: '/wps/relay/MCS2_getPointReward' },
  /** Redeem goods (payment password, encrypted): in process until an operator fulfils it. */
  redeemPointReward: { method: 'POST', path: '/wps/relay/MCS2_redeemPointReward' },
  /** Convert points to cash at the exchange-rate table (payment password, encrypted). */
  convertPoint: { method: 'POST', path: '/wps/relay/MCS2_convertPoint' },
  /** The member's redeems and conversions, newest first. */
  redeemPointList: { method: 'GET', path: '/wps/relay/MCS2_getRedeemPointList' },
  /** The member's points transactions (changed points, balance after). */
  pointTransactions: { method: 'GET', path: '/wps/relay/MCS2_getPointTransactionDetail' },
} as const satisfies Record<string, Endpoint>;

/** The console's loyalty desks (operator scope). */
export const LOYALTY_ADMIN_ENDPOINTS = {
  vip: { method: 'GET', path: '/admin/api/loyalty/vip' },
  saveVip: { method: 'PUT', path: '/admin/api/loyalty/vip' },
  points: { method: 'GET', path: '/admin/api/loyalty/points' },
  savePoints: { method: 'PUT', path: '/admin/api/loyalty/points' },
  goods: { method: 'GET', path: '/admin/api/loyalty/goods' },
  createGoods: { method: 'POST', path: '/admin/api/loyalty/goods' },
  updateGoods: { method: 'PUT', path: '/admin/api/loyalty/goods/:id' },
  redemptions: { method: 'GET', path: '/admin/api/loyalty/redemptions' },
  /** Approve (cash or bonus paid, goods shipped) or reject (points and stock back). */
  decide: { method: 'POST', path: '/admin/api/loyalty/redemptions/:id/decision' },
} as const satisfies Record<string, Endpoint>;
