import { formatMoney } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { UsersIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { uplineQueryOptions } from '../api/get-upline';
import { TransferForm } from '../components/transfer-dialog';
import styles from '../components/agent-page.module.css';

/** transferUpline: money back to the member's upline, with the balance and the limits. */
export default function TransferUplinePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const info = useQuery(uplineQueryOptions());
  const data = info.data;
  return (
    <div className={styles.page} data-testid="agent-transfer-upline">
      <header className={styles.head}>
        <h1 className={styles.title}>{t('agents.menu.transferUpline')}</h1>
      </header>
      {!data ? (
        <Skeleton height={200} />
      ) : !data.upline ? (
        <EmptyState icon={<UsersIcon />} title={t('agents.transfer.noUpline')} />
      ) : (
        <section className={styles.panel}>
          <p className={styles.subtitle}>
            {t('agents.transfer.balance', {
              balance: formatMoney(data.balanceMinor, data.currency, language),
            })}{' '}
            {t('agents.transfer.limits', {
              min: formatMoney(data.minTransferMinor, data.currency, language),
              max: formatMoney(data.maxTransferMinor, data.currency, language),
            })}
          </p>
          <TransferForm
            to={{ kind: 'upline', username: data.upline.username }}
            currency={data.currency}
          />
        </section>
      )}
    </div>
  );
}
