import { formatMoney, formatWholeMoney, parseAmountToMinor, type Balances } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type Ref } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, isTransientError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { fieldOfError } from '@/api/field-errors';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { balancesQueryKey, walletQueryKey } from '../api/get-balances';
import { transferFunds } from '../api/transfer-funds';
import {
  AMOUNT_INPUT_MAX_LENGTH,
  amountInputToMinor,
  minorToAmountInput,
  minorToAmountParam,
} from '../lib/amount';
import { walletById, walletsOf, withWalletBalances } from '../lib/balances';
import { RetryableKey } from '../lib/idempotency-key';
import { SelectField } from '@/components/select-field';
import { SwapIcon } from './wallet-icons';

export type TransferValues = { from: string; to: string; amount: string };

/** The quick-amount buttons besides max and 50 %: R$ 10, 50 and 100. */
const QUICK_AMOUNTS_MINOR = [1_000, 5_000, 10_000] as const;

/**
 * The transfer between two of the member's wallets (GCS_walletTransfer). The amount is
 * checked here first (positive, ≤ 2 decimals, ≤ the source wallet) with the message beside the
 * field; the server's refusal, already translated, goes to the field it concerns. A success
 * shows its toast, puts the two balances the ledger answered into the cache, then refetches.
 */
export function TransferForm({
  form,
  balances,
  ref,
}: {
  form: UseFormReturn<TransferValues>;
  balances: Balances;
  ref?: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const keys = useRef(new RetryableKey());
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setValue, getValues, setError, watch, formState } = form;
  const { errors, isSubmitting, isSubmitted } = formState;
  const { currency } = balances;
  const money = (minor: number) => formatMoney(minor, currency, language);
  const wallets = walletsOf(balances);
  const nameOf = (accountTypeId: number) => {
    const wallet = walletById(balances, accountTypeId);
    return !wallet || wallet.vendorCode === null ? t('wallet.mainName') : wallet.name;
  };

  const fromId = Number(watch('from'));
  const toId = Number(watch('to'));
  const sourceMinor = walletById(balances, fromId)?.balanceMinor ?? 0;

  const setAmount = (minor: number) =>
    setValue('amount', minorToAmountInput(minor, language), {
      shouldValidate: isSubmitted,
      shouldDirty: true,
    });

  const swap = () => {
    const { from, to } = getValues();
    setValue('from', to);
    setValue('to', from, { shouldValidate: isSubmitted });
  };

  const validateAmount = (raw: string): true | string => {
    if (!raw.trim()) return t('wallet.form.amountRequired');
    const minor = amountInputToMinor(raw);
    if (minor === null) return t('wallet.form.amountInvalid');
    const available = walletById(balances, Number(getValues('from')))?.balanceMinor ?? 0;
    if (minor > available) return t('wallet.form.amountTooHigh', { amount: money(available) });
    return true;
  };

  /** insufficient_funds tells the source wallet's real balance: show it at once. */
  const rememberReportedBalance = (error: unknown, accountTypeId: number) => {
    if (!isApiError(error) || error.code !== 'insufficient_funds') return;
    const balanceMinor = error.data?.balanceMinor;
    if (typeof balanceMinor !== 'number') return;
    queryClient.setQueryData<Balances>(balancesQueryKey, (old) =>
      old ? withWalletBalances(old, [{ accountTypeId, balanceMinor }]) : old,
    );
  };

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      const fromAccountTypeId = Number(values.from);
      const toAccountTypeId = Number(values.to);
      const amountMinor = amountInputToMinor(values.amount);
      if (amountMinor === null) return; // validateAmount has said why
      const key = keys.current.keyFor(`${fromAccountTypeId}>${toAccountTypeId}:${amountMinor}`);
      try {
        const result = await transferFunds(
          { fromAccountTypeId, toAccountTypeId, amount: minorToAmountParam(amountMinor) },
          key,
        );
        keys.current.settle();
        queryClient.setQueryData<Balances>(balancesQueryKey, (old) =>
          old ? withWalletBalances(old, [result.from, result.to]) : old,
        );
        const moved = parseAmountToMinor(result.successAmount) ?? amountMinor;
        toast.success(
          t('wallet.form.success', {
            amount: money(moved),
            from: nameOf(fromAccountTypeId),
            to: nameOf(toAccountTypeId),
          }),
        );
        form.reset({ from: values.from, to: values.to, amount: '' });
      } catch (error) {
        // No answer (or a 5xx): the same submit again must reuse the key (applied at most once).
        if (!isTransientError(error)) keys.current.settle();
        rememberReportedBalance(error, fromAccountTypeId);
        const field = fieldOfError(error, ['amount', 'to'] as const, {
          insufficient_funds: 'amount',
          invalid_amount: 'amount',
          unknown_wallet: 'to',
        });
        const message = errorMessage(error, t);
        if (field) setError(field, { message }, { shouldFocus: true });
        else setFormError(message);
      }
      // Whatever happened, the ledger has the last word on every balance and the record.
      void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    },
    () => setFormError(null),
  );

  const options = wallets.map((wallet) => (
    <option key={wallet.accountTypeId} value={String(wallet.accountTypeId)}>
      {`${nameOf(wallet.accountTypeId)} · ${money(wallet.balanceMinor)}`}
    </option>
  ));

  return (
    <section
      ref={ref}
      className="card transfer-card"
      aria-labelledby="transfer-title"
      data-testid="transfer-form"
    >
      <header className="transfer-card__header">
        <h2 id="transfer-title" className="card__title">
          {t('wallet.form.title')}
        </h2>
        <p className="card__subtitle">{t('wallet.form.subtitle')}</p>
      </header>
      <form className="transfer-card__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="transfer-card__route">
          <SelectField
            label={t('wallet.form.from')}
            data-testid="transfer-from"
            {...register('from', {
              // Picking the wallet already chosen as destination swaps the two.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === String(toId))
                  setValue('to', String(fromId), { shouldValidate: isSubmitted });
                else if (isSubmitted) void form.trigger(['to', 'amount']);
              },
            })}
          >
            {options}
          </SelectField>
          <button
            type="button"
            className="icon-btn transfer-card__swap"
            onClick={swap}
            aria-label={t('wallet.form.swap')}
            title={t('wallet.form.swap')}
            data-testid="transfer-swap"
          >
            <SwapIcon />
          </button>
          <SelectField
            label={t('wallet.form.to')}
            data-testid="transfer-to"
            error={errors.to?.message}
            {...register('to', {
              validate: (value) =>
                value !== getValues('from') ? true : t('wallet.form.sameWallet'),
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === String(fromId))
                  setValue('from', String(toId), { shouldValidate: isSubmitted });
              },
            })}
          >
            {options}
          </SelectField>
        </div>

        <TextField
          label={t('wallet.form.amount')}
          prefix={balances.currencySymbol}
          placeholder={t('wallet.form.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={AMOUNT_INPUT_MAX_LENGTH}
          hint={t('wallet.form.available', { amount: money(sourceMinor) })}
          error={errors.amount?.message}
          data-testid="transfer-amount"
          {...register('amount', { validate: validateAmount })}
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="transfer-card__bottom">
          <div className="quick-amounts" role="group" aria-label={t('wallet.form.quickLabel')}>
            <button
              type="button"
              className="quick-amounts__button"
              onClick={() => setAmount(sourceMinor)}
              disabled={sourceMinor === 0}
              data-testid="quick-max"
            >
              {t('wallet.form.max')}
            </button>
            <button
              type="button"
              className="quick-amounts__button"
              onClick={() => setAmount(Math.floor(sourceMinor / 2))}
              disabled={sourceMinor < 2}
              data-testid="quick-half"
            >
              {t('wallet.form.half')}
            </button>
            {QUICK_AMOUNTS_MINOR.map((minor) => (
              <button
                key={minor}
                type="button"
                className="quick-amounts__button"
                onClick={() => setAmount(minor)}
                disabled={minor > sourceMinor}
                data-testid={`quick-${minor}`}
              >
                {formatWholeMoney(minor, currency, language)}
              </button>
            ))}
          </div>
          <Button
            type="submit"
            size="lg"
            className="transfer-card__submit"
            busy={isSubmitting}
            data-testid="transfer-submit"
          >
            {isSubmitting ? t('wallet.form.submitting') : t('wallet.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
