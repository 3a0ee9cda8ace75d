import { formatMoney, type MissionCard } from '@banca/contracts';
import type { TFunction } from 'i18next';

/** What a mission asks, in words: money targets formatted, counts as counts, its category named. */
export function goalText(
  t: TFunction,
  mission: Pick<MissionCard, 'kind' | 'target' | 'gameCategory'>,
  currency: string,
  language: string,
): string {
  const amount = formatMoney(mission.target, currency, language);
  const count = mission.target;
  const category = mission.gameCategory
    ? t(`categories.${mission.gameCategory}` as 'categories.RNG', {
        defaultValue: mission.gameCategory,
      })
    : null;
  switch (mission.kind) {
    case 'bet':
      return category
        ? t('missions.goals.betIn', { amount, category })
        : t('missions.goals.bet', { amount });
    case 'win':
      return category
        ? t('missions.goals.winIn', { count, category })
        : t('missions.goals.win', { count });
    case 'deposit':
      return t('missions.goals.deposit', { amount });
    case 'login':
      return t('missions.goals.login', { count });
    case 'invite':
      return t('missions.goals.invite', { count });
  }
}

/** Whether a mission's target and progress are money (bet, deposit) or a count. */
export const isMoneyKind = (kind: MissionCard['kind']) => kind === 'bet' || kind === 'deposit';

/** The reward in words: money formatted, points and tickets as counts. */
export function rewardText(
  t: TFunction,
  mission: Pick<MissionCard, 'rewardKind' | 'rewardMinor'>,
  currency: string,
  language: string,
): string {
  if (mission.rewardKind === 'ticket')
    return t('missions.rewards.ticket', { count: mission.rewardMinor });
  if (mission.rewardKind === 'points')
    return t('missions.rewards.points', {
      amount: new Intl.NumberFormat(language).format(mission.rewardMinor),
    });
  return t(`missions.rewards.${mission.rewardKind}`, {
    amount: formatMoney(mission.rewardMinor, currency, language),
  });
}
