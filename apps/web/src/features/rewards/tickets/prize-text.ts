import { formatMoney, type TicketPrize } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';

/** A prize in words: "R$ 5,00", "R$ 20,00 de bônus · rollover 5×", "300 pontos", "Nada". */
export function usePrizeText() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (prize: TicketPrize, currency: string) => {
    if (prize.prizeKind === 'nothing') return t('rewardTickets.prize.nothing');
    if (prize.prizeKind === 'points')
      return t('rewardTickets.prize.points', {
        amount: new Intl.NumberFormat(language).format(prize.amountMinor / 100),
      });
    const amount = formatMoney(prize.amountMinor, currency, language);
    if (prize.prizeKind === 'bonus' && prize.wageringMultiple > 0)
      return t('rewardTickets.prize.bonusWagering', { amount, multiple: prize.wageringMultiple });
    return t(`rewardTickets.prize.${prize.prizeKind}`, { amount });
  };
}
