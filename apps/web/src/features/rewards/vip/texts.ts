import type { Language } from '@banca/contracts';

/** The VIP page's and card's texts (pt-BR first), beside the part like the bonus pages' texts. */
const TEXTS = {
  'pt-BR': {
    title: 'VIP',
    subtitle: 'Suba de nível com seus depósitos e apostas válidas e ganhe mais benefícios.',
    cardTitle: 'Seu nível VIP',
    level: 'Nível',
    next: 'Próximo nível: {name}',
    top: 'Você está no nível mais alto.',
    missingDeposit: 'Faltam {amount} em depósitos',
    missingBet: 'Faltam {amount} em apostas válidas',
    figures: 'No período: {deposit} depositados, {bets} em apostas válidas',
    window: { rolling: 'Período: últimos {days} dias', month: 'Período: o mês corrente' },
    requirement: {
      all: 'É preciso cumprir todos os requisitos do nível.',
      any: 'Basta cumprir um dos requisitos do nível.',
    },
    off: 'O programa VIP não está disponível.',
    table: 'Níveis e benefícios',
    columns: {
      level: 'Nível',
      deposit: 'Depósitos',
      bets: 'Apostas válidas',
      levelUp: 'Bônus de subida',
      weekly: 'Semanal',
      monthly: 'Mensal',
      cashback: 'Cashback',
    },
    current: 'Seu nível',
    seeAll: 'Ver níveis e benefícios',
  },
  en: {
    title: 'VIP',
    subtitle: 'Level up with your deposits and valid bets and earn more benefits.',
    cardTitle: 'Your VIP level',
    level: 'Level',
    next: 'Next level: {name}',
    top: 'You are at the highest level.',
    missingDeposit: '{amount} of deposits to go',
    missingBet: '{amount} of valid bets to go',
    figures: 'In the period: {deposit} deposited, {bets} of valid bets',
    window: { rolling: 'Period: the last {days} days', month: 'Period: the current month' },
    requirement: {
      all: 'Every requirement of a level must be met.',
      any: 'Any one requirement of a level is enough.',
    },
    off: 'The VIP programme is not available.',
    table: 'Levels and benefits',
    columns: {
      level: 'Level',
      deposit: 'Deposits',
      bets: 'Valid bets',
      levelUp: 'Level-up bonus',
      weekly: 'Weekly',
      monthly: 'Monthly',
      cashback: 'Cashback',
    },
    current: 'Your level',
    seeAll: 'See levels and benefits',
  },
} as const;

export function vipTexts(language: Language) {
  return language === 'en' ? TEXTS.en : TEXTS['pt-BR'];
}

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
