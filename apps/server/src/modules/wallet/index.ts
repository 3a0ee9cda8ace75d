import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import './events';
import { createWalletRepository } from './repository';
import { walletRoutes } from './routes';
import { createWalletService, type WalletService } from './service';

export type { WalletService, MemberRef } from './service';
export { TRIAL_DEMO_CREDIT_MINOR } from './service';
export { checkBetRecords } from './bets';
export type {
  BetRound,
  VendorTransaction,
  VendorTransactionType,
  BetBook,
  BonusFunding,
  BetBalances,
} from './bets';
export type { BetRecord } from './ledger';
/** A settled round as `bets.settled` carries it (promotions' turnover and loss triggers). */
export type { SettledBetRound } from './events';
/**
 * The ledger's one write path, for modules that move money with their own keys (payments:
 * `deposit:<id>`); `postOperationsTogether` posts many in one call of the ledger's batch
 * function, outside the group commit the bet path's operations share (points earned per batch).
 */
export { postOperation, postOperationsTogether } from './ledger';
/** Settled rounds of a window per member, as a subquery to join (agents' settlements). */
export { settledBetsByMember, type SettledBetsRow } from './settled-bets';
/** Bet records opened in a window, as a subquery to join (agents' team betting). */
export { betRoundsOpenedIn, type BetRoundListRow } from './settled-bets';
/** Report periods in the brand's zone (today, last7, custom…), as the betting record cuts them. */
export { resolvePeriod, startOfDayUtc, dayInZone } from './bet-reports';
export type {
  VendorTransferGateway,
  VendorTransferInput,
  VendorTransferResult,
  VendorRound,
} from './vendor-wallets';

declare module '../manifest' {
  interface ServiceRegistry {
    wallet: WalletService;
  }
}

/**
 * wallet: the ledger (the only code that changes a balance), balances, transfers between a
 * member's wallets, the account record, operator adjustments. Owns `ledger_accounts`,
 * `ledger_operations`, `ledger_transfers`, and the bet records the ledger's functions write
 * beside the money: `bet_rounds`, `vendor_transactions` (bets.ts). Reads transfer-mode vendors from games, and records
 * operator adjustments in admin's audit log.
 */
export const walletModule = defineModule({
  name: 'wallet',
  requires: ['games', 'audit'],
  provides: ['wallet'],
  create: ({ db }, { games, audit }) => ({
    wallet: createWalletService({
      db,
      repo: createWalletRepository(db),
      transferVendors: () => games.transferVendors(),
      catalogue: {
        vendors: async () =>
          (await games.gameMenus()).flatMap((menu) =>
            menu.vendors.map((v) => ({ code: v.code, name: v.name, category: v.gameCategory })),
          ),
        gameNames: (keys) => games.gameNames(keys),
      },
      audit,
    }),
  }),
  routes: { player: (scope, services) => walletRoutes(scope, services.wallet) },
});
