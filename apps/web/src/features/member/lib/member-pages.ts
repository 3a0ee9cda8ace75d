/**
 * Member centre pages (docs/product.md §2), in menu order; `/member?page=<key>` opens one.
 * manualRebate is listed only when the MANUAL_REBATE module is enabled.
 */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

export const DEFAULT_MEMBER_PAGE: MemberPage = 'securityCenter';

/**
 * Pages a trial (free play) member may open: their demo credit lives in a real wallet the
 * server lets them use (balances, transfers, the account record), and the rounds they play
 * with it are real records (betting record, profit and loss). Every other page asks them to
 * register a real account first (docs/product.md §4).
 */
export const TRIAL_MEMBER_PAGES: readonly MemberPage[] = [
  'transferFund',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
];

/** Whether `?page=` names a page trial members may open. */
export function memberPageAllowsTrial(raw: string | null): boolean {
  return TRIAL_MEMBER_PAGES.some((page) => page === raw);
}

/** The page named by `?page=`, or the default when it names none (or a disabled one). */
export function resolveMemberPage(raw: string | null, manualRebateEnabled: boolean): MemberPage {
  const page = MEMBER_PAGES.find((candidate) => candidate === raw);
  if (!page || (page === 'manualRebate' && !manualRebateEnabled)) return DEFAULT_MEMBER_PAGE;
  return page;
}
