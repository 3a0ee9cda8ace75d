import type { TicketKind, TicketPrize } from '@banca/contracts';
import type { ServiceRegistry } from '../modules';
import { DEMO_MERCHANT_CODE } from './brand';

const DAY_MS = 86_400_000;
const cash = (amountMinor: number, weight: number): TicketPrize => ({
  prizeKind: 'cash',
  amountMinor,
  wageringMultiple: 0,
  weight,
});
const bonus = (amountMinor: number, wageringMultiple: number, weight: number): TicketPrize => ({
  prizeKind: 'bonus',
  amountMinor,
  wageringMultiple,
  weight,
});
const points = (amountMinor: number, weight: number): TicketPrize => ({
  prizeKind: 'points',
  amountMinor,
  wageringMultiple: 0,
  weight,
});
const nothing = (weight: number): TicketPrize => ({
  prizeKind: 'nothing',
  amountMinor: 0,
  wageringMultiple: 0,
  weight,
});

/**
 * The demo brand's prize tables (docs/rewards.md "Tickets"): about R$ 2–4 of expected cost per
 * ticket, small prizes likely and a rare large one. Days a ticket stays drawable: 30.
 */
export const DEMO_TICKET_TABLES: Record<TicketKind, TicketPrize[]> = {
  egg: [cash(1_00, 40), points(50_00, 25), cash(5_00, 15), nothing(16), cash(20_00, 4)],
  red_envelope: [
    cash(2_00, 50),
    cash(5_00, 30),
    bonus(10_00, 5, 12),
    cash(10_00, 6),
    cash(50_00, 2),
  ],
  prize_wheel: [
    cash(1_00, 30),
    points(100_00, 20),
    nothing(20),
    cash(5_00, 15),
    bonus(10_00, 5, 10),
    cash(50_00, 5),
  ],
  bonus: [bonus(5_00, 5, 60), bonus(10_00, 5, 30), bonus(25_00, 10, 10)],
  points: [points(50_00, 50), points(100_00, 35), points(500_00, 15)],
};

/**
 * Demo tickets: the prize table of every kind (bonus prizes left out where bonuses are off),
 * and a promotion that gives each new member one spin of the prize wheel. Seeded once: a brand
 * with a configured table keeps its own.
 */
export async function seedDemoTickets(services: Pick<ServiceRegistry, 'rewards' | 'tickets'>) {
  const { tickets, rewards } = services;
  const current = await tickets.admin.tables(DEMO_MERCHANT_CODE);
  if (current.tables.some((table) => table.prizes.length > 0)) return;
  for (const [kind, prizes] of Object.entries(DEMO_TICKET_TABLES) as [
    TicketKind,
    TicketPrize[],
  ][]) {
    const allowed = current.bonusForbidden ? prizes.filter((p) => p.prizeKind !== 'bonus') : prizes;
    if (allowed.length === 0) continue;
    await tickets.admin.saveTable(kind, {
      merchantCode: DEMO_MERCHANT_CODE,
      validDays: 30,
      prizes: allowed,
    });
  }
  await rewards.admin.create({
    merchantCode: DEMO_MERCHANT_CODE,
    category: 'welcome',
    sortOrder: 5,
    titles: { 'pt-BR': 'Gire a roleta de boas-vindas', en: 'Spin the welcome wheel' },
    summaries: {
      'pt-BR': 'Cadastrou, ganhou: um giro na roleta de prêmios, com até R$ 50 em dinheiro.',
      en: 'Sign up and get a spin of the prize wheel, with up to R$ 50 in cash.',
    },
    bodies: {
      'pt-BR':
        '<p>Todo novo cadastro recebe um giro na roleta de prêmios. Abra em <strong>Central de recompensas</strong>: o sorteio é comprovadamente justo e você pode verificá-lo.</p>',
      en: '<p>Every new member gets one spin of the prize wheel. Open it in the <strong>Reward centre</strong>: the draw is provably fair and you can verify it.</p>',
    },
    trigger: 'registration',
    claimMode: 'auto',
    requiresJoin: false,
    thresholdMinor: 0,
    rewardKind: 'ticket',
    ticketKind: 'prize_wheel',
    rewardCalc: 'fixed',
    rewardFixedMinor: 1,
    rewardPercentBps: 0,
    rewardCapMinor: null,
    wageringMultiple: 0,
    wageringBase: 'bonus',
    periodType: 'once',
    eligibility: 'all',
    startsAt: new Date(Date.now() - DAY_MS).toISOString(),
    endsAt: null,
    enabled: true,
  });
}
