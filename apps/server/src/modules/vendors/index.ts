import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import { createPam } from './pam';
import { createVendorsRepository } from './repository';
import { launchRoutes } from './player-routes';
import { pamRoutes } from './routes';
import { createVendorsService, type VendorsService } from './service';
import type { ProviderAuthenticator } from '../../http/scopes';

export type { VendorsService, VendorIntegration } from './service';
export { GAME_SESSION_TTL_MS, sha256 } from './service';
export { parsePamAmount } from './amounts';

declare module '../manifest' {
  interface ServiceRegistry {
    /** Vendor configuration per brand, game sessions and launch (`vendors.launch`). */
    vendors: VendorsService;
    /** The provider scope's API keys (http/scopes.ts ProviderAuthenticator). */
    providerKeys: ProviderAuthenticator;
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
  requires: ['wallet', 'games', 'lobby', 'accounts'],
  provides: ['vendors', 'providerKeys'],
  create({ db }, { wallet, games, accounts }) {
    const vendors = createVendorsService({
      repo: createVendorsRepository(db),
      wallet,
      games,
      accounts,
    });
    return { vendors, providerKeys: vendors.providerKeys };
  },
  routes: {
    provider: (scope, services) => pamRoutes(scope, createPam(services.vendors)),
    player: (scope, services) => launchRoutes(scope, services.vendors, services.lobby),
  },
});
