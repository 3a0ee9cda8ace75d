import { DEPOSIT_STATUSES, formatMoney } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useLanguage } from '@/i18n';
import { depositsQueryOptions } from '../api/get-deposits';
import styles from './deposit.module.css';
import { RecordList } from './record-list';

/** The member's deposits, newest first, by status, with the one Pagination; open ones can be reopened. */
export function DepositRecords({
  timeZone,
  onOpen,
}: {
  timeZone: string;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <RecordList
      area="deposit"
      testId="deposit-records"
      filterTestId="deposit-records-status"
      timeZone={timeZone}
      statuses={DEPOSIT_STATUSES}
      statusLabel={(s) => t(`deposit.statuses.${s}`)}
      query={depositsQueryOptions}
      columns={[
        t('deposit.records.columns.time'),
        t('deposit.records.columns.method'),
        t('deposit.records.columns.amount'),
        t('deposit.records.columns.status'),
      ]}
      numericColumn={2}
      row={(d, time) => (
        <li
          key={d.id}
          className={styles.record}
          data-testid="deposit-record"
          data-status={d.status}
          data-amount-minor={d.amountMinor}
        >
          <span className={styles.recordTime}>{time}</span>
          <span>{t(`deposit.methods.${d.method}`)}</span>
          <strong className={styles.numeric}>
            {formatMoney(d.amountMinor, d.currency, language)}
          </strong>
          <span>
            <span className={styles.status} data-status={d.status}>
              {t(`deposit.statuses.${d.status}`)}
            </span>
          </span>
          <span className={styles.recordAction}>
            {d.status === 'pending' ? (
              <Button size="sm" variant="outline" onClick={() => onOpen(d.id)}>
                {t('deposit.records.open')}
              </Button>
            ) : null}
          </span>
        </li>
      )}
    />
  );
}
