import { ModuleId } from '@banca/contracts';
import type { ComponentType } from 'react';
import {
  BellIcon,
  CoinsBackIcon,
  DocumentIcon,
  GamepadIcon,
  MegaphoneIcon,
  ReceiptIcon,
  SparklesIcon as ChartIcon,
  UserIcon,
  UsersIcon,
  WalletInIcon,
  WalletOutIcon,
  type IconProps,
} from '@/components/icons';

/** A page of the agent centre: its URL under /agentHome is also its menu label's key. */
export type AgentCentrePageKey =
  | 'agentAnnouncement'
  | 'agentTeamOverview'
  | 'registerCenter'
  | 'downlineManagmentView'
  | 'personalHistoryCopy'
  | 'palStatementsAgentCopy'
  | 'agentRevenueReport'
  | 'agentDownlineTransactionDetailsCopy'
  | 'agentDividendRecordCopy2'
  | 'agentDailyWages2'
  | 'agentHourSalary'
  | 'agentRealtimeSalary'
  | 'transferUpline';

export type AgentCentrePage = {
  path: AgentCentrePageKey;
  /**
   * The whitelabel module that switches the entry (facts.md §1), or null for an entry every
   * agent centre has. Parents are checked too (isModuleEnabled), so the brand's AGENT node
   * switches them all.
   */
  module: string | null;
  icon: ComponentType<IconProps>;
  /** The centre's first page, shown at /agentHome itself (where the agent login lands). */
  index?: true;
  /** The page's own chunk (lazyArea in app/routes.tsx). */
  load: () => Promise<{ default: ComponentType }>;
};

/**
 * The agent centre's pages in menu order (docs/product.md "Agent centre pages"). app/routes.tsx
 * makes a route of each and the centre's menu lists those the brand has switched on; adding a
 * page is one line here. The contracts' record pages (agentRevenueReport,
 * agentDividendRecordCopy2, agentDailyWages2, agentHourSalary, agentRealtimeSalary) live in
 * `contracts/` (docs/agents.md "Where contracts plug in").
 */
export const AGENT_CENTRE_PAGES: readonly AgentCentrePage[] = [
  {
    path: 'agentAnnouncement',
    module: null,
    index: true,
    icon: MegaphoneIcon,
    load: () => import('./pages/announcement-page'),
  },
  {
    path: 'agentTeamOverview',
    module: ModuleId.agentInfo,
    icon: ChartIcon,
    load: () => import('./pages/team-overview-page'),
  },
  {
    path: 'registerCenter',
    module: ModuleId.agentRegisterCentre,
    icon: UserIcon,
    load: () => import('./pages/register-center-page'),
  },
  {
    path: 'downlineManagmentView',
    module: ModuleId.agentDownlineManagement,
    icon: UsersIcon,
    load: () => import('./pages/downlines-page'),
  },
  {
    path: 'personalHistoryCopy',
    module: ModuleId.agentTeamBetting,
    icon: GamepadIcon,
    load: () => import('./pages/team-bets-page'),
  },
  {
    path: 'palStatementsAgentCopy',
    module: ModuleId.agentTeamProfitLoss,
    icon: DocumentIcon,
    load: () => import('./pages/user-loss-page'),
  },
  {
    path: 'agentRevenueReport',
    module: ModuleId.agentRevenue,
    icon: CoinsBackIcon,
    load: () => import('./contracts/components/income-page'),
  },
  {
    path: 'agentDownlineTransactionDetailsCopy',
    module: ModuleId.agentDownlineTransactions,
    icon: ReceiptIcon,
    load: () => import('./pages/account-details-page'),
  },
  {
    path: 'agentDividendRecordCopy2',
    module: ModuleId.agentDividend,
    icon: CoinsBackIcon,
    load: () => import('./contracts/components/dividend-records-page'),
  },
  {
    path: 'agentDailyWages2',
    module: ModuleId.agentDailySalary,
    icon: CoinsBackIcon,
    load: () => import('./contracts/components/daily-wages-page'),
  },
  {
    path: 'agentHourSalary',
    module: ModuleId.agentHourlySalary,
    icon: CoinsBackIcon,
    load: () => import('./contracts/components/hourly-salary-page'),
  },
  {
    path: 'agentRealtimeSalary',
    module: ModuleId.agentRealtimeSalary,
    icon: CoinsBackIcon,
    load: () => import('./contracts/components/realtime-salary-page'),
  },
  {
    path: 'transferUpline',
    module: null,
    icon: WalletInIcon,
    load: () => import('./pages/transfer-upline-page'),
  },
];

/** Menu entries that lead out of the centre: money and messages in the member centre. */
export const AGENT_CENTRE_LINKS = [
  { key: 'deposit', to: '/member?page=depositv2', icon: CoinsBackIcon },
  { key: 'withdraw', to: '/member?page=withdraw', icon: WalletOutIcon },
  { key: 'messages', to: '/member?page=messageV2', icon: BellIcon },
] as const;
