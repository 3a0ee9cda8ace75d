import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import { DEV_VENDOR_TRANSFER_API_KEY } from '../../config';
import { createVendorDesk, type VendorDesk } from './desk';
import { createDeskRepository } from './desk-repository';
import { vendorDeskRoutes } from './desk-routes';
import { createPam } from './pam';
import { createVendorsRepository } from './repository';
import { launchRoutes } from './player-routes';
import { pamRoutes } from './routes';
import { createVendorsService, type VendorsService } from './service';
import type { ProviderAuthenticator } from '../../http/scopes';
import { createTransferRepository } from './transfer-repository';
import { createVendorTransfers, type VendorTransfers } from './transfers';
import { httpTransferWalletClients } from './transfer-wallet-http';
import type { TransferWalletClients } from './transfer-wallet';

export type { VendorsService, VendorIntegration } from './service';
export { GAME_SESSION_TTL_MS, sha256 } from './service';
export { parsePamAmount } from './amounts';
export type { VendorTransfers } from './transfers';
export type {
  TransferWalletClient,
  TransferWalletClients,
  TransferOutcome,
  FeedRound,
} from './transfer-wallet';
export { TransferUnknown } from './transfer-wallet';
export { httpTransferWalletClients } from './transfer-wallet-http';

declare module '../manifest' {
  interface ServiceRegistry {
    /** Vendor configuration per brand, game sessions and launch (`vendors.launch`). */
    vendors: VendorsService;
    /** The provider scope's API keys (http/scopes.ts ProviderAuthenticator). */
    providerKeys: ProviderAuthenticator;
    /** Transfer-wallet vendors: transfers in/out, reconciliation, their round feeds (transfers.ts). */
    vendorTransfers: VendorTransfers;
    /** The operator console's Vendors desk: integrations, API keys, transfers (desk.ts). */
    vendorDesk: VendorDesk;
  }
  interface PlatformAdapters {
    /**
     * Clients of transfer-wallet vendors' transfer API; by default the HTTP one with the
     * development key (main.ts passes VENDOR_TRANSFER_API_KEY).
     */
    transferWallets?: TransferWalletClients;
  }
}

/**
 * vendors: game vendors behind the Valkyrie PAM API (/pam, docs/pam.md): each brand's vendor
 * configuration and API keys, game sessions (X-Player-Token) and launch URLs, and the PAM
 * rules, and the player's launch (/wps/game/launchGame); the money and the bet records go
 * through the wallet's ledger. Owns `vendor_integrations`, `provider_api_keys`, `game_sessions`.
 */
export const vendorsModule = defineModule({
  name: 'vendors',
  requires: ['wallet', 'games', 'lobby', 'accounts', 'system'],
  provides: ['vendors', 'providerKeys', 'vendorTransfers', 'vendorDesk'],
  create({ db, adapters }, { wallet, games, accounts, system }) {
    const vendors = createVendorsService({
      repo: createVendorsRepository(db),
      wallet,
      games,
      accounts,
    });
    // Transfer-wallet vendors: the wallet calls them through this gateway (it imports nothing
    // of vendors); the ledger side stays the wallet's (docs/pam.md "Transfer-wallet vendors").
    const vendorTransfers = createVendorTransfers({
      repo: createTransferRepository(db),
      wallet,
      accounts,
      clients:
        adapters.transferWallets ??
        httpTransferWalletClients({ apiKey: DEV_VENDOR_TRANSFER_API_KEY }),
    });
    wallet.connectVendorTransfers(vendorTransfers.gateway);
    const vendorDesk = createVendorDesk({
      repo: createDeskRepository(db),
      vendors,
      transfers: vendorTransfers,
      games,
      system,
    });
    return { vendors, providerKeys: vendors.providerKeys, vendorTransfers, vendorDesk };
  },
  jobs(runner, services) {
    // Transfers left without an answer are settled by asking the vendor by transfer id.
    runner.define({
      name: 'vendors.transfer-reconcile',
      every: 'minute',
      run: async () => {
        await services.vendorTransfers.reconcile();
      },
    });
    // Rounds played at transfer-wallet vendors reach the vendor wallets and the bet records even
    // when nobody reads a balance (a balance read brings them at once).
    runner.define({
      name: 'vendors.transfer-rounds',
      every: 'minute',
      run: async () => {
        await services.vendorTransfers.syncAllRounds();
      },
    });
  },
  routes: {
    provider: (scope, services) => pamRoutes(scope, createPam(services.vendors)),
    player: (scope, services) => launchRoutes(scope, services.vendors, services.lobby),
    operator: (scope, services) => vendorDeskRoutes(scope, services.vendorDesk),
  },
});
