import { defineErrors } from '../../http/errors';

/** Error codes of the site state: maintenance and region restriction (the catalogue's rules: http/errors.ts). */
export const SYSTEM_ERRORS = defineErrors({
  // ── site state ──────────────────────────────────────────────────────────────
  /** The brand is in maintenance; only the status endpoints answer. */
  site_maintenance: {
    status: 503,
    messages: {
      'pt-BR': 'O site está em manutenção. Volte em breve.',
      en: 'The site is under maintenance. Please come back soon.',
    },
  },
  /** The visitor's IP is outside the regions the brand serves. */
  region_restricted: {
    status: 403,
    messages: {
      'pt-BR': 'Desculpe, o acesso a partir do seu IP ({ip}) não é permitido.',
      en: 'Sorry, access from your IP ({ip}) is not allowed.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof SYSTEM_ERRORS> {}
}
