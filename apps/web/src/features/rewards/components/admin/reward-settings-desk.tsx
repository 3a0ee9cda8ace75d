import {
  BET_ORDERS,
  CASHBACK_PERIODS,
  formatMoney,
  REWARD_RATE_MAX_BP,
  type BetOrder,
  type BonusSettingsInput,
  type BrandRewardSettings,
  type CashbackPaidPeriod,
  type CashbackPeriodKind,
} from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Checkbox, FormAlert, TextField } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import type { DeskProps } from '@/lib/admin-desks';
import { AMOUNT_INPUT_MAX_LENGTH, amountInputToMinor, minorToAmountInput } from '@/lib/amount';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  fetchRewardSettings,
  REWARD_SETTINGS_KEY,
  updateBonusSettings,
  updateCashbackSettings,
  updateRebateSettings,
} from '../../api/admin-reward-settings';
import styles from './reward-settings-desk.module.css';

/** The roles the server lets change these settings (modules/rewards/settings-routes.ts). */
const EDIT_ROLES = ['owner', 'finance'];

/** "12,5" or "12.5" → 1250 basis points; null when not a percentage within 0–max. */
function percentToBp(raw: string, maxPercent: number): number | null {
  const text = raw.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return bp <= maxPercent * 100 ? bp : null;
}

function bpToPercent(bp: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(
    bp / 100,
  );
}

/** An amount box where 0 (or nothing) is allowed and means "none": the minimum loss, the cap. */
function amountOrZero(raw: string): number | null {
  if (raw.trim() === '' || /^[0\s.,R$]+$/.test(raw.trim())) return 0;
  return amountInputToMinor(raw);
}

/** A whole percentage 0–100 typed in a box, or null. */
function wholePercent(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n <= 100 ? n : null;
}

/**
 * The "Bonus & cashback settings" desk (docs/bonus.md "Settings desk"): per brand, the game
 * categories' weights toward wagering, the standing cashback programme (beside the campaign
 * promotions triggered by losses, which the promotions desk edits) with the periods it paid,
 * and manual rebate. Owner and finance save; every role reads.
 */
