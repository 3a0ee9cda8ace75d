import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import { createHouseRepository } from './repository';
import { houseAdminRoutes } from './admin-routes';
import { houseRoutes } from './routes';
import { createHouseService, type HouseService } from './service';

export type { HouseService } from './service';
export { HOUSE_VENDOR } from './service';
// The fairness engine's seeds and HMAC, for other provably fair draws (rewards' tickets).
export { newClientSeed, newServerSeed, nodeHmac } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    house: HouseService;
  }
}

/**
 * house: the house games (category BGS, docs/house.md) and their provable fairness
 * (docs/fairness.md). Owns `house_games`, `house_seeds`, `house_bets`, `house_chains`,
 * `house_rounds`, `house_round_bets`. Every stake and payout is a bet record of vendor BGS
 * posted through the wallet's service (`wallet.bets.post`), like a vendor's round. Crash and
 * double rounds are published on the realtime module's topics (`house.crash`, `house.double`).
 */
export const houseModule = defineModule({
  name: 'house',
  requires: ['wallet', 'realtime'],
  provides: ['house'],
  create: ({ db }, { wallet, realtime }) => ({
    house: createHouseService({ db, repo: createHouseRepository(db), wallet, realtime }),
  }),
  routes: {
    player: (scope, services) => {
      houseRoutes(scope, services.house);
      // The shared games' clock runs while the app does (house/live.ts).
      scope.addHook('onClose', async () => services.house.stopLive());
    },
    operator: (scope, services) => houseAdminRoutes(scope, services.house),
  },
  jobs: (runner, { house }) => {
    runner.define({
      name: 'house.recover',
      every: 'minute',
      run: async () => {
        await house.recover();
      },
    });
  },
});
