import { defineErrors } from '../../http/errors';

/** Error codes of games and their launch (the catalogue's rules: http/errors.ts). */
export const GAMES_ERRORS = defineErrors({
  // ── games ───────────────────────────────────────────────────────────────────
  /** No game has this node id. */
  game_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Jogo não encontrado.', en: 'Game not found.' },
  },
  /** The game (or its vendor) is under maintenance; `data.suggestions` lists popular games to play instead. */
  game_maintenance: {
    status: 409,
    messages: {
      'pt-BR': 'Este jogo está em manutenção. Que tal um destes jogos populares?',
      en: 'This game is under maintenance. How about one of these popular games?',
    },
  },
  /** The brand has no enabled integration with the game's vendor (vendors module). */
  game_launch_unavailable: {
    status: 503,
    messages: {
      'pt-BR': 'Não foi possível abrir o jogo agora: o provedor não está disponível.',
      en: 'The game cannot be opened right now: its provider is not available.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof GAMES_ERRORS> {}
}
