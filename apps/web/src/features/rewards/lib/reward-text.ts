import type { PromotionCard } from '@banca/contracts';
import { formatMoney } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';

/**
 * A promotion's reward in words: "R$ 10,00 em dinheiro", "50% até R$ 30,00", "1 bilhete: ovo da
 * sorte". Once the server knows the member's reward (`rewardMinor`: a claim waiting, a reward
 * issued) it says that amount, or that many tickets, instead of the rule.
 */
export function useRewardText() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (p: PromotionCard, currency: string) => {
    const money = (minor: number) =>
      p.rewardKind === 'points'
        ? new Intl.NumberFormat(language).format(minor / 100)
        : formatMoney(minor, currency, language);
    if (p.rewardKind === 'ticket')
      return t('promotions.reward.ticket', {
        count: p.rewardMinor ?? p.rewardFixedMinor,
        kind: t(`promotions.tickets.${p.ticketKind ?? 'bonus'}`),
      });
    const amount =
      p.rewardMinor !== null
        ? money(p.rewardMinor)
        : p.rewardCalc === 'fixed'
          ? money(p.rewardFixedMinor)
          : p.rewardCapMinor === null
            ? t('promotions.reward.percentNoCap', { percent: p.rewardPercentBps / 100 })
            : t('promotions.reward.percent', {
                percent: p.rewardPercentBps / 100,
                cap: money(p.rewardCapMinor),
              });
    return t(`promotions.reward.${p.rewardKind}`, { amount });
  };
}
