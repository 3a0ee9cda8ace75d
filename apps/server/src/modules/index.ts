import { adminModule } from './admin';
import { agentsModule } from './agents';
import { authModule } from './auth';
import { backofficeModule } from './backoffice';
import { contentModule } from './content';
import { gamesModule } from './games';
import { houseModule } from './house';
import { lotteryModule } from './lottery';
import type { AnyModuleManifest } from './manifest';
import { membersModule } from './members';
import { paymentsModule } from './payments';
import { messagesModule } from './messages';
import { realtimeModule } from './realtime';
import { rewardsModule } from './rewards';
import { systemModule } from './system';
import { vendorsModule } from './vendors';
import { walletModule } from './wallet';

/**
 * The platform's modules, in the order their services are built (a module may use the
 * services of those before it, as its manifest's `requires` says). Adding a module is its own
 * folder plus one line here.
 */
export const MODULES: readonly AnyModuleManifest[] = [
  systemModule,
  // Before admin: the operator console counts staff sign-in failures in auth's limiter.
  authModule,
  adminModule,
  gamesModule,
  contentModule,
  walletModule,
  paymentsModule,
  vendorsModule,
  messagesModule,
  realtimeModule,
  houseModule,
  // The e-lottery: over wallet (bet records through the ledger) and realtime (draws, results).
  lotteryModule,
  membersModule,
  // The downline, the agent centre, transfers and contracts: over members, wallet, payments.
  agentsModule,
  // Promotions and rewards: over wallet (the ledger), payments, members and realtime (pushes).
  rewardsModule,
  // The console's member desks use accounts, wallet and system: after them.
  backofficeModule,
];

export { assembleServices, type ServiceRegistry } from './manifest';
