import { defineErrors } from '../../http/errors';

/** Error codes of amounts, balances, transfers and records (the catalogue's rules: http/errors.ts). */
export const WALLET_ERRORS = defineErrors({
  // ── wallet ──────────────────────────────────────────────────────────────────
  /** The amount is not a positive number with at most two decimals, or is beyond the limit. */
  invalid_amount: {
    status: 400,
    messages: {
      'pt-BR': 'Valor inválido: use um número positivo com no máximo duas casas decimais.',
      en: 'Invalid amount: use a positive number with at most two decimals.',
    },
  },
  /** The source wallet has less than the amount; `data.balanceMinor` is what it holds. */
  insufficient_funds: {
    status: 400,
    messages: { 'pt-BR': 'Saldo insuficiente.', en: 'Insufficient balance.' },
  },
  /** A vendor's round changed between the check of its rules and the write (the caller reads again). */
  bet_round_changed: {
    status: 409,
    messages: {
      'pt-BR': 'A rodada mudou enquanto a operação era registrada; tente de novo.',
      en: 'The round changed while the operation was being recorded; try again.',
    },
  },
  /** The same idempotency key was sent before with a different amount or account. */
  idempotency_conflict: {
    status: 409,
    messages: {
      'pt-BR': 'Esta operação já foi registrada com outros dados.',
      en: 'This operation was already recorded with different data.',
    },
  },
  /** The wallet (accountTypeId) does not exist for this member, or is the same on both sides. */
  unknown_wallet: {
    status: 400,
    messages: { 'pt-BR': 'Carteira inválida.', en: 'Invalid wallet.' },
  },
  /** The brand runs a single wallet: there is nothing to transfer between. */
  single_wallet_brand: {
    status: 400,
    messages: {
      'pt-BR': 'Este site usa uma carteira única.',
      en: 'This site uses a single wallet.',
    },
  },
  /**
   * A transfer into a vendor's own wallet that only the bonus wallet could cover: bonus money
   * never goes to a transfer-wallet vendor (docs/bonus.md). `data`: the cash and bonus balances.
   */
  bonus_not_transferable: {
    status: 409,
    messages: {
      'pt-BR':
        'O saldo de bônus não pode ir para a carteira deste jogo: só o saldo em dinheiro é transferido.',
      en: 'Bonus money cannot go to this game’s wallet: only your cash balance is transferred.',
    },
  },
  /** A date range is reversed or longer than allowed. */
  invalid_date_range: {
    status: 400,
    messages: {
      'pt-BR': 'Período inválido (máximo de {maxDays} dias).',
      en: 'Invalid period (at most {maxDays} days).',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof WALLET_ERRORS> {}
}
