import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import { lotteryAdminRoutes } from './admin-routes';
import { NO_FEED, type LotteryResultsFeed } from './feed';
import { createLotteryRepository } from './repository';
import { lotteryRoutes } from './routes';
import { createLotteryService, DRAW_TASK, LOTTERY_VENDOR, type LotteryService } from './service';

export type { LotteryService } from './service';
export { LOTTERY_VENDOR } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    lottery: LotteryService;
  }
  interface PlatformAdapters {
    /**
     * The VN/SEA results feed (feed.ts); unset: the development adapter, or in production
     * (NODE_ENV) none at all, so feed games wait for their operators.
     */
    lotteryResultsFeed?: LotteryResultsFeed;
  }
}

/**
 * lottery: the e-lottery (ELOTT) and the VN/SEA lotteries (LOTT, SEA; docs/lottery.md). Owns
 * `lottery_games`, `lottery_bet_types`, `lottery_draws`, `lottery_slips`, `lottery_lines`,
 * `lottery_exposure`, `lottery_result_entries`, `lottery_closed_days`. E-lottery draws come from
 * the provably-fair engine (@banca/contracts/lottery-rules over fairness); VN/SEA results from
 * operators' double entry or a results feed (feed.ts), never on their closed days. Draws are drawn by a task per draw on the jobs runner (once
 * across instances) and settled through the wallet's service as bet records of vendor BLT.
 * Draws, results and settings changes go out on the realtime `lottery` topic.
 */
export const lotteryModule = defineModule({
  name: 'lottery',
  requires: ['wallet', 'realtime', 'games'],
  provides: ['lottery'],
  create: ({ db, adapters }, { wallet, realtime, games }) => {
    const repo = createLotteryRepository(db);
    // The betting record and the agents' reports name lottery rounds by the game's name.
    games.connectGameNames(LOTTERY_VENDOR, async (codes) =>
      (await repo.games())
        .filter((g) => codes.includes(g.game_code))
        .map((g) => ({ gameCode: g.game_code, nameEn: g.name_en, namePt: g.name_pt })),
    );
    return {
      lottery: createLotteryService({
        db,
        repo,
        wallet,
        realtime,
        // The development adapter's invented sheets are for development only.
        ...(adapters.lotteryResultsFeed
          ? { feed: adapters.lotteryResultsFeed }
          : process.env.NODE_ENV === 'production'
            ? { feed: NO_FEED }
            : {}),
      }),
    };
  },
  routes: {
    player: (scope, services) => lotteryRoutes(scope, services.lottery),
    operator: (scope, services) =>
      lotteryAdminRoutes(scope, services.lottery, async (staffId) =>
        services.operators ? (await services.operators.operator(staffId)).displayName : null,
      ),
  },
  jobs: (runner, { lottery }) => {
    runner.defineTask<{ drawId: number }>({
      name: DRAW_TASK,
      run: async ({ payload }) => {
        await lottery.runDraw(payload.drawId);
      },
    });
    // The backstop: keeps draws open ahead, draws any whose task was missed, finishes refunds.
    runner.define({
      name: 'lottery.schedule',
      every: 'minute',
      run: async () => {
        await lottery.tick();
      },
    });
  },
});
