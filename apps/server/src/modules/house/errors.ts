import { defineErrors, type CodesOf } from '../../http/errors';

/** Error codes of the house games (the catalogue's rules: http/errors.ts). */
export const HOUSE_ERRORS = defineErrors({
  /** No house game has this code, or it is not of the game the route plays. */
  house_game_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Jogo não encontrado.', en: 'Game not found.' },
  },
  /** The operator switched the game off (kill switch). */
  house_game_disabled: {
    status: 409,
    messages: {
      'pt-BR': 'Este jogo está temporariamente indisponível.',
      en: 'This game is temporarily unavailable.',
    },
  },
  /** The stake is below the game's minimum or above its maximum (params: minBet, maxBet in minor units). */
  house_bet_out_of_range: {
    status: 400,
    messages: {
      'pt-BR': 'A aposta deve estar entre {minBet} e {maxBet}.',
      en: 'The bet must be between {minBet} and {maxBet}.',
    },
  },
  /** The target (dice number, limbo multiplier) gives a win chance or multiplier outside the game's bounds. */
  house_target_out_of_range: {
    status: 400,
    messages: {
      'pt-BR': 'Alvo fora dos limites do jogo.',
      en: 'The target is outside the game’s bounds.',
    },
  },
  /** A win of this bet could pay more than the game's maximum payout (params: maxPayout). */
  house_max_payout: {
    status: 400,
    messages: {
      'pt-BR':
        'Um ganho desta aposta passaria do pagamento máximo do jogo ({maxPayout}). Reduza a aposta ou o multiplicador.',
      en: 'A win of this bet would pass the game’s maximum payout ({maxPayout}). Lower the bet or the multiplier.',
    },
  },
  /** A round is still in play (mines): finish it before starting another or changing seeds. */
  house_round_open: {
    status: 409,
    messages: {
      'pt-BR': 'Há uma rodada em andamento. Termine-a antes.',
      en: 'A round is still in play. Finish it first.',
    },
  },
  /** No round of this member has this id. */
  house_round_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Rodada não encontrada.', en: 'Round not found.' },
  },
  /** The round is over (a mine was hit, or it was cashed out). */
  house_round_over: {
    status: 409,
    messages: { 'pt-BR': 'Esta rodada já terminou.', en: 'This round is over.' },
  },
  /** The tile was already opened in this round. */
  house_tile_opened: {
    status: 409,
    messages: { 'pt-BR': 'Esta casa já foi aberta.', en: 'This tile is already open.' },
  },
  /** Cash out before opening any tile. */
  house_nothing_revealed: {
    status: 409,
    messages: {
      'pt-BR': 'Abra pelo menos uma casa antes de retirar.',
      en: 'Open at least one tile before cashing out.',
    },
  },
  /** The member already has this bet in this round (one per colour in double, one in crash). */
  house_already_bet: {
    status: 409,
    messages: {
      'pt-BR': 'Você já apostou nesta rodada.',
      en: 'You already placed this bet in this round.',
    },
  },
  /** Crash: the round's stakes would pass its payout limit at 1.00× (`data.remainingMinor`). */
  house_round_full: {
    status: 409,
    messages: {
      'pt-BR':
        'Esta rodada atingiu o limite de pagamento. Aposte um valor menor ou na próxima rodada.',
      en: 'This round has reached its payout limit. Bet a smaller amount or in the next round.',
    },
  },
  /**
   * Crash: the round's limit was reached before this cash-out: the bet was cashed out at the
   * limit's multiplier (`data.cashoutE2`, `data.payoutMinor`).
   */
  house_cashed_out_by_limit: {
    status: 409,
    messages: {
      'pt-BR': 'A rodada atingiu o limite de pagamento: sua aposta foi encerrada em {multiplier}×.',
      en: 'The round reached its payout limit: your bet was cashed out at {multiplier}×.',
    },
  },
  /** The limits would not hold: minimum bet ≤ maximum bet ≤ maximum payout ≤ round limit. */
  house_limits_invalid: {
    status: 400,
    messages: {
      'pt-BR':
        'Limites inválidos: aposta mínima ≤ aposta máxima ≤ pagamento máximo ≤ limite da rodada.',
      en: 'Invalid limits: minimum bet ≤ maximum bet ≤ maximum payout ≤ round limit.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof HOUSE_ERRORS> {}
}
