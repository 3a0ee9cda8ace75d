import type { ServiceRegistry } from '../modules';
import { DEMO_MERCHANT_CODE } from './brand';

/**
 * The demo brand's VIP levels, points rules and mall goods (docs/loyalty.md), made through the
 * rewards services as an operator would in the console. Seeded once: a brand that has levels or
 * goods keeps them.
 */
export async function seedDemoLoyalty(services: Pick<ServiceRegistry, 'vip' | 'points'>) {
  const { vip, points } = services;
  const current = await vip.admin.view(DEMO_MERCHANT_CODE);
  if (current.levels.length === 0) {
    const level = (
      rank: number,
      name: string,
      validBetMinor: number,
      depositMinor: number,
      rewards: { levelUp: number; weekly: number; monthly: number; cashbackBp: number },
    ) => ({
      rank,
      name,
      depositMinor,
      validBetMinor,
      // Half of the way up keeps the level.
      keepDepositMinor: Math.floor(depositMinor / 2),
      keepValidBetMinor: Math.floor(validBetMinor / 2),
      levelUpRewardMinor: rewards.levelUp,
      weeklyRewardMinor: rewards.weekly,
      monthlyRewardMinor: rewards.monthly,
      cashbackRateBp: rewards.cashbackBp,
    });
    await vip.admin.save({
      merchantCode: DEMO_MERCHANT_CODE,
      settings: { enabled: true, period: 'rolling', rollingDays: 30, requirement: 'all' },
      levels: [
        level(0, 'Bronze', 0, 0, { levelUp: 0, weekly: 0, monthly: 0, cashbackBp: 0 }),
        level(1, 'Prata', 1_000_00, 0, { levelUp: 10_00, weekly: 0, monthly: 0, cashbackBp: 200 }),
        level(2, 'Ouro', 10_000_00, 1_000_00, {
          levelUp: 50_00,
          weekly: 10_00,
          monthly: 0,
          cashbackBp: 300,
        }),
        level(3, 'Platina', 50_000_00, 5_000_00, {
          levelUp: 200_00,
          weekly: 30_00,
          monthly: 100_00,
          cashbackBp: 500,
        }),
        level(4, 'Diamante', 200_000_00, 20_000_00, {
          levelUp: 1_000_00,
          weekly: 100_00,
          monthly: 500_00,
          cashbackBp: 800,
        }),
      ],
    });
  }
  const rules = await points.admin.settings(DEMO_MERCHANT_CODE);
  if (!rules.enabled)
    await points.admin.saveSettings({
      merchantCode: DEMO_MERCHANT_CODE,
      enabled: true,
      // Points per R$ 100 of valid bets: slots and house games earn the most, live and sports less.
      rates: {
        RNG: 100,
        BGS: 100,
        FISH: 100,
        LIVE: 50,
        SPORTS: 50,
        ESPORTS: 50,
        PVP: 50,
        ELOTT: 50,
      },
      exchangeRates: [
        { minPoints: 100, pointsPerUnit: 100 },
        { minPoints: 10_000, pointsPerUnit: 80 },
      ],
    });
  if ((await points.admin.goodsList(DEMO_MERCHANT_CODE)).length > 0) return;
  const goods = [
    {
      kind: 'cash',
      names: { 'pt-BR': 'Vale R$ 5', en: 'R$ 5 voucher' },
      descriptions: { 'pt-BR': 'Creditado no seu saldo.', en: 'Credited to your balance.' },
      pointsCost: 500,
      valueMinor: 5_00,
      stock: null,
    },
    {
      kind: 'cash',
      names: { 'pt-BR': 'Vale R$ 20', en: 'R$ 20 voucher' },
      descriptions: { 'pt-BR': 'Creditado no seu saldo.', en: 'Credited to your balance.' },
      pointsCost: 1_800,
      valueMinor: 20_00,
      stock: null,
    },
    {
      kind: 'bonus',
      names: { 'pt-BR': 'Bônus R$ 10 (rollover 5x)', en: 'R$ 10 bonus (5x wagering)' },
      descriptions: {
        'pt-BR': 'Aposte 5 vezes o bônus para sacar.',
        en: 'Wager the bonus 5 times to withdraw it.',
      },
      pointsCost: 800,
      valueMinor: 10_00,
      wageringMultiple: 5,
      stock: 500,
    },
    {
      kind: 'physical',
      names: { 'pt-BR': 'Camiseta Banca', en: 'Banca T-shirt' },
      descriptions: {
        'pt-BR': 'Camiseta oficial, entregue no endereço informado.',
        en: 'The official T-shirt, shipped to the address you give.',
      },
      pointsCost: 5_000,
      stock: 50,
    },
    {
      kind: 'physical',
      names: { 'pt-BR': 'Fone Bluetooth', en: 'Bluetooth headphones' },
      descriptions: {
        'pt-BR': 'Fone sem fio com estojo de carga.',
        en: 'Wireless earbuds with a charging case.',
      },
      pointsCost: 20_000,
      amountRequirementMinor: 1_000_00,
      stock: 10,
    },
  ] as const;
  for (const [index, item] of goods.entries())
    await points.admin.createGoods(DEMO_MERCHANT_CODE, { ...item, sortOrder: index });
}
