import { ENDPOINTS, type LaunchGameResponse } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** A launch's answer: the vendor's address (with the game session's token) and the game. */
export type LaunchResult = LaunchGameResponse;

/** Launches a game for the member (`POST /wps/game/launchGame`); also records it as recent and
 * opens a game session. */
export function launchGame(nodeId: number) {
  return apiRequest<LaunchResult>(ENDPOINTS.games.launch, { body: { nodeId } });
}
