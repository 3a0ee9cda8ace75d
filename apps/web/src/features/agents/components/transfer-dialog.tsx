import { CANONICAL_AMOUNT_PATTERN, formatMoney } from '@banca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert, PasswordField, TextField } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { agentsQueryKey } from '../api/keys';
import { newRequestKey, transferToDownline, transferToUpline } from '../api/transfer';
import styles from './agent-page.module.css';

/**
 * The transfer form, to a direct downline or to the upline: amount and payment password. One
 * request key per opened form, so a double click or a retry after a timeout moves money once.
 */
export function TransferForm({
  to,
  currency,
  onDone,
}: {
  /** The receiver: a downline by id, or the member's upline. */
  to:
    { kind: 'downline'; memberId: number; username: string } | { kind: 'upline'; username: string };
  currency: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const requestKey = useRef(newRequestKey());
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      to.kind === 'downline'
        ? transferToDownline({
            downlineId: to.memberId,
            amount,
            paymentPassword,
            requestKey: requestKey.current,
          })
        : transferToUpline({ amount, paymentPassword, requestKey: requestKey.current }),
    onSuccess: (done) => {
      toast.success(
        t('agents.transfer.sent', {
          amount: formatMoney(done.amountMinor, done.currency, language),
          receiver: done.receiver,
        }),
      );
      requestKey.current = newRequestKey();
      setAmount('');
      setPaymentPassword('');
      void queryClient.invalidateQueries({ queryKey: agentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      onDone?.();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CANONICAL_AMOUNT_PATTERN.test(amount))
      return setInvalid(t('agents.transfer.amountFormat'));
    if (!paymentPassword) return setInvalid(t('agents.transfer.passwordRequired'));
    setInvalid(null);
    send.mutate();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="agent-transfer-form">
      <p className={styles.subtitle}>{t('agents.transfer.to', { username: to.username })}</p>
      <TextField
        label={t('agents.transfer.amount', { currency })}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value.replace(',', '.'))}
        data-testid="agent-transfer-amount"
      />
      <PasswordField
        label={t('agents.transfer.paymentPassword')}
        autoComplete="off"
        value={paymentPassword}
        onChange={(event) => setPaymentPassword(event.target.value)}
        data-testid="agent-transfer-password"
      />
      {invalid || send.error ? (
        <FormAlert>{invalid ?? errorMessage(send.error, t)}</FormAlert>
      ) : null}
      <Button type="submit" busy={send.isPending} data-testid="agent-transfer-submit">
        {t('agents.transfer.submit')}
      </Button>
    </form>
  );
}

/** The transfer form in a dialog, from a downline's row. */
export function TransferDialog({
  downline,
  currency,
  onClose,
}: {
  downline: { memberId: number; username: string } | null;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={downline !== null}
      onClose={onClose}
      title={t('agents.transfer.title')}
      size="sm"
      data-testid="agent-transfer-dialog"
    >
      {downline ? (
        <TransferForm to={{ kind: 'downline', ...downline }} currency={currency} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}
