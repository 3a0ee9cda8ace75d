/**
 * Português (Brasil), the support chat part (docs/support.md): loaded with the member's chat and
 * with the console's support desk.
 */
export const ptBRSupport = {
  support: {
    chat: {
      title: 'Atendimento',
      subtitle: 'Nossa equipe responde por aqui',
      close: 'Fechar o chat',
      empty: 'Como podemos ajudar?',
      emptyHint:
        'Conte sua dúvida sobre depósitos, saques, bônus ou jogos. A resposta chega aqui, mesmo se você navegar pelo site.',
      placeholder: 'Escreva sua mensagem…',
      hint: 'Enter envia · Shift+Enter quebra a linha',
      send: 'Enviar',
      remaining_one: 'Resta {{count}} caractere',
      remaining_other: 'Restam {{count}} caracteres',
      older: 'Ver mensagens anteriores',
      you: 'Você',
      team: 'Suporte',
      closedNotice:
        'Esta conversa foi encerrada. Se precisar de algo, é só escrever: ela será reaberta.',
      loadError: 'Não foi possível carregar a conversa.',
      retry: 'Tentar novamente',
      unread_one: '{{count}} resposta do suporte não lida',
      unread_other: '{{count}} respostas do suporte não lidas',
      thread: 'Mensagens da conversa',
    },
    desk: {
      subtitle: 'Conversas dos jogadores com o suporte do site.',
      summary: '{{open}} abertas · {{unread}} com mensagens não lidas',
      status: 'Situação',
      statuses: { open: 'Aberta', closed: 'Encerrada', all: 'Todas' },
      unreadOnly: 'Só com mensagens não lidas',
      search: 'Jogador',
      searchPlaceholder: 'Início do usuário',
      columns: {
        member: 'Jogador',
        status: 'Situação',
        unread: 'Não lidas',
        lastMessage: 'Última mensagem',
        lastMessageAt: 'Atualizada',
        createdAt: 'Aberta em',
      },
      fromStaff: 'Equipe: {{text}}',
      conversationTitle: 'Conversa com {{username}}',
      memberRef: 'Jogador #{{id}} · {{brand}}',
      placeholder: 'Responder ao jogador…',
      reply: 'Responder',
      closeConversation: 'Encerrar conversa',
      closed: 'Conversa encerrada.',
      closedNotice: 'Conversa encerrada. Ela reabre quando o jogador escrever de novo.',
      staff: 'Equipe',
    },
  },
};
