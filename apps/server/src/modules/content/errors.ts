import { defineErrors, type CodesOf } from '../../http/errors';

/** Error codes of the content module (the catalogue's rules: http/errors.ts). */
export const CONTENT_ERRORS = defineErrors({
  /** Feedback text outside its bounds (params: min, max characters). */
  feedback_length: {
    status: 400,
    messages: {
      'pt-BR': 'A mensagem deve ter entre {min} e {max} caracteres.',
      en: 'The message must be between {min} and {max} characters long.',
    },
  },
  /** The attached file is not a PNG or JPEG image of at most {maxMb} MB (checked by its bytes). */
  feedback_bad_image: {
    status: 400,
    messages: {
      'pt-BR': 'A imagem deve ser PNG ou JPG de até {maxMb} MB.',
      en: 'The image must be a PNG or JPG of at most {maxMb} MB.',
    },
  },
  /** The member already has this many feedbacks waiting for an answer (param: max). */
  feedback_too_many_open: {
    status: 429,
    messages: {
      'pt-BR': 'Você já tem {max} mensagens aguardando resposta. Aguarde nossa equipe responder.',
      en: 'You already have {max} messages waiting for an answer. Please wait for our team to reply.',
    },
  },
  /** No feedback with this number (for this member, or at all in the console). */
  feedback_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Mensagem não encontrada.',
      en: 'Message not found.',
    },
  },
  /** The feedback was already answered or closed: nothing changed. */
  feedback_closed: {
    status: 409,
    messages: {
      'pt-BR': 'Esta mensagem já foi respondida ou encerrada.',
      en: 'This message has already been answered or closed.',
    },
  },
  /** No banner, announcement or help topic with this number. */
  content_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Conteúdo não encontrado.',
      en: 'Content not found.',
    },
  },
  /** A banner's link does not fit its kind: a site path for `route`, an https address for `external`. */
  content_bad_link: {
    status: 400,
    messages: {
      'pt-BR': 'Link inválido: use um caminho do site (/…) ou um endereço https://.',
      en: 'Invalid link: use a site path (/…) or an https:// address.',
    },
  },
  /** A schedule that ends before it starts. */
  content_bad_schedule: {
    status: 400,
    messages: {
      'pt-BR': 'O fim da exibição deve ser depois do início.',
      en: 'The end of the schedule must be after its start.',
    },
  },
  /** Sanitising left nothing of a help article's text. */
  content_empty_body: {
    status: 400,
    messages: {
      'pt-BR': 'O texto ficou vazio depois de remover o HTML não permitido.',
      en: 'The text is empty once disallowed HTML is removed.',
    },
  },
  /** An uploaded banner image is not a PNG, JPEG or WebP of at most {maxMb} MB (checked by its bytes). */
  content_bad_image: {
    status: 400,
    messages: {
      'pt-BR': 'A imagem do banner deve ser PNG, JPG ou WebP de até {maxMb} MB.',
      en: 'The banner image must be a PNG, JPG or WebP of at most {maxMb} MB.',
    },
  },
  /** The console named a brand that does not exist. */
  content_unknown_brand: {
    status: 400,
    messages: {
      'pt-BR': 'Marca desconhecida.',
      en: 'Unknown brand.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof CONTENT_ERRORS> {}
}
