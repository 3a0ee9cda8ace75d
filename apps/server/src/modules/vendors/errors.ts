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
  // ── vendors: the operator's Vendors desk (desk-routes.ts) ──────────────────────
  /** No integration of this vendor for this brand. */
  vendor_integration_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Esta marca não tem integração com este provedor.',
      en: 'This brand has no integration with this vendor.',
    },
  },
  /** "Add integration": no vendor of this code in the catalogue. */
  vendor_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Não há provedor com este código no catálogo.',
      en: 'There is no vendor with this code in the catalogue.',
    },
  },
  /** "Add integration": no brand of this merchant code. */
  vendor_brand_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Marca não encontrada.',
      en: 'Brand not found.',
    },
  },
  /** "Add integration": the brand has an integration with this vendor already (edit it instead). */
  vendor_integration_exists: {
    status: 409,
    messages: {
      'pt-BR': 'Esta marca já tem integração com este provedor; edite a integração existente.',
      en: 'This brand already has an integration with this vendor; edit the existing one.',
    },
  },
  /** The launch URL template is not an http(s) address with {token} and known placeholders only. */
  vendor_launch_template_invalid: {
    status: 400,
    messages: {
      'pt-BR':
        'Modelo de URL de lançamento inválido: use um endereço http(s) com {token}; marcadores permitidos: {token}, {game}, {vendor}, {lang}, {currency}, {lobby}.',
      en: 'Invalid launch URL template: use an http(s) address with {token}; allowed placeholders: {token}, {game}, {vendor}, {lang}, {currency}, {lobby}.',
    },
  },
  /** Transfer mode for a vendor the catalogue gives no transfer wallet. */
  vendor_wallet_mode_unsupported: {
    status: 409,
    messages: {
      'pt-BR':
        'Este provedor não tem carteira própria no catálogo: só o modo integrado (carteira principal) é possível.',
      en: 'This vendor has no wallet of its own in the catalogue: only seamless mode (the main wallet) is possible.',
    },
  },
  /** The transfer API address is not an http(s) URL. */
  vendor_transfer_url_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'O endereço da API de transferências deve ser uma URL http(s) válida.',
      en: 'The transfer API address must be a valid http(s) URL.',
    },
  },
  /** No API key with this id. */
  vendor_key_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Chave de API não encontrada.',
      en: 'API key not found.',
    },
  },
  /** The key was revoked already. */
  vendor_key_already_revoked: {
    status: 409,
    messages: {
      'pt-BR': 'Esta chave de API já foi revogada.',
      en: 'This API key has already been revoked.',
    },
  },
  /** No transfer with this id. */
  vendor_transfer_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Transferência não encontrada.',
      en: 'Transfer not found.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof VENDORS_ERRORS> {}
}
