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
 * `vendors`, `game_categories`, `games`, `favourite_games`, `recent_games`, `game_winners`.
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
});
