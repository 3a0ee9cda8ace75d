import type { Language } from '@banca/contracts';

/**
 * Query keys of the lobby. Every key carries the language (names and vendor lists are
 * translated); lists that belong to a member also carry the username, under one prefix, so a
 * change to the member's games can refresh all of them and another login never sees them.
 */
export const lobbyKeys = {
  all: ['games'] as const,
  lanes: (language: Language) => ['games', 'lanes', language] as const,
  hot: (language: Language, scope: { gameType?: string; vassalage?: string }) =>
    ['games', 'hot', language, scope] as const,
  winners: (language: Language) => ['games', 'winners', language] as const,
  list: (language: Language, request: object) => ['games', 'list', language, request] as const,
  member: (username: string) => ['games', 'member', username] as const,
  /** The member's favourites, every page and language (for optimistic changes). */
  favourites: (username: string) => ['games', 'member', username, 'favourites'] as const,
  /** The member's recent games, every page and language (refreshed after a launch). */
  recent: (username: string) => ['games', 'member', username, 'recent'] as const,
  /** FAV and RECENT lobby lists (they are the member's own games too). */
  memberList: (username: string) => ['games', 'member', username, 'list'] as const,
};
