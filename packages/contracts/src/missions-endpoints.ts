import type { Endpoint } from './endpoints';

/**
 * Missions with their leaderboard, and invite-a-friend (docs/missions.md), zod-free like
 * ENDPOINTS so the web's first chunk (the member menu's badge) may import them. Listed in
 * ENDPOINTS as `missions` and `referral`.
 */
export const MISSION_ENDPOINTS = {
  /** The brand's missions with the member's progress in this period of each. */
  list: { method: 'GET', path: '/wps/missions' },
  /** How many missions wait for the member's claim (the member menu's badge). */
  badge: { method: 'GET', path: '/wps/missions/badge' },
  /** Take a completed mission's reward: exactly one of two claims at once wins. */
  claim: { method: 'POST', path: '/wps/missions/:id/claim' },
  /** The mission leaderboard: mission points over the week or month, top N and the member's rank. */
  leaderboard: { method: 'GET', path: '/wps/missions/leaderboard' },
} as const satisfies Record<string, Endpoint>;

export const REFERRAL_ENDPOINTS = {
  /** The member's code, the rules, and the friends invited with their status. */
  overview: { method: 'GET', path: '/wps/referral' },
} as const satisfies Record<string, Endpoint>;

/** The console's missions editor and referral settings (operator scope). */
export const MISSION_ADMIN_ENDPOINTS = {
  list: { method: 'GET', path: '/admin/api/missions' },
  create: { method: 'POST', path: '/admin/api/missions' },
  update: { method: 'PUT', path: '/admin/api/missions/:id' },
  referralSettings: { method: 'GET', path: '/admin/api/referral/settings' },
  saveReferralSettings: { method: 'PUT', path: '/admin/api/referral/settings/:merchantCode' },
} as const satisfies Record<string, Endpoint>;

export const MISSION_KINDS = ['bet', 'win', 'deposit', 'login', 'invite'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];
export const MISSION_PERIODS = ['daily', 'weekly', 'once'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];
export const MISSION_STATUSES = ['in_process', 'claimable', 'issuing', 'claimed'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];
export const MISSION_REWARD_KINDS = ['cash', 'bonus', 'points', 'ticket'] as const;
export const REFERRAL_STATUSES = ['registered', 'deposited', 'qualified', 'blocked'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_BLOCK_REASONS = ['same_device', 'same_ip', 'same_cpf'] as const;
/** The leaderboard's windows, in the brand's time zone: this week (from Monday) or this month. */
export const LEADERBOARD_PERIODS = ['week', 'month'] as const;
/** Members the leaderboard lists: a page's worth, the rest see only their own rank. */
export const LEADERBOARD_TOP = 20;
