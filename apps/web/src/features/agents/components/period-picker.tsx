import { BET_PERIODS, type BetPeriod } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import type { PeriodFilter } from '../api/keys';
import styles from './agent-page.module.css';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A report's period: the presets (today … last month) the server cuts in the brand's time
 * zone, or custom whole days (a date applies once it is complete).
 */
export function PeriodPicker({
  value,
  onChange,
  testId = 'agent-period',
}: {
  value: PeriodFilter;
  onChange: (next: PeriodFilter) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const setDay = (which: 'fromDay' | 'toDay', day: string) => {
    if (DAY_PATTERN.test(day)) onChange({ ...value, [which]: day });
  };
  return (
    <div className={styles.period}>
      <div
        className={styles.presets}
        role="group"
        aria-label={t('agents.period')}
        data-testid={testId}
      >
        {BET_PERIODS.map((period: BetPeriod) => (
          <button
            key={period}
            type="button"
            className={
              period === value.period ? `${styles.preset} ${styles.presetActive}` : styles.preset
            }
            aria-pressed={period === value.period}
            onClick={() => onChange({ ...value, period })}
            data-testid={`${testId}-${period}`}
          >
            {t(`periods.${period}`)}
          </button>
        ))}
      </div>
      {value.period === 'custom' ? (
        <div className={styles.dates}>
          <label>
            {t('agents.from')}
            <input
              type="date"
              defaultValue={value.fromDay}
              onChange={(e) => setDay('fromDay', e.target.value)}
            />
          </label>
          <label>
            {t('agents.to')}
            <input
              type="date"
              defaultValue={value.toDay}
              onChange={(e) => setDay('toDay', e.target.value)}
            />
          </label>
        </div>
      ) : null}
    </div>
  );
}