export default function RewardSettingsDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: REWARD_SETTINGS_KEY,
    queryFn: ({ signal }) => fetchRewardSettings(signal),
  });
  const [merchantCode, setMerchantCode] = useState<string | null>(null);
  const brand =
    settings.data?.brands.find((b) => b.merchantCode === merchantCode) ?? settings.data?.brands[0];
  const canEdit = operator.roles.some((role) => EDIT_ROLES.includes(role));
  const categories = settings.data?.categories ?? [];
  // Each form starts again from what the server answered after a save (or another brand).
  const formKey = (part: unknown) => `${brand?.merchantCode}:${JSON.stringify(part)}`;

  return (
    <div className={styles.desk} data-testid="reward-settings-desk">
      <header className={styles.heading}>
        <h1>{t('admin.rewardSettings.title')}</h1>
        <p>{t('admin.rewardSettings.subtitle')}</p>
      </header>
      {settings.isError ? (
        <FormAlert>
          {t('admin.rewardSettings.loadError')} {errorMessage(settings.error, t)}
        </FormAlert>
      ) : null}
      {settings.data && settings.data.brands.length > 1 ? (
        <label className={styles.select}>
          {t('admin.rewardSettings.brand')}
          <select
            value={brand?.merchantCode ?? ''}
            onChange={(event) => setMerchantCode(event.target.value)}
          >
            {settings.data.brands.map((b) => (
              <option key={b.merchantCode} value={b.merchantCode}>
                {b.name} ({b.merchantCode})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {brand && !brand.bonusAllowed ? (
        <p className={styles.notice} role="note">
          {t('admin.rewardSettings.regulated')}
        </p>
      ) : null}
      {canEdit ? null : <p className={styles.hint}>{t('admin.rewardSettings.readOnly')}</p>}
      {brand ? (
        <>
          <CashbackForm key={formKey(brand.cashback)} brand={brand} canEdit={canEdit} />
          <BonusRulesForm
            key={formKey(brand.bonus)}
            brand={brand}
            categories={categories}
            canEdit={canEdit}
          />
          <RebateForm
            key={formKey(brand.rebate)}
            brand={brand}
            categories={categories}
            canEdit={canEdit}
          />
        </>
      ) : null}
    </div>
  );
}

/** Saves one part and puts the server's answer (the brand's settings) in the desk's data. */
function useSave<I>(
  merchantCode: string,
  save: (merchantCode: string, input: I) => Promise<BrandRewardSettings>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => save(merchantCode, input),
    onSuccess: () => {
      toast.success(t('admin.rewardSettings.saved'));
      void queryClient.invalidateQueries({ queryKey: REWARD_SETTINGS_KEY });
    },
  });
}

/**
 * One part's form state: the save, whether a submit was tried (the boxes show their errors
 * from then on), and the submit that saves the part's input, or only shows the errors (null).
 */
function useSettingsForm<I>(
  merchantCode: string,
  update: (merchantCode: string, input: I) => Promise<BrandRewardSettings>,
) {
  const save = useSave(merchantCode, update);
  const [submitted, setSubmitted] = useState(false);
  const submit = (input: I | null) => {
    setSubmitted(true);
    if (input !== null) save.mutate(input);
  };
  return { save, submitted, submit };
}

/**
 * One part of the desk as a card: its heading and hint, the form with the save's error, the
 * part's fields, and the save button for operators who may edit; `after` follows the form.
 */
function SettingsSection({
  id,
  title,
  hint,
  canEdit,
  save,
  saveTestId,
  onSubmit,
  children,
  after,
}: {
  id: string;
  title: string;
  hint: string;
  canEdit: boolean;
  save: { isError: boolean; error: unknown; isPending: boolean };
  saveTestId: string;
  onSubmit: () => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <p className={styles.hint}>{hint}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {save.isError ? <FormAlert>{errorMessage(save.error, t)}</FormAlert> : null}
        {children}
        {canEdit ? (
          <div className={styles.actions}>
            <Button type="submit" busy={save.isPending} data-testid={saveTestId}>
              {t('admin.rewardSettings.save')}
            </Button>
          </div>
        ) : null}
      </form>
      {after}
    </section>
  );
}

/** A percentage box per game category (weights, rebate rates), as typed, with its error. */
function CategoryPercentFields({
  categories,
  inputs,
  onChange,
  parsed,
  submitted,
  canEdit,
  decimals,
  testIdPrefix,
}: {
  categories: string[];
  inputs: Record<string, string>;
  onChange: (inputs: Record<string, string>) => void;
  parsed: Record<string, number | null>;
  submitted: boolean;
  canEdit: boolean;
  /** Rates take two decimals ("0,25"); weights are whole. */
  decimals: boolean;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.categories}>
      {categories.map((category) => (
        <TextField
          key={category}
          label={t(`categories.${category}` as 'categories.RNG')}
          value={inputs[category] ?? ''}
          inputMode={decimals ? 'decimal' : 'numeric'}
          maxLength={decimals ? 6 : 3}
          trailing="%"
          disabled={!canEdit}
          onChange={(event) => onChange({ ...inputs, [category]: event.target.value })}
          error={
            submitted && parsed[category] === null
              ? t('admin.rewardSettings.percentInvalid', { max: 100 })
              : null
          }
          data-testid={`${testIdPrefix}${category}`}
        />
      ))}
    </div>
  );
}

/** A choice among fixed options (the cashback period, the bet order), with an optional hint. */
function SettingsSelect<V extends string>({
  label,
  value,
  options,
  optionLabel,
  canEdit,
  onChange,
  testId,
  hint,
}: {
  label: string;
  value: V;
  options: readonly V[];
  optionLabel: (option: V) => string;
  canEdit: boolean;
  onChange: (value: V) => void;
  testId: string;
  hint?: string;
}) {
  const hintId = `${testId}-hint`;
  return (
    <label className={styles.select}>
      {label}
      <select
        aria-describedby={hint ? hintId : undefined}
        value={value}
        disabled={!canEdit}
        onChange={(event) => onChange(event.target.value as V)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      {hint ? (
        <span id={hintId} className={styles.selectHint}>
          {hint}
        </span>
      ) : null}
    </label>
  );
}

/** The standing cashback programme, and the periods its job paid lately. */
function CashbackForm({ brand, canEdit }: { brand: BrandRewardSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = brand.cashback;
  const [enabled, setEnabled] = useState(current.enabled);
  const [rate, setRate] = useState(bpToPercent(current.rateBp, language));
  const [period, setPeriod] = useState<CashbackPeriodKind>(current.period);
  const [minLoss, setMinLoss] = useState(minorToAmountInput(current.minLossMinor, language));
  const [cap, setCap] = useState(minorToAmountInput(current.maxPayoutMinor, language));
  const { save, submitted, submit } = useSettingsForm(brand.merchantCode, updateCashbackSettings);

  const rateBp = percentToBp(rate, REWARD_RATE_MAX_BP / 100);
  const minLossMinor = amountOrZero(minLoss);
  const capMinor = amountOrZero(cap);
  const errors = {
    rate: rateBp === null ? t('admin.rewardSettings.percentInvalid', { max: 100 }) : null,
    minLoss: minLossMinor === null ? t('admin.rewardSettings.amountInvalid') : null,
    cap: capMinor === null ? t('admin.rewardSettings.amountInvalid') : null,
  };
  const shown = (error: string | null) => (submitted ? error : null);
  const onSubmit = () =>
    submit(
      Object.values(errors).some(Boolean)
        ? null
        : {
            enabled,
            rateBp: rateBp!,
            period,
            minLossMinor: minLossMinor!,
            maxPayoutMinor: capMinor!,
          },
    );

  return (
    <SettingsSection
      id="cashback"
      title={t('admin.rewardSettings.cashback.title')}
      hint={t('admin.rewardSettings.cashback.programme', { count: brand.lossPromotions })}
      canEdit={canEdit}
      save={save}
      saveTestId="cashback-save"
      onSubmit={onSubmit}
      after={<PaidPeriods brand={brand} />}
    >
      <Checkbox
        label={t('admin.rewardSettings.cashback.enabled')}
        checked={enabled}
        disabled={!canEdit}
        onChange={(event) => setEnabled(event.target.checked)}
        data-testid="cashback-enabled"
      />
      <div className={styles.grid}>
        <TextField
          label={t('admin.rewardSettings.cashback.rate')}
          hint={t('admin.rewardSettings.cashback.rateHint')}
          value={rate}
          inputMode="decimal"
          maxLength={6}
          trailing="%"
          disabled={!canEdit}
          onChange={(event) => setRate(event.target.value)}
          error={shown(errors.rate)}
          data-testid="cashback-rate"
        />
        <SettingsSelect
          label={t('admin.rewardSettings.cashback.period')}
          value={period}
          options={CASHBACK_PERIODS}
          optionLabel={(p) => t(`admin.rewardSettings.cashback.periods.${p}`)}
          canEdit={canEdit}
          onChange={setPeriod}
          testId="cashback-period"
          hint={t('admin.rewardSettings.cashback.periodHint')}
        />
        <TextField
          label={t('admin.rewardSettings.cashback.minLoss')}
          value={minLoss}
          inputMode="decimal"
          maxLength={AMOUNT_INPUT_MAX_LENGTH}
          disabled={!canEdit}
          onChange={(event) => setMinLoss(event.target.value)}
          error={shown(errors.minLoss)}
          data-testid="cashback-min-loss"
        />
        <TextField
          label={t('admin.rewardSettings.cashback.cap')}
          hint={t('admin.rewardSettings.cashback.capHint')}
          value={cap}
          inputMode="decimal"
          maxLength={AMOUNT_INPUT_MAX_LENGTH}
          disabled={!canEdit}
          onChange={(event) => setCap(event.target.value)}
          error={shown(errors.cap)}
          data-testid="cashback-cap"
        />
      </div>
    </SettingsSection>
  );
}

function PaidPeriods({ brand }: { brand: BrandRewardSettings }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const table = useTableState({ sort: 'lastDay', order: 'desc', prefix: 'cashback' });
  const columns = useMemo(() => {
    const column = tableColumns<CashbackPaidPeriod>();
    const day = (iso: string) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' }).format(
        new Date(`${iso}T00:00:00Z`),
      );
    return [
      column.accessor('lastDay', {
        header: t('admin.rewardSettings.cashback.paidPeriod'),
        enableSorting: false,
        cell: (info) =>
          info.row.original.firstDay === info.getValue()
            ? day(info.getValue())
            : `${day(info.row.original.firstDay)} – ${day(info.getValue())}`,
      }),
      column.accessor('members', {
        header: t('admin.rewardSettings.cashback.paidMembers'),
        enableSorting: false,
      }),
      column.accessor('amountMinor', {
        header: t('admin.rewardSettings.cashback.paidAmount'),
        enableSorting: false,
        cell: (info) => (
          <span className={styles.money}>
            {formatMoney(info.getValue(), brand.currency, language)}
          </span>
        ),
      }),
    ];
  }, [t, language, brand.currency]);
  const rows = brand.recentCashback;
  return (
    <div className={styles.paid}>
      <h3>{t('admin.rewardSettings.cashback.paidTitle')}</h3>
      <DataTable
        label={t('admin.rewardSettings.cashback.paidTitle')}
        columns={columns}
        page={{ rows, page: 1, pageSize: Math.max(1, rows.length), total: rows.length }}
        state={table}
        getRowId={(row) => row.periodKey}
        emptyText={t('admin.rewardSettings.cashback.paidNone')}
        testId="cashback-paid-table"
      />
    </div>
  );
}

/** Percent inputs per game category, as text while typed. */
function useCategoryInputs(
  categories: string[],
  values: Record<string, number>,
  show: (value: number | undefined) => string,
) {
  return useState<Record<string, string>>(() =>
    Object.fromEntries(categories.map((c) => [c, show(values[c])])),
  );
}

/**
 * The bonus wallet's rules: the weights, which wallet a bet uses first (cash or bonus,
 * docs/bonus.md "Which wallet a bet uses") and the categories that never take bonus money,
 * saved by one request.
 */
function BonusRulesForm({
  brand,
  categories,
  canEdit,
}: {
  brand: BrandRewardSettings;
  categories: string[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const weights = brand.bonus.categoryWeights;
  const [inputs, setInputs] = useCategoryInputs(categories, weights, (w) => String(w ?? 100));
  const [betOrder, setBetOrder] = useState<BetOrder>(brand.bonus.betOrder);
  const [cashOnly, setCashOnly] = useState(() => new Set(brand.bonus.cashOnlyCategories));
  const { save, submitted, submit } = useSettingsForm(brand.merchantCode, updateBonusSettings);
  const parsed = Object.fromEntries(categories.map((c) => [c, wholePercent(inputs[c] ?? '')]));
  const valid = Object.values(parsed).every((w) => w !== null);
  const onSubmit = () =>
    submit(
      valid
        ? {
            categoryWeights: parsed as Record<string, number>,
            betOrder,
            cashOnlyCategories: [...cashOnly] as BonusSettingsInput['cashOnlyCategories'],
          }
        : null,
    );
  const toggleCashOnly = (category: string, on: boolean) => {
    const next = new Set(cashOnly);
    if (on) next.add(category);
    else next.delete(category);
    setCashOnly(next);
  };
  return (
    <SettingsSection
      id="bonus-rules"
      title={t('admin.rewardSettings.bonus.title')}
      hint={t('admin.rewardSettings.bonus.weightsHint')}
      canEdit={canEdit}
      save={save}
      saveTestId="bonus-rules-save"
      onSubmit={onSubmit}
    >
      <CategoryPercentFields
        categories={categories}
        inputs={inputs}
        onChange={setInputs}
        parsed={parsed}
        submitted={submitted}
        canEdit={canEdit}
        decimals={false}
        testIdPrefix="weight-"
      />
      <SettingsSelect
        label={t('admin.rewardSettings.bonus.betOrder')}
        value={betOrder}
        options={BET_ORDERS}
        optionLabel={(order) => t(`admin.rewardSettings.bonus.betOrders.${order}`)}
        canEdit={canEdit}
        onChange={setBetOrder}
        testId="bonus-bet-order"
      />
      <p className={styles.hint}>{t('admin.rewardSettings.bonus.betOrderHint')}</p>
      <fieldset className={styles.cashOnly} disabled={!canEdit}>
        <legend>{t('admin.rewardSettings.bonus.cashOnly')}</legend>
        <div className={styles.categories}>
          {categories.map((category) => (
            <Checkbox
              key={category}
              label={t(`categories.${category}` as 'categories.RNG')}
              checked={cashOnly.has(category)}
              onChange={(event) => toggleCashOnly(category, event.target.checked)}
              data-testid={`cash-only-${category}`}
            />
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}

/** Manual rebate: on/off and the share of valid bets per category (the member claims it). */
function RebateForm({
  brand,
  categories,
  canEdit,
}: {
  brand: BrandRewardSettings;
  categories: string[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [enabled, setEnabled] = useState(brand.rebate.enabled);
  const [inputs, setInputs] = useCategoryInputs(categories, brand.rebate.ratesBp, (bp) =>
    bpToPercent(bp ?? 0, language),
  );
  const { save, submitted, submit } = useSettingsForm(brand.merchantCode, updateRebateSettings);
  const parsed = Object.fromEntries(
    categories.map((c) => [c, percentToBp(inputs[c] ?? '', REWARD_RATE_MAX_BP / 100)]),
  );
  const valid = Object.values(parsed).every((bp) => bp !== null);
  // A category at 0 % pays nothing: it is left out rather than stored as 0.
  const ratesBp = () => Object.fromEntries(Object.entries(parsed).filter(([, bp]) => bp! > 0));
  const onSubmit = () =>
    submit(valid ? { enabled, ratesBp: ratesBp() as Record<string, number> } : null);
  return (
    <SettingsSection
      id="rebate"
      title={t('admin.rewardSettings.rebate.title')}
      hint={t(
        brand.rebateModuleOn
          ? 'admin.rewardSettings.rebate.moduleOn'
          : 'admin.rewardSettings.rebate.moduleOff',
      )}
      canEdit={canEdit}
      save={save}
      saveTestId="rebate-save"
      onSubmit={onSubmit}
    >
      <Checkbox
        label={t('admin.rewardSettings.rebate.enabled')}
        checked={enabled}
        disabled={!canEdit}
        onChange={(event) => setEnabled(event.target.checked)}
        data-testid="rebate-enabled"
      />
      <CategoryPercentFields
        categories={categories}
        inputs={inputs}
        onChange={setInputs}
        parsed={parsed}
        submitted={submitted}
        canEdit={canEdit}
        decimals
        testIdPrefix="rebate-rate-"
      />
    </SettingsSection>
  );
}
