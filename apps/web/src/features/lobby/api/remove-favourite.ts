import { ENDPOINTS, type GameCard } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** Removes a favourite (`DELETE /wps/games/favorites`, same body as adding). */
export function removeFavourite(game: Pick<GameCard, 'nodeId' | 'vassalage' | 'gameType'>) {
  return apiRequest<{ done: true }>(ENDPOINTS.games.removeFavourite, {
    body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
  });
}
