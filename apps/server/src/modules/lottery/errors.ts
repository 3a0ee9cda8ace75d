import { defineErrors, type CodesOf } from '../../http/errors';

/** Error codes of the e-lottery (the catalogue's rules: http/errors.ts; docs/lottery.md). */
export const LOTTERY_ERRORS = defineErrors({
  /** No lottery game has this code. */
  lottery_game_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Loteria não encontrada.', en: 'Lottery game not found.' },
  },
  /** The operator switched the game off. */
  lottery_game_disabled: {
    status: 409,
    messages: {
      'pt-BR': 'Esta loteria está temporariamente indisponível.',
      en: 'This lottery is temporarily unavailable.',
    },
  },
  /** No draw of this game has this id. */
  lottery_draw_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Sorteio não encontrado.', en: 'Draw not found.' },
  },
  /** Bets on this draw closed (N seconds before it, by the server's clock) or it was drawn. */
  lottery_draw_closed: {
    status: 409,
    messages: {
      'pt-BR': 'As apostas para este sorteio estão encerradas. Aposte no próximo.',
      en: 'Betting on this draw has closed. Bet on the next one.',
    },
  },
  /** The draw was voided by the operator: its bets are refunded. */
  lottery_draw_void: {
    status: 409,
    messages: {
      'pt-BR': 'Este sorteio foi cancelado e as apostas devolvidas.',
      en: 'This draw was voided and its bets refunded.',
    },
  },
  /** The draw was already settled (it can no longer be voided). */
  lottery_draw_settled: {
    status: 409,
    messages: {
      'pt-BR': 'Este sorteio já foi apurado e pago.',
      en: 'This draw has already been settled.',
    },
  },
  /** The game has no such bet type, or the operator switched it off. */
  lottery_bet_type_unknown: {
    status: 400,
    messages: {
      'pt-BR': 'Tipo de aposta desconhecido: {betType}.',
      en: 'Unknown bet type: {betType}.',
    },
  },
  /** The bet type has no such number or option. */
  lottery_selection_unknown: {
    status: 400,
    messages: {
      'pt-BR': 'Seleção inválida para {betType}: {selection}.',
      en: 'Invalid selection for {betType}: {selection}.',
    },
  },
  /** The same selection twice in one slip. */
  lottery_selection_repeated: {
    status: 400,
    messages: {
      'pt-BR': 'A mesma seleção aparece duas vezes no bilhete.',
      en: 'The same selection appears twice in the slip.',
    },
  },
  /** A line's stake is outside the game's limits (params in reais; data in minor units). */
  lottery_stake_out_of_range: {
    status: 400,
    messages: {
      'pt-BR': 'Cada aposta deve estar entre R$ {min} e R$ {max}.',
      en: 'Each bet must be between R$ {min} and R$ {max}.',
    },
  },
  /**
   * The draw could pay too much on this selection (the liability cap per number):
   * `data.betType`, `data.selection`, `data.remainingStakeMinor` (the most still accepted).
   */
  lottery_liability_cap: {
    status: 409,
    messages: {
      'pt-BR':
        'O limite de pagamento deste sorteio para {selection} foi atingido. Aposte um valor menor ou outro número.',
      en: 'This draw’s payout limit for {selection} has been reached. Bet less or on another number.',
    },
  },
  /** The limits would not hold: minimum ≤ maximum stake, close time under the interval. */
  lottery_limits_invalid: {
    status: 400,
    messages: {
      'pt-BR':
        'Configuração inválida: aposta mínima ≤ máxima e encerramento menor que o intervalo.',
      en: 'Invalid settings: minimum ≤ maximum stake and closing time under the interval.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof LOTTERY_ERRORS> {}
}
