/**
 * The system module's constants and the module-tree lookup, without schemas: the first page's
 * script reads these, and a module with schemas in it would bring zod along (system.ts holds
 * the schemas and re-exports all of this).
 */

/**
 * System status (docs/product.md §4): 0 normal, 1 maintenance, 2 region restricted. Maintenance
 * wins.
 */
export const SystemStatus = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/**
 * Site configuration flags named by the spec (§3). The spec does not say which flag switches
 * which module; this is the mapping Banca uses (docs/site-flags.md):
 * - CHNGPASSVERIF3: forced change of an expired password (expiry enforcement)
 * - USERNAMEREG3: registration by username
 * - MOBILENUMREG3: registration by mobile number
 * - MOBILENUMPASSREG3: mobile registration also asks for a password
 * - REGMOBVERF3: SMS verification code on registration
 * - AGENTPOLICY3: agent policy (consolidated funds and contracts shown to members)
 */
export const SITE_FLAGS = [
  'CHNGPASSVERIF3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'AGENTPOLICY3',
] as const;

/** A node of the white-label module tree: switches whole areas and menu entries on and off. */
export type ModuleNode = { modId: string; enabled: boolean; childrenNodes: ModuleNode[] };

/** Module ids the code looks up in the tree. Unknown ids in a brand's tree are ignored. */
export const ModuleId = {
  freePlay: 'FREE_PLAY',
  smsLogin: 'SMS_LOGIN',
  thirdPartyLogin: 'THIRD_PARTY_LOGIN',
  manualRebate: 'MANUAL_REBATE',
  promotions: 'PROMOTIONS',
  rewardCenter: 'REWARD_CENTER',
  vip: 'VIP',
  pointMall: 'POINT_MALL',
  referral: 'REFERRAL',
  missions: 'MISSIONS',
  appDownload: 'APP_DOWNLOAD',
  loginIpVerification: 'LOGIN_IP_VERIFICATION',
  agentCentre: 'AGENT',
  agentInfo: 'AGENT_INFO',
  agentRegisterCentre: 'AGENT_REGISTER_CENTER',
  agentDownlineManagement: 'AGENT_DOWNLINE_MANAGEMENT',
  agentTeamBetting: 'AGENT_TEAM_BETTING',
  agentTeamProfitLoss: 'AGENT_TEAM_PNL',
  agentRevenue: 'AGENT_REVENUE',
  agentDownlineTransactions: 'AGENT_DOWNLINE_TRANSACTIONS',
  agentMultiTransfer: 'AGENT_MULTI_DOWNLINE_TRANSFER',
  agentDividend: 'AGENT_DIVIDEND',
  agentDailySalary: 'AGENT_DAILY_SALARY',
  agentHourlySalary: 'AGENT_HOURLY_SALARY',
  agentRealtimeSalary: 'AGENT_REALTIME_SALARY',
} as const;

/** Depth-first search of the module tree; a module counts as enabled only if all its ancestors are. */
export function isModuleEnabled(tree: ModuleNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled;
    if (node.enabled && isModuleEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}
