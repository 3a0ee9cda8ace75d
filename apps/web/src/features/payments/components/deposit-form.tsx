import { formatMoney, formatWholeMoney, type Deposit, type DepositChannel } from '@banca/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { ReceiptIcon, SparklesIcon } from '@/components/icons';
import { useLanguage } from '@/i18n';
import { AMOUNT_INPUT_MAX_LENGTH, minorToAmountInput, minorToAmountParam } from '@/lib/amount';
import { createDeposit } from '../api/create-deposit';
import { checkDepositAmount } from '../lib/deposit-amount';
import styles from './deposit.module.css';

/** Method cards, the amount with its quick amounts, and the button that makes the charge. */
export function DepositForm({
  channels,
  currency,
  onCreated,
}: {
  channels: DepositChannel[];
  currency: string;
  onCreated: (deposit: Deposit) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [channelCode, setChannelCode] = useState(channels[0]!.code);
  const channel = channels.find((c) => c.code === channelCode) ?? channels[0]!;
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const money = (minor: number) => formatMoney(minor, currency, language);
  const check = checkDepositAmount(amount, channel.minMinor, channel.maxMinor);
  const create = useMutation({ mutationFn: createDeposit, onSuccess: onCreated });

  const amountError = !touched || check.ok ? undefined : messageOf(check.reason);
  function messageOf(reason: 'required' | 'invalid' | 'out_of_range'): string {
    if (reason === 'required') return t('deposit.amountRequired');
    if (reason === 'invalid') return t('deposit.amountInvalid');
    return t('deposit.amountOutOfRange', {
      min: money(channel.minMinor),
      max: money(channel.maxMinor),
    });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.ok || create.isPending) return;
    create.mutate({ channelCode: channel.code, amount: minorToAmountParam(check.minor) });
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate data-testid="deposit-form">
      <fieldset className={styles.methods}>
        <legend className={styles.label}>{t('deposit.methodsLabel')}</legend>
        <div className={styles.methodGrid} role="radiogroup">
          {channels.map((c) => (
            <label
              key={c.code}
              className={styles.method}
              data-selected={c.code === channel.code || undefined}
              data-testid={`deposit-method-${c.code}`}
            >
              <input
                type="radio"
                name="channel"
                value={c.code}
                checked={c.code === channel.code}
                onChange={() => {
                  setChannelCode(c.code);
                  create.reset();
                }}
                className="visually-hidden"
              />
              <span className={styles.methodIcon} aria-hidden="true">
                {c.method === 'pix' ? <PixMark /> : <ReceiptIcon />}
              </span>
              <span className={styles.methodText}>
                <strong>{t(`deposit.methods.${c.method}`)}</strong>
                <small>{t(`deposit.methodHints.${c.method}`)}</small>
                <small className={styles.methodLimits}>
                  {t('deposit.limits', { min: money(c.minMinor), max: money(c.maxMinor) })}
                </small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <TextField
        label={t('deposit.amountLabel')}
        prefix={currency === 'BRL' ? 'R$' : currency}
        inputMode="decimal"
        autoComplete="off"
        maxLength={AMOUNT_INPUT_MAX_LENGTH}
        placeholder={t('deposit.amountPlaceholder')}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          create.reset();
        }}
        onBlur={() => setTouched(amount !== '')}
        error={amountError}
        hint={t('deposit.amountHint', {
          min: money(channel.minMinor),
          max: money(channel.maxMinor),
        })}
        data-testid="deposit-amount"
      />

      {channel.presetsMinor.length > 0 ? (
        <div className={styles.presets} role="group" aria-label={t('deposit.presetsLabel')}>
          {channel.presetsMinor.map((preset) => {
            const selected = check.ok && check.minor === preset;
            return (
              <button
                key={preset}
                type="button"
                className={styles.preset}
                aria-pressed={selected}
                data-testid="deposit-preset"
                onClick={() => {
                  setAmount(minorToAmountInput(preset, language));
                  setTouched(true);
                  create.reset();
                }}
              >
                {formatWholeMoney(preset, currency, language)}
              </button>
            );
          })}
        </div>
      ) : null}

      {create.isError ? <FormAlert>{errorMessage(create.error, t)}</FormAlert> : null}

      <Button type="submit" size="lg" block busy={create.isPending} data-testid="deposit-submit">
        {!create.isPending && <SparklesIcon width={18} height={18} aria-hidden="true" />}
        {create.isPending
          ? t('deposit.submitting')
          : check.ok
            ? t(channel.method === 'pix' ? 'deposit.submit' : 'deposit.submitBank', {
                amount: money(check.minor),
              })
            : t(channel.method === 'pix' ? 'deposit.submitPlain' : 'deposit.submitBankPlain')}
      </Button>
      {channel.method === 'pix' ? (
        <p className={styles.note}>{t('deposit.pix.ownAccount')}</p>
      ) : null}
    </form>
  );
}

/** The PIX mark, drawn (four rounded diamonds), since no icon in the set stands for it. */
export function PixMark() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
      <path d="M12 2.6c.6 0 1.2.2 1.6.7l2.5 2.5-2.1 2.1-1.3-1.3a1 1 0 0 0-1.4 0L10 7.9 7.9 5.8l2.5-2.5c.4-.5 1-.7 1.6-.7Zm6.2 5.3 2.5 2.5a2.3 2.3 0 0 1 0 3.2l-2.5 2.5-2.1-2.1 1.3-1.3a1 1 0 0 0 0-1.4L16.1 10l2.1-2.1ZM5.8 7.9 7.9 10l-1.3 1.3a1 1 0 0 0 0 1.4L7.9 14l-2.1 2.1-2.5-2.5a2.3 2.3 0 0 1 0-3.2l2.5-2.5ZM10 16.1l1.3 1.3a1 1 0 0 0 1.4 0l1.3-1.3 2.1 2.1-2.5 2.5a2.3 2.3 0 0 1-3.2 0l-2.5-2.5 2.1-2.1Z" />
    </svg>
  );
}
