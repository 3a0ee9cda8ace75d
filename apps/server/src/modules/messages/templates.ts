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

export function renderMessage(
  kind: MessageKind,
  params: MessageParams,
  language: Language,
): { title: string; content: string } {
  const template = TEMPLATES[language][kind];
  const detail = DETAIL_WORDS[language][kind]?.[params.detail] ?? params.detail;
  const amount = formatMoney(params.amountMinor, params.currency, language);
  // One pass over the template, so a value that contains "{amount}" is never expanded again.
  const content = template.body.replace(/\{(amount|detail)\}/g, (_, name: string) =>
    name === 'amount' ? amount : detail,
  );
  return { title: template.title, content };
}
