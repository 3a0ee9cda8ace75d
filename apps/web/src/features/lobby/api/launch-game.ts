import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/**
 * What a successful launch answers. The vendor integration is not connected yet (the server
 * answers `game_launch_unavailable`), so only the URL the seamless page frames is assumed.
 */
export type LaunchResult = { url?: string };

/** Launches a game for the member (`POST /wps/game/launchGame`); also records it as recent. */
export function launchGame(nodeId: number) {
  return apiRequest<LaunchResult>(ENDPOINTS.games.launch, { body: { nodeId } });
}
