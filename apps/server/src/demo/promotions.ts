import type { ServiceRegistry } from '../modules';
import { DEMO_MERCHANT_CODE } from './brand';

const DAY_MS = 86_400_000;

/**
 * The demo brand's promotions (docs/rewards.md), made through the rewards service as an
 * operator would in the console: a welcome bonus on the first deposit, a weekly cashback on net
 * losses, an application with proof, and a daily deposit reward members join. Seeded once: a
 * brand that has promotions keeps them.
 */
export async function seedDemoPromotions(services: Pick<ServiceRegistry, 'rewards'>) {
  const { rewards } = services;
  const existing = await rewards.admin.list(DEMO_MERCHANT_CODE);
  if (existing.promotions.some((p) => p.merchantCode === DEMO_MERCHANT_CODE)) return;
  const startsAt = new Date(Date.now() - DAY_MS).toISOString();
  const common = {
    merchantCode: DEMO_MERCHANT_CODE,
    startsAt,
    endsAt: null,
    enabled: true,
    thresholdMinor: 0,
    requiresJoin: false,
    claimMode: 'claim' as const,
    rewardFixedMinor: 0,
    rewardPercentBps: 0,
    rewardCapMinor: null,
    ticketKind: null,
    wageringMultiple: 0,
    wageringBase: 'bonus' as const,
    eligibility: 'all' as const,
  };
  await rewards.admin.create({
    ...common,
    category: 'welcome',
    sortOrder: 1,
    titles: { 'pt-BR': 'Bônus de boas-vindas de 100%', en: '100% welcome bonus' },
    summaries: {
      'pt-BR': 'Dobre o seu primeiro depósito: 100% em bônus até R$ 500.',
      en: 'Double your first deposit: a 100% bonus up to R$ 500.',
    },
    bodies: {
      'pt-BR':
        '<h3>Como funciona</h3><ul><li>Deposite a partir de R$ 50 pela primeira vez.</li><li>Resgate aqui 100% do valor em bônus, até R$ 500.</li><li>Aposte 10 vezes o bônus para convertê-lo em saldo sacável.</li></ul><p>Jogue com responsabilidade. +18.</p>',
      en: '<h3>How it works</h3><ul><li>Make your first deposit of R$ 50 or more.</li><li>Claim 100% of it here as a bonus, up to R$ 500.</li><li>Wager 10 times the bonus to turn it into withdrawable cash.</li></ul><p>Play responsibly. 18+.</p>',
    },
    trigger: 'first_deposit',
    thresholdMinor: 50_00,
    rewardKind: 'bonus',
    rewardCalc: 'percent',
    rewardPercentBps: 10_000,
    rewardCapMinor: 500_00,
    wageringMultiple: 10,
    periodType: 'once',
  });
  await rewards.admin.create({
    ...common,
    category: 'cashback',
    sortOrder: 2,
    titles: { 'pt-BR': 'Cashback semanal de 10%', en: '10% weekly cashback' },
    summaries: {
      'pt-BR': 'Perdeu na semana? Receba 10% de volta em dinheiro, até R$ 1.000.',
      en: 'A losing week? Get 10% back in cash, up to R$ 1,000.',
    },
    bodies: {
      'pt-BR':
        '<p>Somamos as suas perdas líquidas de segunda a domingo. A partir de R$ 50 de perda, resgate 10% em dinheiro, até R$ 1.000 por semana.</p>',
      en: '<p>We add up your net losses from Monday to Sunday. From R$ 50 of losses, claim 10% in cash, up to R$ 1,000 a week.</p>',
    },
    trigger: 'loss',
    thresholdMinor: 50_00,
    rewardKind: 'cash',
    rewardCalc: 'percent',
    rewardPercentBps: 1_000,
    rewardCapMinor: 1_000_00,
    periodType: 'weekly',
  });
  await rewards.admin.create({
    ...common,
    category: 'other',
    sortOrder: 3,
    titles: { 'pt-BR': 'Mande seu print e ganhe R$ 10', en: 'Send your screenshot, get R$ 10' },
    summaries: {
      'pt-BR': 'Compartilhe a Banca nas redes, envie o print e ganhe R$ 10 por semana.',
      en: 'Share Banca on social media, send the screenshot and get R$ 10 a week.',
    },
    bodies: {
      'pt-BR':
        '<p>Publique sobre a Banca em uma rede social, tire um print e envie aqui com um comentário. Nossa equipe analisa em até 24 horas.</p>',
      en: '<p>Post about Banca on a social network, take a screenshot and send it here with a comment. Our team reviews it within 24 hours.</p>',
    },
    trigger: 'application',
    claimMode: 'auto',
    rewardKind: 'cash',
    rewardCalc: 'fixed',
    rewardFixedMinor: 10_00,
    periodType: 'weekly',
  });
  await rewards.admin.create({
    ...common,
    category: 'deposit',
    sortOrder: 4,
    titles: { 'pt-BR': 'Recarga diária: 5% de volta', en: 'Daily top-up: 5% back' },
    summaries: {
      'pt-BR': 'Participe e, depositando R$ 100 no dia, receba 5% em pontos.',
      en: 'Join, deposit R$ 100 in a day and get 5% back in points.',
    },
    bodies: {
      'pt-BR': '<p>Clique em participar antes de depositar. Vale uma vez por dia.</p>',
      en: '<p>Press join before you deposit. Once a day.</p>',
    },
    trigger: 'deposit',
    requiresJoin: true,
    thresholdMinor: 100_00,
    rewardKind: 'points',
    rewardCalc: 'percent',
    rewardPercentBps: 500,
    rewardCapMinor: 100_00,
    periodType: 'daily',
  });
}
