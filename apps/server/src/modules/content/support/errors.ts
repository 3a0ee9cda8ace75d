import { defineErrors, type CodesOf } from '../../../http/errors';

/** Error codes of the support chat (docs/support.md; the catalogue's rules: http/errors.ts). */
export const SUPPORT_ERRORS = defineErrors({
  /** No conversation has this id. */
  support_conversation_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Conversa não encontrada.', en: 'Conversation not found.' },
  },
  /** The conversation was closed: the member's next message opens it again. */
  support_conversation_closed: {
    status: 409,
    messages: {
      'pt-BR': 'Esta conversa já foi encerrada.',
      en: 'This conversation is already closed.',
    },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this part's codes
  interface ErrorRegistry extends CodesOf<typeof SUPPORT_ERRORS> {}
}
