import { defineErrors, type CodesOf } from '../../http/errors';

/** Error codes of the console's member desks (the catalogue's rules: http/errors.ts). */
export const BACKOFFICE_ERRORS = defineErrors({
  /** No member has this id (or the account is closed for good). */
  member_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Jogador não encontrado.', en: 'Player not found.' },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof BACKOFFICE_ERRORS> {}
}
