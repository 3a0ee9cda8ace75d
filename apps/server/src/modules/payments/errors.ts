import { defineErrors } from '../../http/errors';

/** Error codes of deposits and payment providers (the catalogue's rules: http/errors.ts). */
export const PAYMENTS_ERRORS = defineErrors({
  // ── deposits ────────────────────────────────────────────────────────────────
  /** The channel does not exist for this brand, or is switched off. */
  payment_channel_unavailable: {
    status: 400,
    messages: {
      'pt-BR': 'Este meio de depósito não está disponível.',
      en: 'This deposit method is not available.',
    },
  },
  /** The settings desk names a brand this platform does not have. */
  cashier_brand_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Marca não encontrada.', en: 'Brand not found.' },
  },
  /** The settings desk names a channel the brand does not have. */
  payment_channel_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Meio de depósito não encontrado.',
      en: 'Deposit channel not found.',
    },
  },
  /** Limits that contradict each other: a minimum above its maximum, a quick amount outside them. */
  cashier_limits_invalid: {
    status: 400,
    messages: {
      'pt-BR':
        'Limites inconsistentes: o mínimo não pode passar do máximo, e os valores rápidos ficam entre os dois.',
      en: 'Inconsistent limits: the minimum cannot exceed the maximum, and quick amounts must lie between them.',
    },
  },
  /** The amount is below the channel's minimum or above its maximum (`params` min and max, formatted). */
  deposit_amount_out_of_range: {
    status: 400,
    messages: {
      'pt-BR': 'O valor deve estar entre {min} e {max}.',
      en: 'The amount must be between {min} and {max}.',
    },
  },
  /** The member already has as many open deposits as allowed; pay or let one expire first. */
  too_many_pending_deposits: {
    status: 429,
    messages: {
      'pt-BR': 'Você já tem {max} depósitos em aberto. Pague ou aguarde a expiração de um deles.',
      en: 'You already have {max} open deposits. Pay one or wait for it to expire.',
    },
  },
  /** No deposit with this id belongs to the member (or to the brand, for an operator). */
  deposit_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Depósito não encontrado.', en: 'Deposit not found.' },
  },
  /** The deposit is no longer waiting (already credited, failed or expired). */
  deposit_not_pending: {
    status: 409,
    messages: {
      'pt-BR': 'Este depósito não está mais em aberto.',
      en: 'This deposit is no longer open.',
    },
  },
  /** A receipt was asked of a deposit that is not a manual bank transfer. */
  deposit_not_bank_transfer: {
    status: 400,
    messages: {
      'pt-BR': 'Comprovantes só são enviados para transferências bancárias.',
      en: 'Receipts are only sent for bank transfers.',
    },
  },
  /** An operator approved a transfer whose receipt has not been uploaded. */
  deposit_receipt_missing: {
    status: 409,
    messages: {
      'pt-BR': 'O comprovante ainda não foi enviado.',
      en: 'The receipt has not been uploaded yet.',
    },
  },
  /** The file is not a PNG or JPEG image by its bytes, or is larger than 5 MB. */
  receipt_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Envie uma imagem PNG ou JPG de até {maxMb} MB.',
      en: 'Send a PNG or JPG image of at most {maxMb} MB.',
    },
  },
  // ── providers ───────────────────────────────────────────────────────────────
  /** The payment provider could not be reached or refused the charge; nothing was charged. */
  payment_provider_unavailable: {
    status: 503,
    messages: {
      'pt-BR': 'O serviço de pagamento não respondeu. Tente de novo em instantes.',
      en: 'The payment service did not answer. Try again in a moment.',
    },
  },
  /** A provider's notification is not of the shape its protocol defines. */
  webhook_payload_invalid: {
    status: 400,
    messages: { 'pt-BR': 'Notificação inválida.', en: 'Invalid notification.' },
  },
  /** A notification names a charge or payout this platform never made. */
  webhook_unknown_reference: {
    status: 404,
    messages: {
      'pt-BR': 'Cobrança ou pagamento desconhecido.',
      en: 'Unknown charge or payout.',
    },
  },
  /** A notification's amount differs from the charge's: recorded for an operator, nothing credited. */
  webhook_amount_mismatch: {
    status: 422,
    messages: {
      'pt-BR': 'O valor notificado não confere com a cobrança.',
      en: 'The notified amount does not match the charge.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof PAYMENTS_ERRORS> {}
}
