import { defineErrors, type CodesOf } from '../../../http/errors';

/** Error codes of the bonus wallet (docs/bonus.md; the catalogue's rules: http/errors.ts). */
export const BONUS_ERRORS = defineErrors({
  /** Under the br-regulated profile every bonus feature is off (Lei 14.790 art. 29, facts.md §4). */
  bonus_disabled: {
    status: 403,
    messages: {
      'pt-BR': 'Bônus não estão disponíveis neste site.',
      en: 'Bonuses are not available on this site.',
    },
  },
  /** No bonus of the member's has this id. */
  bonus_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Bônus não encontrado.', en: 'Bonus not found.' },
  },
  /** The bonus was already converted, forfeited or expired. */
  bonus_not_open: {
    status: 409,
    messages: {
      'pt-BR': 'Este bônus já foi encerrado.',
      en: 'This bonus is already closed.',
    },
  },
  /** A grant's amount, requirement or expiry is outside its bounds (params: detail). */
  bonus_grant_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Bônus inválido: {detail}.',
      en: 'Invalid bonus: {detail}.',
    },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof BONUS_ERRORS> {}
}
