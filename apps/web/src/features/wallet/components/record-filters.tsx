import { TRANSACTION_TYPES } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form-field';
import type { TransactionType } from '../api/get-transactions';
import {
  isCalendarDay,
  PERIOD_PRESETS,
  type CalendarDay,
  type DayRange,
  type PeriodPreset,
} from '../lib/date-range';
import { SelectField } from '@/components/select-field';

/** The account record's filters: type, and a preset or custom period of whole days. */
export function RecordFilters({
  type,
  onTypeChange,
  preset,
  onPresetChange,
  days,
  onDaysChange,
  today,
}: {
  type: TransactionType | null;
  onTypeChange: (type: TransactionType | null) => void;
  preset: PeriodPreset;
  onPresetChange: (preset: PeriodPreset) => void;
  days: DayRange;
  onDaysChange: (days: DayRange) => void;
  today: CalendarDay;
}) {
  const { t } = useTranslation();
  const setDay = (which: keyof DayRange, value: string) => {
    // A half-typed date is not a period yet; the last complete one stays in force.
    if (isCalendarDay(value)) onDaysChange({ ...days, [which]: value });
  };
  return (
    <div className="record-filters" role="group" aria-label={t('records.filtersLabel')}>
      <SelectField
        label={t('records.type')}
        className="record-filters__type"
        value={type ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          onTypeChange(TRANSACTION_TYPES.find((candidate) => candidate === value) ?? null);
        }}
        data-testid="records-type"
      >
        <option value="">{t('records.allTypes')}</option>
        {TRANSACTION_TYPES.map((candidate) => (
          <option key={candidate} value={candidate}>
            {t(`transactionTypes.${candidate}`)}
          </option>
        ))}
      </SelectField>
      <fieldset className="segmented record-filters__period">
        <legend className="field__label">{t('records.period')}</legend>
        <div className="segmented__options">
          {PERIOD_PRESETS.map((candidate) => (
            <label key={candidate} className="segmented__option">
              <input
                type="radio"
                name="record-period"
                value={candidate}
                checked={preset === candidate}
                onChange={() => onPresetChange(candidate)}
                data-testid={`records-preset-${candidate}`}
              />
              <span>{t(`records.${candidate}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {preset === 'custom' ? (
        <div className="record-filters__dates">
          <TextField
            type="date"
            label={t('records.from')}
            defaultValue={days.fromDay}
            max={today}
            onChange={(event) => setDay('fromDay', event.target.value)}
            data-testid="records-from"
          />
          <TextField
            type="date"
            label={t('records.to')}
            defaultValue={days.toDay}
            max={today}
            onChange={(event) => setDay('toDay', event.target.value)}
            data-testid="records-to"
          />
          <p className="record-filters__hint">{t('records.rangeHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
