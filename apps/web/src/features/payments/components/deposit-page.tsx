import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, RefreshIcon, WalletInIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { PageHeader } from '@/components/page-header';
import { channelsQueryOptions } from '../api/get-channels';
import { ActiveDeposit } from './active-deposit';
import { DepositForm } from './deposit-form';
import { DepositRecords } from './deposit-records';
import { DepositTutorial } from './deposit-tutorial';
import styles from './deposit.module.css';

type Section = 'deposit' | 'records' | 'tutorial';

export type DepositPageProps = {
  /** The brand's zone, for the records' times. */
  timeZone: string;
  /** A deposit was credited: the balances shown elsewhere (header, wallet) are read again. */
  onCredited: () => void;
};

/**
 * The deposit page (member centre depositv2, docs/payments.md): channels from the brand's
 * configuration, the amount, then the open deposit (PIX charge or bank transfer) until it
 * ends; the records; the tutorial.
 */
export default function DepositPage({ timeZone, onCredited }: DepositPageProps) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('deposit');
  const [activeId, setActiveId] = useState<number | null>(null);
  return (
    <div className={styles.page} data-testid="deposit-page">
      <PageHeader
        icon={<WalletInIcon />}
        title={t('deposit.title')}
        subtitle={t('deposit.subtitle')}
      />
      <Tabs
        items={[
          { key: 'deposit', label: t('deposit.tabs.deposit') },
          { key: 'records', label: t('deposit.tabs.records') },
          { key: 'tutorial', label: t('deposit.tabs.tutorial') },
        ]}
        selected={section}
        onSelect={setSection}
        label={t('deposit.tabsLabel')}
        testIdPrefix="deposit-tab"
      />
      <div className={styles.body}>
        {section === 'deposit' ? (
          activeId !== null ? (
            <ActiveDeposit id={activeId} onCredited={onCredited} onNew={() => setActiveId(null)} />
          ) : (
            <NewDeposit onCreated={setActiveId} />
          )
        ) : section === 'records' ? (
          <DepositRecords
            timeZone={timeZone}
            onOpen={(id) => {
              setActiveId(id);
              setSection('deposit');
            }}
          />
        ) : (
          <DepositTutorial />
        )}
      </div>
    </div>
  );
}

function NewDeposit({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const channels = useQuery(channelsQueryOptions());
  if (channels.data) {
    if (channels.data.channels.length === 0)
      return (
        <div className={styles.card}>
          <EmptyState icon={<WalletInIcon />} title={t('deposit.noChannels')}>
            {t('deposit.noChannelsHint')}
          </EmptyState>
        </div>
      );
    return (
      <DepositForm
        channels={channels.data.channels}
        currency={channels.data.currency}
        onCreated={(deposit) => onCreated(deposit.id)}
      />
    );
  }
  if (channels.isError)
    return (
      <div className={styles.card} role="alert">
        <EmptyState icon={<AlertIcon />} title={t('deposit.loadError')}>
          {errorMessage(channels.error, t)}
        </EmptyState>
        <Button variant="secondary" onClick={() => void channels.refetch()}>
          <RefreshIcon width={18} height={18} />
          {t('common.retry')}
        </Button>
      </div>
    );
  return (
    <div className={styles.card}>
      <Skeleton height={96} radius="var(--radius-md)" />
      <Skeleton height={56} radius="var(--radius-control)" />
      <Skeleton height={48} radius="var(--radius-control)" />
    </div>
  );
}
