import { formatMoney, type Deposit } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-field';
import { AlertIcon, CheckCircleIcon, CopyIcon, ReceiptIcon, RefreshIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { depositQueryOptions } from '../api/get-deposit';
import { depositsQueryKey } from '../api/keys';
import { uploadReceipt } from '../api/upload-receipt';
import { formatCountdown, secondsLeft } from '../lib/countdown';
import { PixMark } from './deposit-form';
import styles from './deposit.module.css';

/** Largest receipt the server takes; checked here too so nobody uploads 20 MB to be refused. */
const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * One deposit while it is open and right after: the PIX charge (QR code, copia e cola,
 * countdown) or the bank details and the receipt upload, then success or "deposit failed".
 * Its status is polled (get-deposit.ts) until it ends; `onCredited` refreshes the balances.
 */
export function ActiveDeposit({
  id,
  onCredited,
  onNew,
}: {
  id: number;
  onCredited: () => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deposit = useQuery(depositQueryOptions(id));
  const status = deposit.data?.status;
  const previous = useRef<string | undefined>(undefined);

  // The moment it ends: balances and records are read again, once.
  useEffect(() => {
    if (!status) return;
    const before = previous.current;
    previous.current = status;
    if (status === 'pending' || before === status) return;
    void queryClient.invalidateQueries({ queryKey: depositsQueryKey });
    if (status === 'credited') onCredited();
    if (before === 'pending' && status === 'credited') toast.success(t('deposit.success.title'));
  }, [status, onCredited, queryClient, t]);

  if (!deposit.data) {
    if (deposit.isError)
      return (
        <div className={styles.card}>
          <FormAlert>{errorMessage(deposit.error, t)}</FormAlert>
          <Button variant="secondary" onClick={() => void deposit.refetch()}>
            <RefreshIcon width={18} height={18} />
            {t('common.retry')}
          </Button>
        </div>
      );
    return (
      <div className={styles.card}>
        <Skeleton height={260} radius="var(--radius-md)" />
      </div>
    );
  }
  const d = deposit.data;
  return (
    <div data-testid="active-deposit" data-status={d.status} data-deposit-id={d.id}>
      {d.status !== 'pending' ? (
        <Outcome deposit={d} onNew={onNew} />
      ) : d.pix ? (
        <PixCharge deposit={d} onNew={onNew} />
      ) : (
        <BankTransfer deposit={d} onNew={onNew} />
      )}
    </div>
  );
}

/** Seconds left until `expiresAt`, ticking once a second. */
function useSecondsLeft(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? secondsLeft(expiresAt, now) : null;
}

async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

function PixCharge({ deposit, onNew }: { deposit: Deposit; onNew: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const left = useSecondsLeft(deposit.expiresAt);
  const amount = formatMoney(deposit.amountMinor, deposit.currency, language);
  const pix = deposit.pix!;
  const codeRef = useRef<HTMLTextAreaElement>(null);
  return (
    <section className={`${styles.card} ${styles.charge}`} aria-labelledby="pix-title">
      <header className={styles.chargeHead}>
        <span className={styles.pixBadge}>
          <PixMark />
        </span>
        <div>
          <h2 id="pix-title" className={styles.chargeTitle}>
            {t('deposit.pix.title')}
          </h2>
          <p className={styles.chargeAmount} data-testid="charge-amount">
            {amount}
          </p>
        </div>
        <div className={styles.countdown} data-testid="charge-countdown" aria-live="off">
          <small>{t('deposit.pix.expiresIn')}</small>
          <strong>
            {left === null ? '—' : left > 0 ? formatCountdown(left) : t('deposit.pix.expired')}
          </strong>
        </div>
      </header>

      <div className={styles.chargeBody}>
        <figure className={styles.qr}>
          <QRCodeSVG
            value={pix.copiaECola}
            size={220}
            level="M"
            marginSize={2}
            title={t('deposit.pix.qrLabel', { amount })}
            data-testid="charge-qr"
          />
          <figcaption>{t('deposit.pix.scan')}</figcaption>
        </figure>
        <div className={styles.copyBox}>
          <label htmlFor="pix-code" className={styles.label}>
            {t('deposit.pix.orCopy')}
          </label>
          <textarea
            id="pix-code"
            ref={codeRef}
            className={styles.code}
            readOnly
            rows={5}
            value={pix.copiaECola}
            aria-label={t('deposit.pix.codeLabel')}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="charge-code"
          />
          <Button
            block
            onClick={() => {
              codeRef.current?.select();
              void copy(pix.copiaECola, t('deposit.pix.copied'), t('deposit.pix.copyFailed'));
            }}
            data-testid="charge-copy"
          >
            <CopyIcon width={18} height={18} aria-hidden="true" />
            {t('deposit.pix.copy')}
          </Button>
          <div className={styles.waiting} role="status" data-testid="charge-waiting">
            <Spinner sizePx={18} />
            <div>
              <strong>{t('deposit.pix.waiting')}</strong>
              <small>{t('deposit.pix.waitingHint')}</small>
            </div>
          </div>
          {pix.payPageUrl ? (
            <a
              className={styles.sandbox}
              href={pix.payPageUrl}
              target="_blank"
              rel="noreferrer"
              title={t('deposit.pix.sandboxHint')}
              data-testid="charge-sandbox-link"
            >
              {t('deposit.pix.sandbox')} ↗
            </a>
          ) : null}
        </div>
      </div>
      <footer className={styles.chargeFoot}>
        <small>{t('deposit.pix.ownAccount')}</small>
        <Button variant="ghost" size="sm" onClick={onNew}>
          {t('deposit.newDeposit')}
        </Button>
      </footer>
    </section>
  );
}

function BankTransfer({ deposit, onNew }: { deposit: Deposit; onNew: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const amount = formatMoney(deposit.amountMinor, deposit.currency, language);
  const bank = deposit.bankTransfer?.bank;
  const uploaded = deposit.bankTransfer?.receiptUploaded ?? false;
  const [fileError, setFileError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (image: File) => uploadReceipt(deposit.id, image),
    onSuccess: (updated) => {
      queryClient.setQueryData(depositQueryOptions(deposit.id).queryKey, updated);
      toast.success(t('deposit.bank.receiptSent'));
    },
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    upload.reset();
    setFile(null);
    if (!chosen) return setFileError(null);
    if (!['image/png', 'image/jpeg'].includes(chosen.type))
      return setFileError(t('deposit.bank.receiptType'));
    if (chosen.size > RECEIPT_MAX_BYTES) return setFileError(t('deposit.bank.receiptTooBig'));
    setFileError(null);
    setFile(chosen);
  };
  const deadline = deposit.expiresAt
    ? new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(deposit.expiresAt),
      )
    : null;
  const rows: Array<[string, string]> = bank
    ? [
        [t('deposit.bank.bankName'), bank.bank],
        [t('deposit.bank.agency'), bank.agency],
        [t('deposit.bank.account'), bank.account],
        [t('deposit.bank.holder'), bank.holder],
        [t('deposit.bank.document'), bank.document],
      ]
    : [];
  return (
    <section className={`${styles.card} ${styles.charge}`} aria-labelledby="bank-title">
      <header className={styles.chargeHead}>
        <span className={styles.pixBadge}>
          <ReceiptIcon />
        </span>
        <div>
          <h2 id="bank-title" className={styles.chargeTitle}>
            {t('deposit.bank.title')}
          </h2>
          <p className={styles.chargeAmount}>{amount}</p>
        </div>
        {uploaded ? (
          <span className={styles.status} data-status="pending">
            {t('deposit.bank.reviewing')}
          </span>
        ) : null}
      </header>
      {uploaded ? (
        <div className={styles.waiting} role="status" data-testid="receipt-reviewing">
          <Spinner sizePx={18} />
          <div>
            <strong>{t('deposit.bank.receiptSent')}</strong>
          </div>
        </div>
      ) : (
        <>
          <p className={styles.note}>{t('deposit.bank.intro', { amount })}</p>
          <dl className={styles.bankRows}>
            {rows.map(([label, value]) => (
              <div key={label} className={styles.bankRow}>
                <dt>{label}</dt>
                <dd>
                  <span>{value}</span>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={t('deposit.bank.copy', { field: label })}
                    onClick={() =>
                      void copy(value, t('deposit.pix.copied'), t('deposit.pix.copyFailed'))
                    }
                  >
                    <CopyIcon width={16} height={16} />
                  </button>
                </dd>
              </div>
            ))}
          </dl>
          <div className={styles.upload}>
            <label className={styles.label} htmlFor="receipt-file">
              {t('deposit.bank.receiptLabel')}
            </label>
            <input
              id="receipt-file"
              type="file"
              accept="image/png,image/jpeg"
              onChange={choose}
              className={styles.file}
              data-testid="receipt-file"
            />
            {fileError ? <FormAlert>{fileError}</FormAlert> : null}
            {upload.isError ? <FormAlert>{errorMessage(upload.error, t)}</FormAlert> : null}
            <Button
              block
              disabled={!file}
              busy={upload.isPending}
              onClick={() => file && upload.mutate(file)}
              data-testid="receipt-send"
            >
              {upload.isPending ? t('deposit.bank.receiptSending') : t('deposit.bank.receiptSend')}
            </Button>
            {deadline ? (
              <small className={styles.note}>
                {t('deposit.bank.deadline', { time: deadline })}
              </small>
            ) : null}
          </div>
        </>
      )}
      <footer className={styles.chargeFoot}>
        <span />
        <Button variant="ghost" size="sm" onClick={onNew}>
          {t('deposit.newDeposit')}
        </Button>
      </footer>
    </section>
  );
}

/** Credited, or ended without money ("deposit failed"): what happened and what to do next. */
function Outcome({ deposit, onNew }: { deposit: Deposit; onNew: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const amount = formatMoney(deposit.amountMinor, deposit.currency, language);
  const credited = deposit.status === 'credited';
  const reason =
    deposit.failureReason === 'rejected' || deposit.failureReason === 'payer_not_own_cpf'
      ? deposit.failureReason
      : deposit.status === 'expired'
        ? 'expired'
        : 'failed';
  return (
    <section
      className={`${styles.card} ${styles.outcome}`}
      data-tone={credited ? 'success' : 'danger'}
      role="status"
      data-testid={credited ? 'deposit-success' : 'deposit-failed'}
    >
      <span className={styles.outcomeIcon} aria-hidden="true">
        {credited ? (
          <CheckCircleIcon width={40} height={40} />
        ) : (
          <AlertIcon width={40} height={40} />
        )}
      </span>
      <h2 className={styles.chargeTitle}>
        {credited ? t('deposit.success.title') : t('deposit.failed.title')}
      </h2>
      <p className={styles.outcomeAmount}>{amount}</p>
      <p className={styles.note}>
        {credited ? t('deposit.success.text', { amount }) : t(`deposit.failed.${reason}`)}
      </p>
      <Button onClick={onNew} data-testid="deposit-again">
        {credited ? t('deposit.success.again') : t('deposit.failed.again')}
      </Button>
    </section>
  );
}
