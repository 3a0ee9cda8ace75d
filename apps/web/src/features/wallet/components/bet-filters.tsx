import { BET_PERIODS, formatMoney, type BetPeriod, type BetTotals } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form-field';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import type { PeriodFilter } from '../api/get-bet-record';
import { isCalendarDay, type CalendarDay } from '../lib/date-range';
import { formatSignedMoney } from '../lib/format';
import { SelectField } from '@/components/select-field';
import styles from './bets.module.css';

/**
 * The period of the betting record and the profit page: a preset the server cuts in the brand's
 * time zone, or custom whole days (the last complete dates typed stay in force).
 */
export function PeriodFields({
  value,
  onChange,
  today,
  testIdPrefix,
}: {
  value: PeriodFilter;
  onChange: (next: PeriodFilter) => void;
  today: CalendarDay;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const setDay = (which: 'fromDay' | 'toDay', day: string) => {
    if (isCalendarDay(day)) onChange({ ...value, [which]: day });
  };
  return (
    <>
      <SelectField
        label={t('bets.period')}
        value={value.period}
        onChange={(event) => {
          const period = BET_PERIODS.find((p) => p === event.target.value);
          if (period) onChange({ ...value, period });
        }}
        data-testid={`${testIdPrefix}-period`}
      >
        {BET_PERIODS.map((period: BetPeriod) => (
          <option key={period} value={period}>
            {t(`periods.${period}`)}
          </option>
        ))}
      </SelectField>
      {value.period === 'custom' ? (
        <div className={styles.dates}>
          <TextField
            type="date"
            label={t('bets.from')}
            defaultValue={value.fromDay}
            max={today}
            onChange={(event) => setDay('fromDay', event.target.value)}
            data-testid={`${testIdPrefix}-from`}
          />
          <TextField
            type="date"
            label={t('bets.to')}
            defaultValue={value.toDay}
            max={today}
            onChange={(event) => setDay('toDay', event.target.value)}
            data-testid={`${testIdPrefix}-to`}
          />
          <p className={styles.hint}>{t('bets.rangeHint')}</p>
        </div>
      ) : null}
    </>
  );
}

/** A signed result's tone: green for the member's profit, red for a loss. */
export function toneClass(minor: number | null): string | undefined {
  if (minor === null || minor === 0) return undefined;
  return minor > 0 ? styles.gain : styles.loss;
}

/** The sums of a filter or period: rounds, stake, (valid bet), payouts and the result. */
export function TotalsStrip({
  totals,
  currency,
  showValidBet,
  testId,
}: {
  totals: BetTotals;
  currency: string;
  showValidBet: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, currency, language);
  const tiles: { key: string; label: string; value: string; className?: string | undefined }[] = [
    {
      key: 'rounds',
      label: t('bets.totals.rounds'),
      value: new Intl.NumberFormat(language).format(totals.rounds),
    },
    { key: 'stake', label: t('bets.totals.stake'), value: money(totals.stakeMinor) },
    ...(showValidBet
      ? [{ key: 'validBet', label: t('bets.totals.validBet'), value: money(totals.validBetMinor) }]
      : []),
    { key: 'payout', label: t('bets.totals.payout'), value: money(totals.payoutMinor) },
    {
      key: 'profit',
      label: t('bets.totals.profit'),
      value: formatSignedMoney(totals.profitMinor, currency, language),
      className: toneClass(totals.profitMinor),
    },
  ];
  return (
    <dl className={styles.totals} aria-label={t('bets.totals.label')} data-testid={testId}>
      {tiles.map((tile) => (
        <div key={tile.key} className={styles.tile} data-total={tile.key}>
          <dt>{tile.label}</dt>
          <dd className={tile.className}>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The totals' place while they load. */
export function TotalsSkeleton() {
  return (
    <div className={styles.totals} aria-hidden="true">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={62} radius={12} />
      ))}
    </div>
  );
}
