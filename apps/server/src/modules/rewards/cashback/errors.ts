import { defineErrors, type CodesOf } from '../../../http/errors';

/** Error codes of manual rebate and the settings desk (docs/bonus.md). */
export const REBATE_ERRORS = defineErrors({
  /** The brand's manual-rebate module is off (or its rates are unset). */
  rebate_disabled: {
    status: 403,
    messages: {
      'pt-BR': 'O cashback manual não está disponível.',
      en: 'Manual cashback is not available.',
    },
  },
  /** No valid bet since the last claim earns anything yet. */
  rebate_nothing_to_claim: {
    status: 409,
    messages: {
      'pt-BR': 'Ainda não há cashback para resgatar.',
      en: 'There is no cashback to claim yet.',
    },
  },
  /** The settings desk named a brand that does not exist. */
  reward_settings_brand_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Marca não encontrada.',
      en: 'Brand not found.',
    },
  },
  /** Another claim of the same bets got there first. */
  rebate_already_claimed: {
    status: 409,
    messages: {
      'pt-BR': 'Este cashback já foi resgatado.',
      en: 'This cashback was already claimed.',
    },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof REBATE_ERRORS> {}
}
