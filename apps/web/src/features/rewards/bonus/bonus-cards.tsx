import { formatMoney, type BonusGrant, type BonusList } from '@banca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { EmptyState } from '@/components/empty-state';
import { GiftIcon } from '@/components/icons';
import { useLanguage } from '@/i18n';
import { bonusesQueryKey, forfeitBonus } from './api';
import styles from './bonus.module.css';

/** How often the expiry countdowns tick. */
const COUNTDOWN_TICK_MS = 1_000;

/** "2d 03:04:05", "03:04:05": what is left until `expiresAt`. */
export function formatTimeLeft(expiresAtIso: string, nowMs: number, t: TFunction): string {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAtIso) - nowMs) / 1000));
  const days = Math.floor(seconds / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((seconds % 86_400) / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return days > 0 ? t('bonus.days', { d: days, hms }) : hms;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The bonus wallet's balance and what it means. */
export function BonusBalance({ data }: { data: BonusList }) {
  const language = useLanguage();
  const { t } = useTranslation();
  return (
    <section className={`${styles.card} ${styles.balance}`} data-testid="bonus-balance">
      <div>
        <div className={styles.note}>{t('bonus.balance')}</div>
        <div className={styles.balanceValue}>
          {formatMoney(data.bonusBalanceMinor, data.currency, language)}
        </div>
      </div>
      <p className={styles.note}>
        {t(data.betOrder === 'bonus_first' ? 'bonus.balanceNoteBonusFirst' : 'bonus.balanceNote')}
      </p>
    </section>
  );
}

/** One open bonus: its requirement as a progress bar, what is left, the expiry countdown, forfeit. */
function OpenBonus({ grant, now }: { grant: BonusGrant; now: number }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, grant.currency, language);
  const [confirming, setConfirming] = useState(false);
  const percent =
    grant.requiredMinor === 0
      ? 100
      : Math.min(100, (grant.wageredMinor / grant.requiredMinor) * 100);
  const expired = Date.parse(grant.expiresAt) <= now;
  return (
    <article className={styles.card} data-testid="bonus-open" data-bonus-id={grant.id}>
      <div className={styles.grantHead}>
        <h3 className={styles.grantTitle}>{grant.title}</h3>
        <span className={styles.amount}>{money(grant.amountMinor)}</span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('bonus.progress', {
          done: money(grant.wageredMinor),
          required: money(grant.requiredMinor),
        })}
        aria-valuemin={0}
        aria-valuemax={grant.requiredMinor}
        aria-valuenow={grant.wageredMinor}
        data-testid="bonus-progress"
      >
        <div className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.facts}>
        <span>
          {t('bonus.progress', {
            done: money(grant.wageredMinor),
            required: money(grant.requiredMinor),
          })}
        </span>
        <span>{t('bonus.left', { left: money(grant.requiredMinor - grant.wageredMinor) })}</span>
      </div>
      <div className={styles.facts}>
        <span>
          {t('bonus.requirement', {
            multiple: grant.wageringMultiple,
            base:
              grant.wageringBase === 'bonus' ? t('bonus.baseBonus') : t('bonus.baseBonusDeposit'),
          })}
        </span>
        <span className={styles.countdown} data-testid="bonus-countdown">
          {expired
            ? t('bonus.expired')
            : t('bonus.expiresIn', { time: formatTimeLeft(grant.expiresAt, now, t) })}
        </span>
      </div>
      <div className={styles.actions}>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          data-testid="bonus-forfeit"
        >
          {t('bonus.forfeit')}
        </Button>
      </div>
      <ForfeitDialog grant={grant} open={confirming} onClose={() => setConfirming(false)} />
    </article>
  );
}

function ForfeitDialog({
  grant,
  open,
  onClose,
}: {
  grant: BonusGrant;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const forfeit = useMutation({
    mutationFn: () => forfeitBonus(grant.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bonusesQueryKey }),
    onSuccess: onClose,
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('bonus.forfeitTitle')}
      size="sm"
      data-testid="bonus-forfeit-dialog"
    >
      <div className={styles.dialogBody}>
        <p className={styles.note}>
          {t('bonus.forfeitBody', {
            amount: formatMoney(grant.amountMinor, grant.currency, language),
          })}
        </p>
        {forfeit.error ? <p role="alert">{errorMessage(forfeit.error, t)}</p> : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('bonus.cancel')}
          </Button>
          <Button
            onClick={() => forfeit.mutate()}
            disabled={forfeit.isPending}
            data-testid="bonus-forfeit-confirm"
          >
            {t('bonus.forfeitConfirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The open bonuses, each with its progress and countdown; an empty state when none. */
export function OpenBonuses({ data }: { data: BonusList }) {
  const { t } = useTranslation();
  const now = useNow();
  const open = data.list.filter((g) => g.status === 'open');
  const weights = Object.entries(data.categoryWeights).filter(([, weight]) => weight !== 100);
  return (
    <section className={styles.page} aria-labelledby="bonus-open-title">
      <h2 id="bonus-open-title" className={styles.sectionTitle}>
        {t('bonus.open')}
      </h2>
      {open.length === 0 ? (
        <EmptyState icon={<GiftIcon />} title={t('bonus.noOpen')} />
      ) : (
        open.map((grant) => <OpenBonus key={grant.id} grant={grant} now={now} />)
      )}
      {weights.length > 0 ? (
        <p className={styles.note}>
          {t('bonus.weights', {
            list: weights
              .map(([c, w]) => `${t(`categories.${c}`, { defaultValue: c })} ${w}%`)
              .join(', '),
          })}
        </p>
      ) : null}
    </section>
  );
}

/** Closed bonuses: released to cash, forfeited or expired. */
export function BonusHistory({ data, timeZone }: { data: BonusList; timeZone: string }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const closed = data.list.filter((g) => g.status !== 'open');
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  });
  return (
    <section className={styles.page} aria-labelledby="bonus-history-title">
      <h2 id="bonus-history-title" className={styles.sectionTitle}>
        {t('bonus.history')}
      </h2>
      {closed.length === 0 ? (
        <p className={styles.note}>{t('bonus.noHistory')}</p>
      ) : (
        <ul className={styles.history} data-testid="bonus-history">
          {closed.map((grant) => (
            <li key={grant.id} className={styles.historyRow}>
              <span>
                {grant.title}
                <span className={styles.historyWhen}>
                  {grant.closedAt ? when.format(new Date(grant.closedAt)) : ''}
                </span>
              </span>
              <span className={styles.amount}>
                {formatMoney(
                  grant.closedAmountMinor ?? grant.amountMinor,
                  grant.currency,
                  language,
                )}
              </span>
              <span className={styles.badge} data-status={grant.status}>
                {t(`bonus.status.${grant.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
