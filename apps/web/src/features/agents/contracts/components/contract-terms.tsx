import { formatMoney, type Contract } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import { formatRate } from '../lib/rates';
import styles from './contracts.module.css';

/** A contract's period or window, as people say it ("Weekly", "Per 30 minutes", "5 min"). */
export function usePeriodText() {
  const { t } = useTranslation();
  return (contract: Pick<Contract, 'kind' | 'terms'>) => {
    const period = contract.terms.period;
    switch (contract.kind) {
      case 'dividend':
        return t(`agentContracts.periods.${period as 'daily'}`);
      case 'daily':
        return t('agentContracts.periods.daily');
      case 'hourly':
        return t(
          period === '30' ? 'agentContracts.windows.halfHour' : 'agentContracts.windows.hour',
        );
      case 'realtime':
        return '5 min';
    }
  };
}

/** The tiers of a contract, one line each: "1,50 % a partir de R$ 1.000,00". */
export function ContractTerms({ contract, currency }: { contract: Contract; currency: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const periodText = usePeriodText();
  return (
    <div className={styles.terms} data-testid="contract-terms">
      <span className={styles.termsPeriod}>{periodText(contract)}</span>
      <ol className={styles.tiers}>
        {contract.terms.tiers.map((tier) => {
          const threshold = formatMoney(tier.thresholdMinor, currency, language);
          return (
            <li key={tier.thresholdMinor}>
              {contract.kind === 'realtime'
                ? t('agentContracts.terms.summaryRealtime', {
                    rate: formatRate(tier.rateBp, language),
                    loss: formatRate(tier.lossRateBp ?? 0, language),
                    threshold,
                  })
                : t('agentContracts.terms.summary', {
                    rate: formatRate(tier.rateBp, language),
                    threshold,
                  })}
            </li>
          );
        })}
      </ol>
      {contract.terms.minActiveMembers > 0 ? (
        <span className={styles.termsNote}>
          {t('agentContracts.terms.minActive', { count: contract.terms.minActiveMembers })}
        </span>
      ) : null}
    </div>
  );
}
