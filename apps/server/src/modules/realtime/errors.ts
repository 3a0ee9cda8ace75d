import { defineErrors } from '../../http/errors';

/** Error codes the realtime socket sends in its `error` frame before closing (docs/realtime.md). */
export const REALTIME_ERRORS = defineErrors({
  // ── realtime ────────────────────────────────────────────────────────────────
  /** The socket's session was ended (logout, ended from another device, expired). */
  session_ended: {
    status: 401,
    messages: {
      'pt-BR': 'Sua sessão terminou. Entre novamente.',
      en: 'Your session has ended. Please log in again.',
    },
  },
  /** The client sent something that is not a frame of the protocol. */
  realtime_bad_frame: {
    status: 400,
    messages: {
      'pt-BR': 'Mensagem inválida na conexão em tempo real.',
      en: 'Invalid message on the realtime connection.',
    },
  },
  /** No authentication frame arrived in time after the socket opened. */
  realtime_auth_timeout: {
    status: 408,
    messages: {
      'pt-BR': 'A conexão em tempo real não se identificou a tempo.',
      en: 'The realtime connection did not identify itself in time.',
    },
  },
  /** A subscribe to a topic the server does not have. */
  realtime_unknown_topic: {
    status: 404,
    messages: {
      'pt-BR': 'Este canal ao vivo não existe.',
      en: 'This live channel does not exist.',
    },
  },
  /** A subscribe over the topics one socket may follow (MAX_TOPICS_PER_SOCKET). */
  realtime_topic_limit: {
    status: 429,
    messages: {
      'pt-BR': 'Esta conexão já acompanha o máximo de canais ao vivo.',
      en: 'This connection already follows the most live channels it may.',
    },
  },
  /** A guarded topic (`support.desk`) without a valid key: the socket stays open. */
  realtime_topic_forbidden: {
    status: 403,
    messages: {
      'pt-BR': 'Sem permissão para acompanhar este canal ao vivo.',
      en: 'Not allowed to follow this live channel.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof REALTIME_ERRORS> {}
}
