import { formatMoney, type MemberDetail } from '@banca/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert, TextField } from '@/components/form-field';
import { amountInputToMinor, minorToAmountParam } from '@/lib/amount';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { adjustBalance } from '../../api/members';
import { newFormKey } from '../../lib/format';
import styles from './desk.module.css';

/**
 * A manual adjustment of the main wallet, with a reason (docs/admin-console.md). The form
 * keeps one idempotency key while it is open, so a double click or a retry after a lost answer
 * posts once; a new form gets a new key.
 */
export function AdjustDialog({
  open,
  member,
  onClose,
  onDone,
}: {
  open: boolean;
  member: MemberDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('admin.members.adjustTitle')}
      data-testid="adjust-dialog"
    >
      {open ? <AdjustForm member={member} onClose={onClose} onDone={onDone} /> : null}
    </Dialog>
  );
}

function AdjustForm({
  member,
  onClose,
  onDone,
}: {
  member: MemberDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [key] = useState(newFormKey);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Read as the site reads amounts (lib/amount): "1.000,00", "25,50", "25.50" alike.
  const amountMinor = amountInputToMinor(amount);
  const amountError = touched && amountMinor === null ? t('admin.members.amountHint') : null;
  const reasonError = touched && reason.trim().length < 3 ? t('admin.members.reasonHint') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountMinor === null || reason.trim().length < 3) return;
    setBusy(true);
    setError(null);
    try {
      const result = await adjustBalance(member.id, {
        direction,
        amount: minorToAmountParam(amountMinor),
        reason: reason.trim(),
        idempotencyKey: key,
      });
      toast.success(
        result.replayed
          ? t('admin.members.adjustReplayed')
          : t('admin.members.adjusted', {
              before: formatMoney(result.beforeMinor, member.currency, language),
              after: formatMoney(result.afterMinor, member.currency, language),
            }),
      );
      onDone();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, t));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('admin.members.adjustText')}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <fieldset className={styles.radioRow}>
        <legend>{t('admin.members.direction')}</legend>
        {(['credit', 'debit'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="direction"
              value={value}
              checked={direction === value}
              onChange={() => setDirection(value)}
              data-testid={`adjust-${value}`}
            />
            {t(`admin.members.${value}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('admin.members.amount')}
        inputMode="decimal"
        value={amount}
        maxLength={13}
        onChange={(event) => setAmount(event.target.value)}
        error={amountError}
        hint={t('admin.members.amountHint')}
        data-testid="adjust-amount"
        data-autofocus
      />
      <TextField
        label={t('admin.members.reason')}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError}
        hint={t('admin.members.reasonHint')}
        data-testid="adjust-reason"
      />
      <div className={styles.buttons}>
        <Button type="submit" busy={busy} data-testid="adjust-submit">
          {t('admin.members.confirmAdjust')}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('admin.members.cancel')}
        </Button>
      </div>
    </form>
  );
}
