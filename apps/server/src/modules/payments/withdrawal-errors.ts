import { defineErrors } from '../../http/errors';

/**
 * Error codes of money out: identity (CPF), PIX keys, withdrawals and their confirmation (the
 * catalogue's rules: http/errors.ts). The payment password's codes are auth's
 * (`payment_password_not_set`, `payment_password_incorrect`): the secret is checked there.
 */
export const WITHDRAWAL_ERRORS = defineErrors({
  // ── identity ───────────────────────────────────────────────────────────────
  /** Not 11 digits, or the check digits do not match (facts.md §4). */
  cpf_invalid: {
    status: 400,
    messages: { 'pt-BR': 'CPF inválido.', en: 'Invalid CPF.' },
  },
  /** Another member of this brand has already recorded this CPF. */
  cpf_in_use: {
    status: 409,
    messages: {
      'pt-BR': 'Este CPF já está cadastrado em outra conta.',
      en: 'This CPF is already registered to another account.',
    },
  },
  /** The full name needs a first and a last name separated by a space (letters only). */
  identity_name_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Informe o nome completo (nome e sobrenome).',
      en: 'Enter your full name (first and last name).',
    },
  },
  /** Not a real calendar date in yyyy-MM-dd, or in the future. */
  identity_birth_date_invalid: {
    status: 400,
    messages: { 'pt-BR': 'Data de nascimento inválida.', en: 'Invalid date of birth.' },
  },
  /** Younger than the minimum age (`params.age`; 18 by law, facts.md §4). */
  identity_underage: {
    status: 403,
    messages: {
      'pt-BR': 'É preciso ter {age} anos ou mais.',
      en: 'You must be {age} or older.',
    },
  },
  /** The identity is recorded once; a correction goes through customer service. */
  identity_already_verified: {
    status: 409,
    messages: {
      'pt-BR': 'Seu CPF já foi verificado. Para corrigir, fale com o atendimento.',
      en: 'Your CPF is already verified. Contact customer service to correct it.',
    },
  },
  /** Withdrawing (or, under br-regulated, depositing) needs a verified CPF first (facts.md §1). */
  identity_not_verified: {
    status: 403,
    messages: {
      'pt-BR': 'Verifique seu CPF antes de continuar.',
      en: 'Verify your CPF before continuing.',
    },
  },
  /** Under br-regulated, a deposit's payer must be the member (Portaria SPA/MF 615/2024). */
  deposit_payer_not_member: {
    status: 403,
    messages: {
      'pt-BR': 'Depósitos só podem vir de uma conta no seu CPF.',
      en: 'Deposits may only come from an account in your CPF.',
    },
  },
  // ── PIX keys ───────────────────────────────────────────────────────────────
  /** The key is not valid for its type (`params.type`). */
  pix_key_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Chave PIX inválida para o tipo escolhido.',
      en: 'Invalid PIX key for the chosen type.',
    },
  },
  /** Under br-regulated, payouts go only to the member's own CPF (Portaria SPA/MF 615/2024). */
  pix_key_not_own_cpf: {
    status: 403,
    messages: {
      'pt-BR': 'Só é permitido sacar para a chave PIX do seu próprio CPF.',
      en: 'Withdrawals may only go to the PIX key of your own CPF.',
    },
  },
  /** The member already has this key. */
  pix_key_exists: {
    status: 409,
    messages: {
      'pt-BR': 'Esta chave PIX já está cadastrada.',
      en: 'This PIX key is already saved.',
    },
  },
  /** The member already keeps as many keys as allowed (`params.max`). */
  pix_key_limit: {
    status: 409,
    messages: {
      'pt-BR': 'Você pode cadastrar no máximo {max} chaves PIX.',
      en: 'You can save at most {max} PIX keys.',
    },
  },
  /** No such key belongs to the member. */
  pix_key_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Chave PIX não encontrada.', en: 'PIX key not found.' },
  },
  // ── withdrawals ────────────────────────────────────────────────────────────
  /** The amount is below the brand's minimum or above its maximum (`params` min and max, formatted). */
  withdraw_amount_out_of_range: {
    status: 400,
    messages: {
      'pt-BR': 'O valor do saque deve estar entre {min} e {max}.',
      en: 'The withdrawal amount must be between {min} and {max}.',
    },
  },
  /** Today's withdrawals (brand's time zone) reached the daily count (`params.max`). */
  withdraw_daily_count_reached: {
    status: 429,
    messages: {
      'pt-BR': 'Você já fez {max} saques hoje. Tente novamente amanhã.',
      en: 'You have already made {max} withdrawals today. Try again tomorrow.',
    },
  },
  /** Today's withdrawals plus this one exceed the daily amount (`params.max`, `params.left`). */
  withdraw_daily_amount_reached: {
    status: 429,
    messages: {
      'pt-BR': 'Limite diário de saque: {max}. Disponível hoje: {left}.',
      en: 'Daily withdrawal limit: {max}. Left today: {left}.',
    },
  },
  /** The turnover requirement is not met (facts.md §1): `params.left` still to bet. */
  withdraw_turnover_not_met: {
    status: 403,
    messages: {
      'pt-BR': 'Requisito de apostas não cumprido: faltam {left} em apostas válidas.',
      en: 'Turnover requirement not met: {left} of valid bets still needed.',
    },
  },
  /** The deposits required before a first withdrawal are not reached (facts.md §1): `params.left`. */
  withdraw_deposit_required: {
    status: 403,
    messages: {
      'pt-BR': 'Depósito mínimo não atingido: deposite mais {left} para sacar.',
      en: 'Required deposit not reached: deposit {left} more to withdraw.',
    },
  },
  /** No withdrawal with this id belongs to the member (or exists, for an operator). */
  withdrawal_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Saque não encontrado.', en: 'Withdrawal not found.' },
  },
  /** The cashier already decided (another operator was first), or the withdrawal is no longer waiting. */
  withdrawal_not_pending: {
    status: 409,
    messages: {
      'pt-BR': 'Este saque já foi decidido.',
      en: 'This withdrawal has already been decided.',
    },
  },
  /** Refund or close asked of a withdrawal that is not (or no longer) disputed: another operator settled it first. */
  withdrawal_not_disputed: {
    status: 409,
    messages: {
      'pt-BR': 'Este saque não está em contestação (talvez outro operador já a tenha resolvido).',
      en: 'This withdrawal is not disputed (another operator may have settled it already).',
    },
  },
  /** Retry or close asked of a payout the job has not given up on (or another operator acted first). */
  withdrawal_payout_not_given_up: {
    status: 409,
    messages: {
      'pt-BR':
        'O pagamento deste saque não está parado: as tentativas automáticas continuam ou outro operador já agiu.',
      en: 'This payout is not stuck: automatic retries are still going, or another operator acted first.',
    },
  },
  /** Closing as failed refused: the provider did pay; the withdrawal now waits for the member's confirmation. */
  withdrawal_payout_was_paid: {
    status: 409,
    messages: {
      'pt-BR':
        'O provedor confirmou este pagamento: o saque foi marcado como pago e não pode ser encerrado como falho.',
      en: 'The provider confirmed this payout: the withdrawal is now paid and cannot be closed as failed.',
    },
  },
  /** Closing as failed refused: the provider is still processing the payout. */
  withdrawal_payout_in_flight: {
    status: 409,
    messages: {
      'pt-BR': 'O provedor ainda está processando este pagamento. Tente de novo mais tarde.',
      en: 'The provider is still processing this payout. Try again later.',
    },
  },
  /** The payout is not waiting for the member's answer (not paid yet, or already answered or deemed received). */
  withdrawal_not_awaiting_confirmation: {
    status: 409,
    messages: {
      'pt-BR': 'Este saque não está aguardando confirmação.',
      en: 'This withdrawal is not awaiting confirmation.',
    },
  },
  /** "Not received" needs at least one proof image first. */
  withdrawal_proof_required: {
    status: 400,
    messages: {
      'pt-BR': 'Envie pelo menos um comprovante (imagem PNG ou JPG).',
      en: 'Send at least one proof (a PNG or JPG image).',
    },
  },
  /** Already as many proof images as allowed (`params.max`). */
  withdrawal_proof_limit: {
    status: 409,
    messages: {
      'pt-BR': 'No máximo {max} imagens por saque.',
      en: 'At most {max} images per withdrawal.',
    },
  },
  /** A partial answer's received amount must be above zero and below the withdrawal's amount. */
  withdrawal_received_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'O valor recebido deve ser maior que zero e menor que o valor do saque.',
      en: 'The amount received must be above zero and below the withdrawal amount.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof WITHDRAWAL_ERRORS> {}
}
