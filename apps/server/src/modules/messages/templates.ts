import { formatMoney, type Language, type MessageKind } from '@banca/contracts';
import type { MessageParams } from './tables';

/**
 * The inbox's texts (docs/product.md §3 "Message types"): each kind a title and a body with the
 * amount and its second parameter, in pt-BR and en. Rendered when the member reads the inbox,
 * so the language is the one they use then.
 */
type Template = { title: string; body: string };
const TEMPLATES: Record<Language, Record<MessageKind, Template>> = {
  'pt-BR': {
    deposit_credited: {
      title: 'Depósito creditado',
      body: 'Seu depósito de {amount} via {detail} foi creditado no seu saldo.',
    },
    deposit_failed: {
      title: 'Depósito não concluído',
      body: 'Seu depósito de {amount} não foi concluído: {detail}. Nenhum valor foi cobrado.',
    },
    withdrawal_approved: {
      title: 'Saque aprovado',
      body: 'Seu saque nº {detail} de {amount} foi aprovado e está sendo pago.',
    },
    withdrawal_rejected: {
      title: 'Saque recusado',
      body: 'Seu saque de {amount} foi recusado: {detail}. O valor voltou para o seu saldo.',
    },
    withdrawal_refunded: {
      title: 'Saque: valor devolvido',
      body: 'Analisamos sua contestação e devolvemos {amount} ao seu saldo: {detail}.',
    },
    withdrawal_dispute_closed: {
      title: 'Saque: contestação encerrada',
      body: 'Analisamos sua contestação do saque de {amount} e a encerramos sem devolução: {detail}.',
    },
    cashback_credited: {
      title: 'Cashback creditado',
      body: 'Você recebeu {amount} de cashback sobre suas perdas de {detail}. O valor já está no seu saldo.',
    },
    rebate_credited: {
      title: 'Cashback manual creditado',
      body: 'Seu resgate nº {detail} de {amount} de cashback manual foi creditado no seu saldo.',
    },
    bonus_converted: {
      title: 'Bônus liberado',
      body: 'Você cumpriu o rollover do bônus nº {detail}: {amount} passaram para o seu saldo real.',
    },
    bonus_forfeited: {
      title: 'Bônus cancelado',
      body: 'Você abriu mão do bônus nº {detail}; {amount} saíram da sua carteira de bônus.',
    },
    bonus_expired: {
      title: 'Bônus expirado',
      body: 'O prazo do bônus nº {detail} terminou antes de o rollover ser cumprido; {amount} saíram da sua carteira de bônus.',
    },
    vip_level_changed: {
      title: 'Seu nível VIP mudou',
      body: 'Seu nível VIP agora é {detail}. Veja os benefícios do seu nível na página VIP.',
    },
    feedback_answered: {
      title: 'Respondemos à sua mensagem',
      body: 'Nossa equipe respondeu à sua mensagem de feedback: {detail}',
    },
  },
  en: {
    deposit_credited: {
      title: 'Deposit credited',
      body: 'Your {detail} deposit of {amount} has been credited to your balance.',
    },
    deposit_failed: {
      title: 'Deposit not completed',
      body: 'Your deposit of {amount} was not completed: {detail}. You were not charged.',
    },
    withdrawal_approved: {
      title: 'Withdrawal approved',
      body: 'Your withdrawal no. {detail} of {amount} was approved and is being paid out.',
    },
    withdrawal_rejected: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of {amount} was rejected: {detail}. The amount is back in your balance.',
    },
    withdrawal_refunded: {
      title: 'Withdrawal: amount refunded',
      body: 'We looked into your claim and refunded {amount} to your balance: {detail}.',
    },
    withdrawal_dispute_closed: {
      title: 'Withdrawal: claim closed',
      body: 'We looked into your claim about the withdrawal of {amount} and closed it without a refund: {detail}.',
    },
    cashback_credited: {
      title: 'Cashback credited',
      body: 'You received {amount} of cashback on your losses of {detail}. It is already in your balance.',
    },
    rebate_credited: {
      title: 'Manual cashback credited',
      body: 'Your manual cashback claim no. {detail} of {amount} has been credited to your balance.',
    },
    bonus_converted: {
      title: 'Bonus released',
      body: 'You met the wagering of bonus no. {detail}: {amount} moved to your cash balance.',
    },
    bonus_forfeited: {
      title: 'Bonus given up',
      body: 'You gave up bonus no. {detail}; {amount} left your bonus wallet.',
    },
    bonus_expired: {
      title: 'Bonus expired',
      body: 'Bonus no. {detail} expired before its wagering was met; {amount} left your bonus wallet.',
    },
    vip_level_changed: {
      title: 'Your VIP level changed',
      body: 'Your VIP level is now {detail}. See your level’s benefits on the VIP page.',
    },
    feedback_answered: {
      title: 'We answered your message',
      body: 'Our team answered your feedback: {detail}',
    },
  },
};

/** Second parameters that are codes, in words; anything else (an operator's reason) is shown as written. */
const DETAIL_WORDS: Record<Language, Partial<Record<MessageKind, Record<string, string>>>> = {
  'pt-BR': {
    deposit_credited: { pix: 'PIX', bank_transfer: 'transferência bancária' },
    deposit_failed: {
      expired: 'o prazo para pagar terminou',
      failed: 'o pagamento não foi confirmado',
      rejected: 'a transferência foi recusada',
    },
    withdrawal_rejected: { payout_failed: 'o pagamento não pôde ser enviado' },
  },
  en: {
    deposit_credited: { pix: 'PIX', bank_transfer: 'bank transfer' },
    deposit_failed: {
      expired: 'the time to pay ran out',
      failed: 'the payment was not confirmed',
      rejected: 'the transfer was rejected',
    },
    withdrawal_rejected: { payout_failed: 'the payout could not be sent' },
  },
};

/** A cashback's period, `<first day>/<last day>` (yyyy-mm-dd), as the reader writes dates. */
function periodInWords(detail: string, language: Language): string {
  const days = detail.split('/');
  if (days.length !== 2 || !days.every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))) return detail;
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' });
  const [first, last] = days.map((day) => format.format(new Date(`${day}T00:00:00Z`)));
  return first === last ? first! : `${first} – ${last}`;
}

export function renderMessage(
  kind: MessageKind,
  params: MessageParams,
  language: Language,
): { title: string; content: string } {
  const template = TEMPLATES[language][kind];
  const detail =
    kind === 'cashback_credited'
      ? periodInWords(params.detail, language)
      : (DETAIL_WORDS[language][kind]?.[params.detail] ?? params.detail);
  const amount = formatMoney(params.amountMinor, params.currency, language);
  // One pass over the template, so a value that contains "{amount}" is never expanded again.
  const content = template.body.replace(/\{(amount|detail)\}/g, (_, name: string) =>
    name === 'amount' ? amount : detail,
  );
  return { title: template.title, content };
}
