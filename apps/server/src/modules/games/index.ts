import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import { createGamesRepository } from './repository';
import { gamesRoutes } from './routes';
import { createLobbyRepository } from './lobby-repository';
import { lobbyRoutes } from './lobby-routes';
import { createLobbyService, type LobbyService } from './lobby-service';
import { createGamesService, type GamesService } from './service';

export type { GamesService } from './service';
export type { LobbyService } from './lobby-service';
export type { NewGame } from './tables';

declare module '../manifest' {
  interface ServiceRegistry {
    games: GamesService;
    lobby: LobbyService;
  }
}

/**
 * games: vendors, categories, the catalogue, the lobby (lists, search, hot, favourites,
 * recent, winners) and the games side of launch (the vendors module answers the route). Owns
 * `vendors`, `game_categories`, `games`, `favourite_games`, `recent_games`, `game_winners`,
 * `game_play_hours`, `game_play_events`.
 */
export const gamesModule = defineModule({
  name: 'games',
  requires: [],
  provides: ['games', 'lobby'],
  create({ db }) {
    const games = createGamesService(createGamesRepository(db));
    const lobby = createLobbyService({ repo: createLobbyRepository(db), games });
    return { games, lobby };
  },
  routes: {
    player(scope, services) {
      gamesRoutes(scope, services.games);
      lobbyRoutes(scope, services.lobby);
    },
  },
  // Winner board and hot games from real play (issue 12 §6): every settled round counts for
  // "hot", a big win goes on the board under the member's masked name. The wallet publishes a
  // batch's settled rounds as one `bets.settled`; `bet.settled` (one round) is what it wrote
  // before, still delivered to the handler that took it.
  handlers(bus, services) {
    const displayName = async (memberId: number) =>
      maskedName((await services.accounts.findById(memberId))?.username ?? '');
    bus.onBatch('bets.settled', 'games.realPlayBatches', async (events) => {
      await services.lobby.recordSettledRounds(
        events.map((event) => ({ id: event.id, rounds: event.payload.rounds })),
        displayName,
      );
    });
    bus.onBatch('bet.settled', 'games.realPlay', async (events) => {
      await services.lobby.recordSettledRounds(
        events.map((event) => ({ id: event.id, rounds: [event.payload] })),
        displayName,
      );
    });
  },
  jobs(runner, services) {
    runner.define({
      name: 'games.prune-plays',
      every: 'day',
      run: async () => {
        await services.lobby.prunePlays();
      },
    });
  },
});

/** A member's name as the winner board shows it: two letters, stars, the last two ("jo***42"). */
export function maskedName(username: string): string {
  if (username.length <= 4) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-2)}`;
}
