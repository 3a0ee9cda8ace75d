import { defineErrors } from '../../http/errors';

/** Error codes of transfers to and from transfer-wallet vendors (the catalogue's rules: http/errors.ts). */
export const VENDORS_ERRORS = defineErrors({
  // ── vendors: transfer wallets ───────────────────────────────────────────────
  /** The game provider refused the transfer (or is closed for transfers in); nothing was moved. */
  vendor_transfer_refused: {
    status: 409,
    messages: {
      'pt-BR': 'O provedor do jogo recusou a transferência; nenhum valor foi movido.',
      en: 'The game provider refused the transfer; no money was moved.',
    },
  },
  /**
   * The game provider did not answer in time: the outcome is being confirmed (a job asks the
   * provider by the transfer's id). A retry with the same Idempotency-Key moves nothing twice.
   */
  vendor_transfer_pending: {
    status: 503,
    messages: {
      'pt-BR':
        'A transferência está sendo confirmada com o provedor do jogo; os saldos serão atualizados em instantes.',
      en: 'The transfer is being confirmed with the game provider; the balances will update shortly.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof VENDORS_ERRORS> {}
}
