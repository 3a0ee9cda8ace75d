import { formatMoney, type WithdrawOverview } from '@banca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, PasswordField, TextField } from '@/components/form-field';
import { WalletOutIcon } from '@/components/icons';
import { useLanguage } from '@/i18n';
import { AMOUNT_INPUT_MAX_LENGTH, minorToAmountInput, minorToAmountParam } from '@/lib/amount';
import { toast } from '@/stores/toast-store';
import { createWithdrawal } from '../api/create-withdrawal';
import { withdrawQueryKey } from '../api/withdraw-keys';
import { checkDepositAmount } from '../lib/deposit-amount';
import styles from './deposit.module.css';
import own from './withdraw.module.css';

/** The amount (checked against the brand's limits before sending), the PIX key, the payment password. */
export function WithdrawForm({
  overview: o,
  onRequested,
}: {
  overview: WithdrawOverview;
  onRequested: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [keyId, setKeyId] = useState<number | null>(o.pixKeys[0]?.id ?? null);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const money = (minor: number) => formatMoney(minor, o.currency, language);
  const maxMinor = Math.min(o.maxMinor, o.balanceMinor);
  const check = checkDepositAmount(amount, o.minMinor, o.maxMinor);
  const selectedKey = o.pixKeys.find((k) => k.id === keyId) ?? o.pixKeys[0] ?? null;
  const blocked =
    !o.paymentPasswordSet || (o.identityRequired && o.identity === null) || selectedKey === null;
  const create = useMutation({
    mutationFn: createWithdrawal,
    onSuccess: async (withdrawal) => {
      toast.success(t('withdraw.form.sent', { amount: money(withdrawal.amountMinor) }));
      setAmount('');
      setPassword('');
      setTouched(false);
      onRequested();
      await queryClient.invalidateQueries({ queryKey: withdrawQueryKey });
    },
  });

  const amountError =
    !touched || check.ok
      ? undefined
      : check.reason === 'required'
        ? t('deposit.amountRequired')
        : check.reason === 'invalid'
          ? t('deposit.amountInvalid')
          : t('deposit.amountOutOfRange', { min: money(o.minMinor), max: money(o.maxMinor) });
  const passwordError =
    touched && password === '' ? t('withdraw.form.passwordRequired') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.ok || !password || !selectedKey || blocked || create.isPending) return;
    create.mutate({
      amount: minorToAmountParam(check.minor),
      pixKeyId: selectedKey.id,
      paymentPassword: password,
    });
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate data-testid="withdraw-form">
      <h2 className={own.sectionTitle}>{t('withdraw.form.title')}</h2>
      <TextField
        label={t('withdraw.form.amountLabel')}
        prefix={o.currency === 'BRL' ? 'R$' : o.currency}
        inputMode="decimal"
        autoComplete="off"
        maxLength={AMOUNT_INPUT_MAX_LENGTH}
        placeholder={t('withdraw.form.amountPlaceholder')}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          create.reset();
        }}
        onBlur={() => setTouched(amount !== '')}
        error={amountError}
        hint={t('withdraw.form.amountHint', { min: money(o.minMinor), max: money(o.maxMinor) })}
        trailing={
          maxMinor >= o.minMinor ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setAmount(minorToAmountInput(maxMinor, language));
                create.reset();
              }}
            >
              {t('withdraw.form.all')}
            </Button>
          ) : undefined
        }
        data-testid="withdraw-amount"
      />
      {o.pixKeys.length === 0 ? (
        <p className={styles.note}>{t('withdraw.form.noKeys')}</p>
      ) : (
        <fieldset className={styles.methods}>
          <legend className={styles.label}>{t('withdraw.form.keyLabel')}</legend>
          <ul className={own.keys} role="radiogroup">
            {o.pixKeys.map((k) => (
              <li
                key={k.id}
                className={own.key}
                data-selected={k.id === selectedKey?.id || undefined}
              >
                <label>
                  <input
                    type="radio"
                    name="pixKey"
                    value={k.id}
                    checked={k.id === selectedKey?.id}
                    onChange={() => setKeyId(k.id)}
                  />
                  <span className={own.keyType}>{t(`withdraw.keys.types.${k.type}`)}</span>
                  <span className={own.keyValue}>{k.keyMasked}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <PasswordField
        label={t('withdraw.form.passwordLabel')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          create.reset();
        }}
        error={passwordError}
        hint={t('withdraw.form.passwordHint')}
        data-testid="withdraw-password"
      />
      {blocked ? (
        <FormAlert tone="info" data-testid="withdraw-blocked">
          {t('withdraw.form.blocked')}
        </FormAlert>
      ) : null}
      {create.isError ? <FormAlert>{errorMessage(create.error, t)}</FormAlert> : null}
      <Button
        type="submit"
        size="lg"
        block
        busy={create.isPending}
        disabled={blocked}
        data-testid="withdraw-submit"
      >
        {!create.isPending && <WalletOutIcon width={18} height={18} aria-hidden="true" />}
        {create.isPending
          ? t('withdraw.form.submitting')
          : check.ok
            ? t('withdraw.form.submit', { amount: money(check.minor) })
            : t('withdraw.form.submitPlain')}
      </Button>
    </form>
  );
}
