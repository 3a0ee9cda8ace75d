import type { ServiceRegistry } from '../modules';
import { DEMO_MERCHANT_CODE } from './brand';

/**
 * The demo brand's missions and invite-a-friend rules (docs/missions.md), made through the
 * rewards services as an operator would in the console's desks, so `npm start` shows a live
 * missions page: daily, weekly and one-time tasks counted from real play, deposits and friends.
 * Seeded once: a brand that has any mission keeps its missions and its referral rules (an
 * operator who switched referral off is not overruled at the next start).
 */
export async function seedDemoMissions(services: Pick<ServiceRegistry, 'missions' | 'referral'>) {
  const { missions, referral } = services;
  if ((await missions.admin.list(DEMO_MERCHANT_CODE)).length > 0) return;
  const rules = [
    {
      titles: { 'pt-BR': 'Aposte R$ 50 em slots hoje', en: 'Bet R$ 50 on slots today' },
      kind: 'bet',
      gameCategory: 'RNG',
      periodType: 'daily',
      target: 50_00,
      rewardKind: 'cash',
      rewardMinor: 2_00,
      missionPoints: 20,
    },
    {
      titles: { 'pt-BR': 'Vença 3 rodadas hoje', en: 'Win 3 rounds today' },
      kind: 'win',
      periodType: 'daily',
      target: 3,
      rewardKind: 'points',
      rewardMinor: 100,
      missionPoints: 10,
    },
    {
      titles: { 'pt-BR': 'Deposite R$ 100 na semana', en: 'Deposit R$ 100 this week' },
      kind: 'deposit',
      periodType: 'weekly',
      target: 100_00,
      rewardKind: 'bonus',
      rewardMinor: 10_00,
      wageringMultiple: 5,
      missionPoints: 50,
    },
    {
      titles: { 'pt-BR': 'Convide 1 amigo', en: 'Invite 1 friend' },
      kind: 'invite',
      periodType: 'once',
      target: 1,
      rewardKind: 'cash',
      rewardMinor: 5_00,
      missionPoints: 30,
    },
  ] as const;
  for (const [index, mission] of rules.entries())
    await missions.admin.create({ merchantCode: DEMO_MERCHANT_CODE, ...mission, sortOrder: index });
  // A friend qualifies with a first deposit of R$ 30 and R$ 100 of valid bets; the referrer gets
  // R$ 10 in cash. Same CPF, device or address never qualifies.
  await referral.admin.saveSettings(DEMO_MERCHANT_CODE, {
    enabled: true,
    minDepositMinor: 30_00,
    minTurnoverMinor: 100_00,
    rewardKind: 'cash',
    rewardMinor: 10_00,
    wageringMultiple: 0,
    blockSameIp: true,
  });
}
