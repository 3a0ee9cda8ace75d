import { defineErrors, type CodesOf } from '../../../http/errors';

/** Error codes of the agents' contracts (docs/agents.md "Contracts"; the catalogue's rules: http/errors.ts). */
export const CONTRACT_ERRORS = defineErrors({
  /** A tier's rate is not between 0.01 % and the kind's ceiling (params: level, maxPercent). */
  contract_rate_out_of_bounds: {
    status: 400,
    messages: {
      'pt-BR': 'A taxa do nível {level} deve estar entre 0,01% e {maxPercent}%.',
      en: 'The rate of level {level} must be between 0.01% and {maxPercent}%.',
    },
  },
  /** A real-time salary tier without its loss wage (params: level). */
  contract_loss_rate_required: {
    status: 400,
    messages: {
      'pt-BR': 'Informe a taxa de salário por perda do nível {level}.',
      en: 'Enter the loss wage rate of level {level}.',
    },
  },
  /** A tier whose threshold or rate is not higher than the tier before it (params: level). */
  contract_tiers_not_increasing: {
    status: 400,
    messages: {
      'pt-BR': 'O nível {level} deve ter meta e taxa maiores que as do nível anterior.',
      en: 'Level {level} must have a higher threshold and rate than the level before it.',
    },
  },
  /** The offer names the agent itself. */
  contract_to_self: {
    status: 400,
    messages: {
      'pt-BR': 'Você não pode oferecer um contrato a si mesmo.',
      en: 'You cannot offer a contract to yourself.',
    },
  },
  /** The member offered to is not a direct downline of the agent. */
  contract_not_direct_downline: {
    status: 403,
    messages: {
      'pt-BR': 'Contratos só podem ser oferecidos a subordinados diretos.',
      en: 'Contracts can only be offered to direct downlines.',
    },
  },
  /** Contracts are between agents: the one offering, or the one offered to, is not an agent. */
  contract_agents_only: {
    status: 403,
    messages: {
      'pt-BR': 'Contratos são apenas entre agentes.',
      en: 'Contracts are only between agents.',
    },
  },
  /** The offer gives more than the agent's own contract of the kind (params: maxPercent). */
  contract_rate_above_upline: {
    status: 400,
    messages: {
      'pt-BR': 'A taxa não pode passar da sua própria taxa deste contrato ({maxPercent}%).',
      en: 'The rate cannot exceed your own rate for this contract ({maxPercent}%).',
    },
  },
  /** The brand has this kind of contract switched off (whitelabel keys of facts.md §1). */
  contract_kind_disabled: {
    status: 403,
    messages: {
      'pt-BR': 'Este tipo de contrato não está disponível.',
      en: 'This kind of contract is not available.',
    },
  },
  /** No contract of this id (or of these fields) concerns the member. */
  contract_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Contrato não encontrado.', en: 'Contract not found.' },
  },
  /** The offer was already answered (accepted, rejected or withdrawn): answering twice. */
  contract_not_pending: {
    status: 409,
    messages: {
      'pt-BR': 'Este contrato já foi respondido.',
      en: 'This contract has already been answered.',
    },
  },
  /** Only a contract in force can be terminated. */
  contract_not_active: {
    status: 409,
    messages: {
      'pt-BR': 'Este contrato não está em vigor.',
      en: 'This contract is not in force.',
    },
  },
  /**
   * Accepting would end contracts the agent gave its own downlines at a higher rate (spec §8):
   * answer again with confirmEndDownline (params: count).
   */
  contract_ends_downline_contracts: {
    status: 409,
    messages: {
      'pt-BR':
        'Ao aceitar esta taxa menor, {count} contrato(s) com seus subordinados serão encerrados. Confirme para continuar.',
      en: 'Accepting this lower rate ends {count} contract(s) with your downlines. Confirm to continue.',
    },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof CONTRACT_ERRORS> {}
}
