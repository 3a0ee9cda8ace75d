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
  /** A chat picture that is not a PNG, JPEG or WebP of at most {maxMb} MB (checked by its bytes). */
  support_bad_image: {
    status: 400,
    messages: {
      'pt-BR': 'A imagem deve ser PNG, JPG ou WebP de até {maxMb} MB.',
      en: 'The picture must be a PNG, JPG or WebP of at most {maxMb} MB.',
    },
  },
  /** No picture on this line, or the line is not in the caller's conversation. */
  support_image_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Imagem não encontrada.', en: 'Picture not found.' },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this part's codes
  interface ErrorRegistry extends CodesOf<typeof SUPPORT_ERRORS> {}
}
