import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { buttonClassName } from '@/components/button';
import { GiftIcon, SparklesIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { PageHeader } from '@/components/page-header';
import { bonusesQueryOptions } from './api';
import { BonusBalance, BonusHistory, OpenBonuses } from './bonus-cards';
import { ClaimableRewards } from './claimable-rewards';
import styles from './bonus.module.css';

export type BonusPageProps = {
  /** The brand's zone, for the history's times. */
  timeZone: string;
};

function useBonuses() {
  return useQuery(bonusesQueryOptions());
}

/**
 * Bonus details (member centre bonusDetails, docs/bonus.md): the bonus balance, each open
 * requirement with its progress bar and expiry countdown (forfeit behind a confirmation), and
 * the closed bonuses.
 */
export function BonusDetailsPage({ timeZone }: BonusPageProps) {
  const { t } = useTranslation();
  const bonuses = useBonuses();
  return (
    <div className={styles.page} data-testid="bonus-details-page">
      <PageHeader
        title={t('bonus.detailsTitle')}
        subtitle={t('bonus.detailsSubtitle')}
        icon={<GiftIcon />}
      />
      {bonuses.error ? (
        <p role="alert" className={styles.card}>
          {errorMessage(bonuses.error, t)}
        </p>
      ) : !bonuses.data ? (
        <Skeleton height={160} />
      ) : (
        <>
          <BonusBalance data={bonuses.data} />
          <OpenBonuses data={bonuses.data} />
          <BonusHistory data={bonuses.data} timeZone={timeZone} />
        </>
      )}
    </div>
  );
}

/**
 * The reward centre (member centre rewardCenter): the promotions' rewards waiting to be claimed
 * and those received, the bonuses in progress with their bars and countdowns, the closed
 * bonuses, and the way to the promotions that give more.
 */
export function RewardCenterPage({ timeZone }: BonusPageProps) {
  const { t } = useTranslation();
  const bonuses = useBonuses();
  return (
    <div className={styles.page} data-testid="reward-center-page">
      <PageHeader
        title={t('bonus.centreTitle')}
        subtitle={t('bonus.centreSubtitle')}
        icon={<SparklesIcon />}
      />
      <div className={styles.actions}>
        <Link to="/promotions" className={buttonClassName({ variant: 'outline', size: 'sm' })}>
          {t('bonus.promotions')}
        </Link>
      </div>
      <ClaimableRewards />
      {bonuses.error ? (
        <p role="alert" className={styles.card}>
          {errorMessage(bonuses.error, t)}
        </p>
      ) : !bonuses.data ? (
        <Skeleton height={160} />
      ) : (
        <>
          <BonusBalance data={bonuses.data} />
          <OpenBonuses data={bonuses.data} />
          <BonusHistory data={bonuses.data} timeZone={timeZone} />
        </>
      )}
    </div>
  );
}
