import {
  formatMoney,
  MAX_CHANNEL_PRESETS,
  type AdminDepositChannel,
  type CashierSettings,
  type WithdrawalSettings,
} from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { Checkbox, FormAlert, TextField } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import {
  AMOUNT_INPUT_MAX_LENGTH,
  amountInputToMinor,
  minorToAmountInput,
  minorToAmountParam,
} from '@/lib/amount';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  fetchCashierSettings,
  updateDepositChannel,
  updateWithdrawalSettings,
} from '../../api/admin-settings';
import desk from './deposits-desk.module.css';
import styles from './cashier-settings-desk.module.css';

type Brand = CashierSettings['brands'][number];
const SETTINGS_KEY = ['admin', 'cashier-settings'] as const;
/** The server's bounds of the whole-number rules (updateWithdrawalSettingsSchema). */
const BOUNDS = {
  dailyCountMax: [1, 100],
  turnoverPct: [0, 10_000],
  confirmMinutes: [1, 10_080],
  sortOrder: [0, 1000],
} as const;

/** A whole number typed in a box, within bounds, or null. */
function wholeNumber(raw: string, [min, max]: readonly [number, number]): number | null {
  if (!/^\d{1,6}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= min && n <= max ? n : null;
}

/**
 * The cashier's settings desk (docs/payments.md "Settings desk"): each brand's deposit channels
 * in the console's one table (a row opens its editor) and its withdrawal rules as a form. The
 * amounts are typed as people write them ("1.234,56"), checked here as the server checks them
 * (centavos, min ≤ max, quick amounts within), and sent in the server's canonical format.
 */
export default function CashierSettingsDesk() {
  const { t } = useTranslation();
  const language = useLanguage();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => fetchCashierSettings(signal),
  });
  const [merchantCode, setMerchantCode] = useState<string | null>(null);
  const brand =
    settings.data?.brands.find((b) => b.merchantCode === merchantCode) ?? settings.data?.brands[0];
  const [editing, setEditing] = useState<AdminDepositChannel | null>(null);
  const table = useTableState({ sort: 'sortOrder', order: 'asc', prefix: 'channels' });

  const columns = useMemo(() => {
    const column = tableColumns<AdminDepositChannel>();
    const money = (minor: number) => formatMoney(minor, brand?.currency ?? 'BRL', language);
    return [
      column.accessor('sortOrder', { header: t('admin.cashierSettings.order') }),
      column.accessor('name', {
        header: t('admin.cashierSettings.channel'),
        cell: (info) => (
          <span className={styles.channelName}>
            <strong>{info.getValue()}</strong>
            <small>
              {t(`admin.cashierSettings.methods.${info.row.original.method}`)} ·{' '}
              {info.row.original.provider}
            </small>
          </span>
        ),
      }),
      column.accessor('enabled', {
        header: t('admin.cashierSettings.state'),
        cell: (info) => (
          <span className={styles.stateCell}>
            <span className={desk.status} data-status={info.getValue() ? 'credited' : 'neutral'}>
              {t(info.getValue() ? 'admin.cashierSettings.on' : 'admin.cashierSettings.off')}
            </span>
            {info.row.original.available ? null : (
              <span className={desk.status} data-status="failed">
                {t('admin.cashierSettings.unavailable')}
              </span>
            )}
          </span>
        ),
      }),
      column.accessor('minMinor', {
        header: t('admin.cashierSettings.min'),
        cell: (info) => <span className={desk.money}>{money(info.getValue())}</span>,
      }),
      column.accessor('maxMinor', {
        header: t('admin.cashierSettings.max'),
        cell: (info) => <span className={desk.money}>{money(info.getValue())}</span>,
      }),
      column.accessor('presetsMinor', {
        header: t('admin.cashierSettings.presets'),
        cell: (info) => info.getValue().map(money).join(' · ') || '—',
      }),
    ];
  }, [t, language, brand?.currency]);

  return (
    <div className={desk.desk} data-testid="cashier-settings-desk">
      <header className={desk.heading}>
        <div>
          <h1>{t('admin.cashierSettings.title')}</h1>
          <p>{t('admin.cashierSettings.subtitle')}</p>
        </div>
      </header>
      {settings.isError ? (
        <FormAlert>
          {t('admin.cashierSettings.loadError')} {errorMessage(settings.error, t)}
        </FormAlert>
      ) : null}
      {settings.data && settings.data.brands.length > 1 ? (
        <label className={`${desk.filter} ${styles.brand}`}>
          {t('admin.cashierSettings.brand')}
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
      <section className={styles.card}>
        <h2>{t('admin.cashierSettings.channels')}</h2>
        <DataTable
          label={t('admin.cashierSettings.channels')}
          columns={columns}
          page={
            brand
              ? {
                  rows: brand.channels,
                  page: 1,
                  pageSize: Math.max(1, brand.channels.length),
                  total: brand.channels.length,
                }
              : undefined
          }
          state={table}
          loading={settings.isFetching}
          getRowId={(row) => row.code}
          onRowClick={setEditing}
          rowLabel={(row) => t('admin.cashierSettings.editChannel', { name: row.name })}
          testId="channels-table"
        />
      </section>
      {brand ? (
        <WithdrawalRulesForm
          key={`${brand.merchantCode}:${JSON.stringify(brand.withdrawals)}`}
          brand={brand}
        />
      ) : null}
      {editing && brand ? (
        <ChannelDialog
          key={editing.code}
          brand={brand}
          channel={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

/** One channel's editor: name, enabled, min/max, quick amounts and order. */
function ChannelDialog({
  brand,
  channel,
  onClose,
}: {
  brand: Brand;
  channel: AdminDepositChannel;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const amountText = (minor: number) => minorToAmountInput(minor, language);
  const [name, setName] = useState(channel.name);
  const [enabled, setEnabled] = useState(channel.enabled);
  const [min, setMin] = useState(amountText(channel.minMinor));
  const [max, setMax] = useState(amountText(channel.maxMinor));
  const [presets, setPresets] = useState(channel.presetsMinor.map(amountText).join('; '));
  const [order, setOrder] = useState(String(channel.sortOrder));
  const [submitted, setSubmitted] = useState(false);

  const minMinor = amountInputToMinor(min);
  const maxMinor = amountInputToMinor(max);
  const presetTexts = presets
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const presetMinors = presetTexts.map(amountInputToMinor);
  const sortOrder = wholeNumber(order, BOUNDS.sortOrder);
  const errors = {
    name: name.trim() === '' ? t('admin.cashierSettings.nameRequired') : null,
    min: minMinor === null ? t('admin.cashierSettings.amountInvalid') : null,
    max:
      maxMinor === null
        ? t('admin.cashierSettings.amountInvalid')
        : minMinor !== null && minMinor > maxMinor
          ? t('admin.cashierSettings.minAboveMax')
          : null,
    presets: presetMinors.some((p) => p === null)
      ? t('admin.cashierSettings.amountInvalid')
      : presetMinors.some(
            (p) => minMinor !== null && maxMinor !== null && (p! < minMinor || p! > maxMinor),
          ) || presetMinors.length > MAX_CHANNEL_PRESETS
        ? t('admin.cashierSettings.presetsOutside')
        : null,
    order:
      sortOrder === null
        ? t('admin.cashierSettings.wholeNumber', {
            min: BOUNDS.sortOrder[0],
            max: BOUNDS.sortOrder[1],
          })
        : null,
  };
  const valid = Object.values(errors).every((e) => e === null);
  const save = useMutation({
    mutationFn: () =>
      updateDepositChannel(brand.merchantCode, channel.code, {
        name: name.trim(),
        enabled,
        min: minorToAmountParam(minMinor!),
        max: minorToAmountParam(maxMinor!),
        presets: presetMinors.map((p) => minorToAmountParam(p!)),
        sortOrder: sortOrder!,
      }),
    onSuccess: () => {
      toast.success(t('admin.cashierSettings.saved'));
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      onClose();
    },
  });
  const shown = (error: string | null) => (submitted ? error : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (valid) save.mutate();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('admin.cashierSettings.editChannel', { name: channel.name })}
      data-testid="channel-dialog"
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {save.isError ? <FormAlert>{errorMessage(save.error, t)}</FormAlert> : null}
        <p className={desk.hint}>
          {t(`admin.cashierSettings.methods.${channel.method}`)} · {channel.provider}
          {channel.available ? '' : ` · ${t('admin.cashierSettings.unavailable')}`}
        </p>
        <TextField
          label={t('admin.cashierSettings.name')}
          value={name}
          maxLength={40}
          onChange={(event) => setName(event.target.value)}
          error={shown(errors.name)}
        />
        <Checkbox
          label={t('admin.cashierSettings.enabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          data-testid="channel-enabled"
        />
        <div className={styles.pair}>
          <TextField
            label={t('admin.cashierSettings.min')}
            value={min}
            inputMode="decimal"
            maxLength={AMOUNT_INPUT_MAX_LENGTH}
            onChange={(event) => setMin(event.target.value)}
            error={shown(errors.min)}
            data-testid="channel-min"
          />
          <TextField
            label={t('admin.cashierSettings.max')}
            value={max}
            inputMode="decimal"
            maxLength={AMOUNT_INPUT_MAX_LENGTH}
            onChange={(event) => setMax(event.target.value)}
            error={shown(errors.max)}
            data-testid="channel-max"
          />
        </div>
        <TextField
          label={t('admin.cashierSettings.presets')}
          hint={t('admin.cashierSettings.presetsHint')}
          value={presets}
          onChange={(event) => setPresets(event.target.value)}
          error={shown(errors.presets)}
        />
        <TextField
          label={t('admin.cashierSettings.order')}
          value={order}
          inputMode="numeric"
          onChange={(event) => setOrder(event.target.value)}
          error={shown(errors.order)}
        />
        <div className={desk.actions}>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('admin.cashierSettings.cancel')}
          </Button>
          <Button type="submit" busy={save.isPending} data-testid="channel-save">
            {t('admin.cashierSettings.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The brand's withdrawal rules as one form, saved whole. */
function WithdrawalRulesForm({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const rules: WithdrawalSettings = brand.withdrawals;
  const amountText = (minor: number) => minorToAmountInput(minor, language);
  const [min, setMin] = useState(amountText(rules.minMinor));
  const [max, setMax] = useState(amountText(rules.maxMinor));
  const [dailyAmount, setDailyAmount] = useState(amountText(rules.dailyAmountMaxMinor));
  const [minDeposit, setMinDeposit] = useState(amountText(rules.minDepositTotalMinor));
  const [dailyCount, setDailyCount] = useState(String(rules.dailyCountMax));
  const [turnover, setTurnover] = useState(String(rules.turnoverPct));
  const [confirmMinutes, setConfirmMinutes] = useState(String(rules.confirmMinutes));
  const [identityRequired, setIdentityRequired] = useState(rules.identityRequired);
  const [submitted, setSubmitted] = useState(false);

  const minMinor = amountInputToMinor(min);
  const maxMinor = amountInputToMinor(max);
  const dailyMinor = amountInputToMinor(dailyAmount);
  // Zero deposits required is a valid rule ("none"): "0" and "0,00" read as 0.
  const minDepositMinor = /^[0.,\s]+$/.test(minDeposit) ? 0 : amountInputToMinor(minDeposit);
  const numbers = {
    dailyCountMax: wholeNumber(dailyCount, BOUNDS.dailyCountMax),
    turnoverPct: wholeNumber(turnover, BOUNDS.turnoverPct),
    confirmMinutes: wholeNumber(confirmMinutes, BOUNDS.confirmMinutes),
  };
  const whole = (key: keyof typeof numbers) =>
    numbers[key] === null
      ? t('admin.cashierSettings.wholeNumber', { min: BOUNDS[key][0], max: BOUNDS[key][1] })
      : null;
  const amountError = (minor: number | null) =>
    minor === null ? t('admin.cashierSettings.amountInvalid') : null;
  const errors = {
    min: amountError(minMinor),
    max:
      amountError(maxMinor) ??
      (minMinor !== null && maxMinor! < minMinor ? t('admin.cashierSettings.minAboveMax') : null),
    daily:
      amountError(dailyMinor) ??
      (maxMinor !== null && dailyMinor! < maxMinor
        ? t('admin.cashierSettings.maxAboveDaily')
        : null),
    minDeposit: amountError(minDepositMinor),
    dailyCountMax: whole('dailyCountMax'),
    turnoverPct: whole('turnoverPct'),
    confirmMinutes: whole('confirmMinutes'),
  };
  const valid = Object.values(errors).every((e) => e === null);
  const save = useMutation({
    mutationFn: () =>
      updateWithdrawalSettings(brand.merchantCode, {
        min: minorToAmountParam(minMinor!),
        max: minorToAmountParam(maxMinor!),
        dailyAmountMax: minorToAmountParam(dailyMinor!),
        minDepositTotal: minorToAmountParam(minDepositMinor!),
        dailyCountMax: numbers.dailyCountMax!,
        turnoverPct: numbers.turnoverPct!,
        confirmMinutes: numbers.confirmMinutes!,
        identityRequired,
      }),
    onSuccess: () => {
      toast.success(t('admin.cashierSettings.saved'));
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
  });
  const shown = (error: string | null) => (submitted ? error : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (valid) save.mutate();
  };
  const amountField = (
    label: string,
    value: string,
    set: (v: string) => void,
    error: string | null,
    testId: string,
  ) => (
    <TextField
      label={label}
      value={value}
      inputMode="decimal"
      maxLength={AMOUNT_INPUT_MAX_LENGTH}
      onChange={(event) => set(event.target.value)}
      error={shown(error)}
      data-testid={testId}
    />
  );
  const numberField = (
    label: string,
    value: string,
    set: (v: string) => void,
    error: string | null,
  ) => (
    <TextField
      label={label}
      value={value}
      inputMode="numeric"
      onChange={(event) => set(event.target.value)}
      error={shown(error)}
    />
  );

  return (
    <section className={styles.card} data-testid="withdrawal-rules">
      <h2>{t('admin.cashierSettings.withdrawals')}</h2>
      <p className={desk.hint}>{t('admin.cashierSettings.withdrawalsHint')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {save.isError ? <FormAlert>{errorMessage(save.error, t)}</FormAlert> : null}
        <div className={styles.grid}>
          {amountField(t('admin.cashierSettings.min'), min, setMin, errors.min, 'rules-min')}
          {amountField(t('admin.cashierSettings.max'), max, setMax, errors.max, 'rules-max')}
          {amountField(
            t('admin.cashierSettings.dailyAmountMax'),
            dailyAmount,
            setDailyAmount,
            errors.daily,
            'rules-daily-amount',
          )}
          {numberField(
            t('admin.cashierSettings.dailyCountMax'),
            dailyCount,
            setDailyCount,
            errors.dailyCountMax,
          )}
          {numberField(
            t('admin.cashierSettings.turnoverPct'),
            turnover,
            setTurnover,
            errors.turnoverPct,
          )}
          {amountField(
            t('admin.cashierSettings.minDepositTotal'),
            minDeposit,
            setMinDeposit,
            errors.minDeposit,
            'rules-min-deposit',
          )}
          {numberField(
            t('admin.cashierSettings.confirmMinutes'),
            confirmMinutes,
            setConfirmMinutes,
            errors.confirmMinutes,
          )}
        </div>
        <Checkbox
          label={t('admin.cashierSettings.identityRequired')}
          checked={identityRequired}
          onChange={(event) => setIdentityRequired(event.target.checked)}
        />
        <div className={desk.actions}>
          <Button type="submit" busy={save.isPending} data-testid="rules-save">
            {t('admin.cashierSettings.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
