import { formatMoney, type WithdrawOverview } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, CheckCircleIcon, RefreshIcon, WalletOutIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { PageHeader } from '@/components/page-header';
import { useLanguage } from '@/i18n';
import { withdrawOverviewQueryOptions } from '../api/get-withdraw-overview';
import { ConfirmationBanner } from './confirm-dialog';
import styles from './deposit.module.css';
import { IdentityCard } from './identity-card';
import { PixKeysCard } from './pix-keys-card';
import { WithdrawForm } from './withdraw-form';
import own from './withdraw.module.css';
import { WithdrawalRecords } from './withdrawal-records';

type Section = 'withdraw' | 'records';

export type WithdrawPageProps = {
  /** The brand's zone, for the records' times and the confirmation deadline. */
  timeZone: string;
  /** A withdrawal moved money (requested, answered): the balances shown elsewhere are read again. */
  onMoneyMoved: () => void;
};

/**
 * The withdraw page (member centre withdraw, docs/payments.md "Withdrawals"): what is needed
 * first (payment password, CPF, turnover), the PIX keys, the form with the payment password,
 * payouts waiting for the member's confirmation, and the records.
 */
export default function WithdrawPage({ timeZone, onMoneyMoved }: WithdrawPageProps) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('withdraw');
  return (
    <div className={styles.page} data-testid="withdraw-page">
      <PageHeader
        icon={<WalletOutIcon />}
        title={t('withdraw.title')}
        subtitle={t('withdraw.subtitle')}
      />
      <ConfirmationBanner timeZone={timeZone} onAnswered={onMoneyMoved} />
      <Tabs
        items={[
          { key: 'withdraw', label: t('withdraw.tabs.withdraw') },
          { key: 'records', label: t('withdraw.tabs.records') },
        ]}
        selected={section}
        onSelect={setSection}
        label={t('withdraw.tabsLabel')}
        testIdPrefix="withdraw-tab"
      />
      <div className={styles.body}>
        {section === 'withdraw' ? (
          <WithdrawSection onRequested={onMoneyMoved} />
        ) : (
          <WithdrawalRecords timeZone={timeZone} onAnswered={onMoneyMoved} />
        )}
      </div>
    </div>
  );
}

function WithdrawSection({ onRequested }: { onRequested: () => void }) {
  const { t } = useTranslation();
  const overview = useQuery(withdrawOverviewQueryOptions());
  if (overview.data) {
    const o = overview.data;
    return (
      <>
        <Summary overview={o} />
        <Requirements overview={o} />
        {o.identity === null ? <IdentityCard complianceProfile={o.complianceProfile} /> : null}
        <PixKeysCard overview={o} />
        <WithdrawForm overview={o} onRequested={onRequested} />
      </>
    );
  }
  if (overview.isError)
    return (
      <div className={styles.card} role="alert">
        <EmptyState icon={<AlertIcon />} title={t('withdraw.loadError')}>
          {errorMessage(overview.error, t)}
        </EmptyState>
        <Button variant="secondary" onClick={() => void overview.refetch()}>
          <RefreshIcon width={18} height={18} />
          {t('common.retry')}
        </Button>
      </div>
    );
  return (
    <div className={styles.card}>
      <Skeleton height={88} radius="var(--radius-md)" />
      <Skeleton height={140} radius="var(--radius-md)" />
      <Skeleton height={48} radius="var(--radius-control)" />
    </div>
  );
}

function Summary({ overview: o }: { overview: WithdrawOverview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, o.currency, language);
  return (
    <div className={own.summary}>
      <div className={own.balance} data-testid="withdraw-available">
        <small>{t('withdraw.available')}</small>
        <strong>{money(o.balanceMinor)}</strong>
      </div>
      <div className={own.limitsBox}>
        <span>{t('withdraw.limits', { min: money(o.minMinor), max: money(o.maxMinor) })}</span>
        <small>{t('withdraw.dailyAmount', { max: money(o.dailyAmountMaxMinor) })}</small>
        <small>{t('withdraw.todayUse', { count: o.todayCount, max: o.dailyCountMax })}</small>
      </div>
    </div>
  );
}

/** What the server will check, shown before the form: each step done or what is missing. */
function Requirements({ overview: o }: { overview: WithdrawOverview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, o.currency, language);
  const turnoverLeft = Math.max(0, o.turnover.requiredMinor - o.turnover.doneMinor);
  const depositsLeft = Math.max(0, o.deposits.requiredMinor - o.deposits.doneMinor);
  const steps = [
    {
      key: 'password',
      done: o.paymentPasswordSet,
      title: t('withdraw.steps.password'),
      detail: o.paymentPasswordSet
        ? t('withdraw.steps.passwordDone')
        : t('withdraw.steps.passwordMissing'),
      action: o.paymentPasswordSet ? null : (
        <Link to="/member?page=securityCenter" className="link">
          {t('withdraw.steps.passwordLink')}
        </Link>
      ),
    },
    ...(o.identityRequired
      ? [
          {
            key: 'identity',
            done: o.identity !== null,
            title: t('withdraw.steps.identity'),
            detail: o.identity
              ? t('withdraw.steps.identityDone', {
                  cpf: o.identity.cpfMasked,
                  name: o.identity.fullName,
                })
              : t('withdraw.steps.identityMissing'),
            action: null,
          },
        ]
      : []),
    ...(o.turnover.requiredMinor > 0
      ? [
          {
            key: 'turnover',
            done: turnoverLeft === 0,
            title: t('withdraw.steps.turnover'),
            detail:
              turnoverLeft === 0
                ? t('withdraw.steps.turnoverDone')
                : t('withdraw.steps.turnoverLeft', { left: money(turnoverLeft) }),
            action: null,
          },
        ]
      : []),
    ...(o.deposits.requiredMinor > 0
      ? [
          {
            key: 'deposits',
            done: depositsLeft === 0,
            title: t('withdraw.steps.deposits'),
            detail:
              depositsLeft === 0
                ? t('withdraw.steps.turnoverDone')
                : t('withdraw.steps.depositsLeft', { left: money(depositsLeft) }),
            action: null,
          },
        ]
      : []),
  ];
  if (steps.every((s) => s.done)) return null;
  return (
    <section className={styles.card} aria-labelledby="withdraw-steps-title">
      <h2 id="withdraw-steps-title" className={own.sectionTitle}>
        {t('withdraw.steps.title')}
      </h2>
      <ul className={own.steps}>
        {steps.map((step) => (
          <li
            key={step.key}
            className={own.step}
            data-done={step.done || undefined}
            data-testid={`withdraw-step-${step.key}`}
          >
            <span className={own.stepMark} aria-hidden="true">
              {step.done ? (
                <CheckCircleIcon width={16} height={16} />
              ) : (
                <AlertIcon width={16} height={16} />
              )}
            </span>
            <span>
              <strong>{step.title}</strong>
              <small>{step.detail}</small>
            </span>
            {step.action}
          </li>
        ))}
      </ul>
    </section>
  );
}
