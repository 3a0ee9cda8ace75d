import { formatMoney, MAX_PROOFS, PROOF_MAX_BYTES, type Withdrawal } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert, TextField } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import { AMOUNT_INPUT_MAX_LENGTH, amountInputToMinor, minorToAmountParam } from '@/lib/amount';
import { toast } from '@/stores/toast-store';
import { confirmWithdrawal } from '../api/confirm-withdrawal';
import { pendingConfirmationsQueryOptions } from '../api/get-pending-confirmations';
import { uploadProof } from '../api/upload-proof';
import { withdrawQueryKey } from '../api/withdraw-keys';
import styles from './deposit.module.css';
import own from './withdraw.module.css';

type Answer = 'received' | 'partial' | 'not_received';

/**
 * Payouts waiting for the member's answer (facts.md §1 "list pending confirmations"), the first
 * one as a banner with its deadline; the answer opens the confirmation dialog.
 */
export function ConfirmationBanner({
  timeZone,
  onAnswered,
}: {
  timeZone: string;
  onAnswered: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState<Withdrawal | null>(null);
  const pending = useQuery(pendingConfirmationsQueryOptions());
  const first = pending.data?.list[0];
  if (!first) return null;
  const time = new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit' });
  return (
    <div className={own.banner} role="status" data-testid="confirm-banner">
      <div>
        <strong>
          {t('withdraw.confirm.banner', {
            amount: formatMoney(first.amountMinor, first.currency, language),
          })}
        </strong>
        {first.confirmBy ? (
          <small>
            {t('withdraw.confirm.bannerHint', { time: time.format(new Date(first.confirmBy)) })}
          </small>
        ) : null}
      </div>
      <Button onClick={() => setOpen(first)} data-testid="confirm-open">
        {t('withdraw.records.confirm')}
      </Button>
      <ConfirmDialog
        withdrawal={open}
        timeZone={timeZone}
        onClose={() => setOpen(null)}
        onAnswered={onAnswered}
      />
    </div>
  );
}

/**
 * The confirmation (spec §4): received in full, partly received (the amount that arrived; the
 * rest shown as missing), or not received with at least one proof image (PNG or JPG, ≤ 5 MB,
 * ≤ 3; the server checks the bytes).
 */
export function ConfirmDialog({
  withdrawal,
  timeZone,
  onClose,
  onAnswered,
}: {
  withdrawal: Withdrawal | null;
  timeZone: string;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<Answer>('received');
  const [received, setReceived] = useState('');
  const [proofCount, setProofCount] = useState(withdrawal?.proofCount ?? 0);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadProof(withdrawal!.id, file),
    onSuccess: (updated) => setProofCount(updated.proofCount),
  });
  const confirm = useMutation({
    mutationFn: (body: Parameters<typeof confirmWithdrawal>[1]) =>
      confirmWithdrawal(withdrawal!.id, body),
    onSuccess: async () => {
      toast.success(t('withdraw.confirm.thanks'));
      onAnswered();
      onClose();
      await queryClient.invalidateQueries({ queryKey: withdrawQueryKey });
    },
  });
  if (!withdrawal) return null;
  const money = (minor: number) => formatMoney(minor, withdrawal.currency, language);
  const receivedMinor = amountInputToMinor(received);
  const time = new Intl.DateTimeFormat(language, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

  const choose = (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg')
      return setFileError(t('withdraw.confirm.proofType'));
    if (file.size > PROOF_MAX_BYTES) return setFileError(t('withdraw.confirm.proofTooBig'));
    upload.mutate(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (answer === 'partial') {
      if (receivedMinor === null) return;
      confirm.mutate({ answer, receivedAmount: minorToAmountParam(receivedMinor) });
    } else if (answer === 'not_received') {
      if (proofCount === 0) return setFileError(t('withdraw.confirm.proofNeeded'));
      confirm.mutate({ answer });
    } else confirm.mutate({ answer });
  };

  const choices: { key: Answer; label: string }[] = [
    { key: 'received', label: t('withdraw.confirm.received') },
    { key: 'partial', label: t('withdraw.confirm.partial') },
    { key: 'not_received', label: t('withdraw.confirm.notReceived') },
  ];

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('withdraw.confirm.title', { amount: money(withdrawal.amountMinor) })}
      data-testid="confirm-dialog"
    >
      <form className={own.dialogBody} onSubmit={submit} noValidate>
        <fieldset className={styles.methods}>
          <legend className={styles.label}>{t('withdraw.confirm.question')}</legend>
          <div className={own.choices} role="radiogroup">
            {choices.map((c) => (
              <label
                key={c.key}
                className={own.choice}
                data-selected={answer === c.key || undefined}
                data-testid={`confirm-${c.key}`}
              >
                <input
                  type="radio"
                  name="answer"
                  value={c.key}
                  checked={answer === c.key}
                  onChange={() => {
                    setAnswer(c.key);
                    confirm.reset();
                  }}
                />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
        {answer === 'partial' ? (
          <TextField
            label={t('withdraw.confirm.receivedAmount')}
            prefix={withdrawal.currency === 'BRL' ? 'R$' : withdrawal.currency}
            inputMode="decimal"
            maxLength={AMOUNT_INPUT_MAX_LENGTH}
            value={received}
            onChange={(event) => setReceived(event.target.value)}
            hint={
              receivedMinor !== null && receivedMinor < withdrawal.amountMinor
                ? t('withdraw.confirm.remaining', {
                    amount: money(withdrawal.amountMinor - receivedMinor),
                  })
                : undefined
            }
            data-testid="confirm-received-amount"
          />
        ) : null}
        {answer === 'not_received' ? (
          <div className={styles.upload}>
            <span className={styles.label}>{t('withdraw.confirm.proofLabel')}</span>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg"
              className="visually-hidden"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
              data-testid="confirm-proof-input"
            />
            <Button
              type="button"
              variant="secondary"
              busy={upload.isPending}
              disabled={proofCount >= MAX_PROOFS}
              onClick={() => fileInput.current?.click()}
            >
              {upload.isPending
                ? t('withdraw.confirm.proofSending')
                : t('withdraw.confirm.proofChoose')}
            </Button>
            <small className={own.reason} data-testid="confirm-proof-count">
              {t('withdraw.confirm.proofCount', { count: proofCount, max: MAX_PROOFS })}
            </small>
          </div>
        ) : null}
        {fileError ? <FormAlert>{fileError}</FormAlert> : null}
        {upload.isError ? <FormAlert>{errorMessage(upload.error, t)}</FormAlert> : null}
        {confirm.isError ? <FormAlert>{errorMessage(confirm.error, t)}</FormAlert> : null}
        {withdrawal.confirmBy ? (
          <p className={styles.note}>
            {t('withdraw.confirm.deadline', { time: time.format(new Date(withdrawal.confirmBy)) })}
          </p>
        ) : null}
        <Button type="submit" block busy={confirm.isPending} data-testid="confirm-submit">
          {confirm.isPending ? t('withdraw.confirm.submitting') : t('withdraw.confirm.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
