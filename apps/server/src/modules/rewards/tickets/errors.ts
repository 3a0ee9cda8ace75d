import { defineErrors, type CodesOf } from '../../../http/errors';

/** Error codes of reward tickets (docs/rewards.md "Tickets"; the catalogue's rules: http/errors.ts). */
export const TICKET_ERRORS = defineErrors({
  /** No ticket of the member's has this id (another member's answers the same). */
  ticket_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Bilhete não encontrado.', en: 'Ticket not found.' },
  },
  /** The ticket was already opened (a second draw of it, even one sent at the same time). */
  ticket_already_drawn: {
    status: 409,
    messages: {
      'pt-BR': 'Este bilhete já foi aberto.',
      en: 'This ticket has already been opened.',
    },
  },
  /** The ticket's expiry passed before it was drawn. */
  ticket_expired: {
    status: 409,
    messages: { 'pt-BR': 'Este bilhete expirou.', en: 'This ticket has expired.' },
  },
  /** Under br-regulated bonus tickets and bonus prizes are off (Lei 14.790 art. 29). */
  ticket_bonus_forbidden: {
    status: 403,
    messages: {
      'pt-BR': 'Prêmios em bônus não estão disponíveis neste site.',
      en: 'Bonus prizes are not available on this site.',
    },
  },
  /** The brand has no prize table for this kind of ticket (an operator must configure one). */
  ticket_no_prizes: {
    status: 409,
    messages: {
      'pt-BR': 'Não há prêmios configurados para este tipo de bilhete.',
      en: 'No prizes are configured for this kind of ticket.',
    },
  },
  /** A prize table or a reward of tickets breaks a rule (params: detail). */
  ticket_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Bilhete ou tabela de prêmios inválida: {detail}.',
      en: 'Invalid ticket or prize table: {detail}.',
    },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof TICKET_ERRORS> {}
}
