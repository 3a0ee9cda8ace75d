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
  /**
   * A VN/SEA game's settings that cannot hold: its results come from operators or the feed
   * (never seeds), an e-lottery's from its seeds; a draw time `HH:MM`; a known time zone.
   */
  lottery_schedule_invalid: {
    status: 400,
    messages: {
      'pt-BR':
        'Configuração inválida: verifique a origem dos resultados, o horário (HH:MM), o fuso horário e os dias de sorteio (1 a 7, cada um uma vez, num jogo diário com horário).',
      en: 'Invalid settings: check the results source, the draw time (HH:MM), the time zone and the draw days (1 to 7, each once, on a daily game with a draw time).',
    },
  },
  /** An odds table with the wrong number of tiers, or a return outside 50–100 %. */
  lottery_odds_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Tabela de prêmios inválida: o retorno deve ficar entre 50% e 100%.',
      en: 'Invalid odds table: its return must be between 50% and 100%.',
    },
  },
  /** Results are entered only for VN/SEA games (the e-lottery's come from its seeds). */
  lottery_results_not_accepted: {
    status: 409,
    messages: {
      'pt-BR': 'Os resultados desta loteria não são digitados: vêm do sorteio.',
      en: 'This lottery’s results are not entered: they come from its draw.',
    },
  },
  /** The draw has not happened yet (its local draw time is later). */
  lottery_results_too_early: {
    status: 409,
    messages: {
      'pt-BR': 'Este sorteio ainda não aconteceu: digite o resultado depois do horário dele.',
      en: 'This draw has not happened yet: enter its result after its draw time.',
    },
  },
  /** A sheet with missing rows or values of the wrong length: `data.prizes` (`G3-2`). */
  lottery_results_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Resultado incompleto ou inválido em: {prizes}.',
      en: 'Incomplete or invalid result in: {prizes}.',
    },
  },
  /**
   * The second entry disagrees with the first: `data.prizes` lists the prizes that differ.
   * Nothing is settled; the first entry still waits (or is discarded and entered again).
   */
  lottery_results_mismatch: {
    status: 409,
    messages: {
      'pt-BR':
        'O resultado não confere com a primeira digitação em: {prizes}. Nada foi apurado; confira a folha.',
      en: 'The result does not match the first entry in: {prizes}. Nothing was settled; check the sheet.',
    },
  },
  /** The operator who made the first entry cannot be its second. */
  lottery_results_same_operator: {
    status: 409,
    messages: {
      'pt-BR': 'A conferência deve ser feita por outro operador.',
      en: 'The second entry must be made by a different operator.',
    },
  },
  /** No entry of this draw waits for its second. */
  lottery_results_no_pending: {
    status: 404,
    messages: {
      'pt-BR': 'Nenhuma digitação deste sorteio aguarda conferência.',
      en: 'No entry of this draw is waiting for its second.',
    },
  },
  /** A closed day for a game without a local draw time (an e-lottery game never closes). */
  lottery_closed_day_no_local_time: {
    status: 400,
    messages: {
      'pt-BR':
        'Só loterias com horário local de sorteio (Vietnã e Sudeste Asiático) têm dias sem sorteio.',
      en: 'Only lotteries with a local draw time (Vietnam and Southeast Asia) have closed days.',
    },
  },
  /** The day is over in every zone it applies to (`params.today`: the earliest today). */
  lottery_closed_day_past: {
    status: 400,
    messages: {
      'pt-BR': 'Este dia já passou: escolha {today} ou depois.',
      en: 'This day is past: choose {today} or later.',
    },
  },
  /** Further ahead than CLOSED_DAYS_AHEAD (`params.days`). */
  lottery_closed_day_too_far: {
    status: 400,
    messages: {
      'pt-BR': 'Escolha um dia nos próximos {days} dias.',
      en: 'Choose a day within the next {days} days.',
    },
  },
  /** The day is closed already for that scope (every game, or that game). */
  lottery_closed_day_exists: {
    status: 409,
    messages: {
      'pt-BR': 'O dia {day} já está marcado sem sorteio para estas loterias.',
      en: '{day} is already a closed day for these lotteries.',
    },
  },
  /** No closed day has this id (removed already). */
  lottery_closed_day_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Dia sem sorteio não encontrado.',
      en: 'Closed day not found.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof LOTTERY_ERRORS> {}
}
