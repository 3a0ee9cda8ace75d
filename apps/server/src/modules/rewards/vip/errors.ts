import { defineErrors, type CodesOf } from '../../../http/errors';

/** Error codes of the VIP levels' console (docs/loyalty.md "VIP"). */
export const VIP_ERRORS = defineErrors({
  /** The levels' ranks must start at 0, be distinct and climb in thresholds. */
  vip_levels_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Níveis VIP inválidos: {detail}.',
      en: 'Invalid VIP levels: {detail}.',
    },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof VIP_ERRORS> {}
}
