import { ENDPOINTS, type GameCard } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** Adds a favourite (`POST /wps/games/favorites`); the server ignores one already there. */
export function addFavourite(game: Pick<GameCard, 'nodeId' | 'vassalage' | 'gameType'>) {
  return apiRequest<{ done: true }>(ENDPOINTS.games.addFavourite, {
    body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
  });
}
