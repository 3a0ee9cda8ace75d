import { defineErrors, type CodesOf } from '../../http/errors';

/** Error codes of the agents module (the catalogue's rules: http/errors.ts). */
export const AGENT_ERRORS = defineErrors({
  /** The caller is not an agent (member types 1, 2, 41, 42) and the route is the agent centre's. */
  agent_only: {
    status: 403,
    messages: {
      'pt-BR': 'Esta área é só para agentes.',
      en: 'This area is for agents only.',
    },
  },
  /** The member named is not in the caller's direct downline (or not in the brand at all). */
  agent_not_direct_downline: {
    status: 400,
    messages: {
      'pt-BR': 'Este membro não é seu subordinado direto.',
      en: 'This member is not in your direct downline.',
    },
  },
  /** The member named is not anywhere in the caller's team. */
  agent_not_in_team: {
    status: 400,
    messages: {
      'pt-BR': 'Este membro não faz parte da sua equipe.',
      en: 'This member is not part of your team.',
    },
  },
  /** The caller named themself where another member is meant (a transfer, a contract). */
  agent_self_target: {
    status: 400,
    messages: {
      'pt-BR': 'Você não pode escolher a si mesmo.',
      en: 'You cannot choose yourself.',
    },
  },
  /** The caller has no upline to transfer to. */
  agent_no_upline: {
    status: 400,
    messages: {
      'pt-BR': 'Sua conta não tem um agente superior.',
      en: 'Your account has no upline agent.',
    },
  },
  /** A transfer amount outside the allowed range (params: min, max, in minor units). */
  agent_transfer_out_of_range: {
    status: 400,
    messages: {
      'pt-BR': 'O valor da transferência deve estar entre {min} e {max}.',
      en: 'The transfer amount must be between {min} and {max}.',
    },
  },
  /** The sender's balance does not cover the transfer; nothing moved. */
  agent_transfer_insufficient_balance: {
    status: 400,
    messages: {
      'pt-BR': 'Saldo insuficiente para esta transferência.',
      en: 'Your balance does not cover this transfer.',
    },
  },
  /** The same request key was already used for a different transfer. */
  agent_transfer_conflict: {
    status: 409,
    messages: {
      'pt-BR': 'Esta transferência já foi enviada com outros dados.',
      en: 'This transfer was already sent with different details.',
    },
  },
  /** The member already has an application waiting for an operator. */
  agent_application_pending: {
    status: 409,
    messages: {
      'pt-BR': 'Você já tem uma solicitação em análise.',
      en: 'You already have an application under review.',
    },
  },
  /** The member is already an agent: nothing to apply for. */
  agent_already_agent: {
    status: 409,
    messages: {
      'pt-BR': 'Você já é um agente.',
      en: 'You are already an agent.',
    },
  },
  /** No application has this id, or it was already decided. */
  agent_application_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Solicitação não encontrada ou já decidida.',
      en: 'Application not found or already decided.',
    },
  },
  /** The console searched a member that does not exist in the brand. */
  agent_member_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Membro não encontrado.',
      en: 'Member not found.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof AGENT_ERRORS> {}
}
