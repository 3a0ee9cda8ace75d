import { formatMoney, type MissionCard } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { CheckCircleIcon, CrownIcon, SparklesIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { PageHeader } from '@/components/page-header';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { claimMission, missionsQueryOptions, refreshMissions } from './api';
import { Leaderboard } from './leaderboard';
import { goalText, isMoneyKind, rewardText } from './mission-texts';
import styles from './missions.module.css';

export type MissionsPageProps = {
  /** The brand's zone, for when a period starts over. */
  timeZone: string;
  /** A reward reached a wallet: the header's balance moves. */
  onRewardClaimed: () => void;
};

type View = 'missions' | 'leaderboard';

/**
 * Missions (member centre missionLeaderboard, docs/missions.md): each mission's goal, progress
 * bar and reward, claimed with one press once complete; the leaderboard of mission points.
 */
export default function MissionsPage({ timeZone, onRewardClaimed }: MissionsPageProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('missions');
  return (
    <div className={styles.page} data-testid="missions-page">
      <PageHeader
        icon={<SparklesIcon />}
        title={t('missions.title')}
        subtitle={t('missions.subtitle')}
      />
      <Tabs
        items={[
          { key: 'missions' as View, label: t('missions.tabs.missions'), icon: <SparklesIcon /> },
          {
            key: 'leaderboard' as View,
            label: t('missions.tabs.leaderboard'),
            icon: <CrownIcon />,
          },
        ]}
        selected={view}
        onSelect={setView}
        label={t('missions.title')}
        testIdPrefix="missions-tab"
      />
      {view === 'missions' ? (
        <MissionList timeZone={timeZone} onRewardClaimed={onRewardClaimed} />
      ) : (
        <Leaderboard timeZone={timeZone} />
      )}
    </div>
  );
}

function MissionList({ timeZone, onRewardClaimed }: MissionsPageProps) {
  const { t } = useTranslation();
  const missions = useQuery(missionsQueryOptions());
  if (missions.error)
    return (
      <p role="alert" className={styles.card}>
        {errorMessage(missions.error, t)}
      </p>
    );
  if (!missions.data) return <Skeleton height={220} />;
  if (missions.data.missions.length === 0)
    return <EmptyState icon={<SparklesIcon />} title={t('missions.empty')} />;
  return (
    <ul className={styles.list}>
      {missions.data.missions.map((mission) => (
        <MissionItem
          key={mission.id}
          mission={mission}
          currency={missions.data.currency}
          timeZone={timeZone}
          onRewardClaimed={onRewardClaimed}
        />
      ))}
    </ul>
  );
}

function MissionItem({
  mission,
  currency,
  timeZone,
  onRewardClaimed,
}: {
  mission: MissionCard;
  currency: string;
  timeZone: string;
  onRewardClaimed: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const reward = rewardText(t, mission, currency, language);
  const claim = useMutation({
    mutationFn: () => claimMission(mission.id),
    onSuccess: () => {
      toast.success(t('missions.claimedToast', { reward }));
      onRewardClaimed();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
    onSettled: () => refreshMissions(queryClient),
  });
  const done = Math.min(mission.progress, mission.target);
  const shown = (value: number) =>
    isMoneyKind(mission.kind)
      ? formatMoney(value, currency, language)
      : new Intl.NumberFormat(language).format(value);
  const when = new Intl.DateTimeFormat(language, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
  const percent = Math.round((done / mission.target) * 100);
  const day = new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  });
  return (
    <li
      className={styles.mission}
      data-testid={`mission-${mission.id}`}
      data-status={mission.status}
      data-ended={mission.ended}
    >
      <div className={styles.missionHead}>
        <span className={styles.period}>{t(`missions.periods.${mission.periodType}`)}</span>
        <h2 className={styles.missionTitle}>{mission.title}</h2>
        <p className={styles.goal}>{goalText(t, mission, currency, language)}</p>
      </div>
      <div className={styles.progressRow}>
        <div
          className={styles.bar}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={mission.target}
          aria-valuenow={done}
          aria-valuetext={t('missions.progress', {
            done: shown(done),
            target: shown(mission.target),
          })}
        >
          <span className={styles.fill} style={{ width: `${percent}%` }} />
        </div>
        <span className={styles.progressText} data-testid="mission-progress">
          {t('missions.progress', { done: shown(done), target: shown(mission.target) })}
        </span>
      </div>
      <div className={styles.missionFoot}>
        <div className={styles.reward}>
          <strong>{reward}</strong>
          {mission.missionPoints > 0 ? (
            <span className={styles.points}>
              {t('missions.missionPoints', { count: mission.missionPoints })}
            </span>
          ) : null}
          {mission.resetsAtUtc && mission.status !== 'claimable' ? (
            <span className={styles.note}>
              {t('missions.resets', { when: when.format(new Date(mission.resetsAtUtc)) })}
            </span>
          ) : null}
          {mission.ended && mission.claimUntilUtc ? (
            <span className={styles.ended} data-testid="mission-ended">
              {t('missions.ended', { when: day.format(new Date(mission.claimUntilUtc)) })}
            </span>
          ) : mission.endsAtUtc ? (
            <span className={styles.note} data-testid="mission-ends">
              {t('missions.endsAt', { when: day.format(new Date(mission.endsAtUtc)) })}
            </span>
          ) : null}
        </div>
        {mission.status === 'claimed' ? (
          <span className={styles.claimed}>
            <CheckCircleIcon aria-hidden="true" /> {t('missions.status.claimed')}
          </span>
        ) : (
          <Button
            onClick={() => claim.mutate()}
            disabled={mission.status !== 'claimable' || claim.isPending}
            data-testid="mission-claim"
          >
            {t(`missions.status.${mission.status}`)}
          </Button>
        )}
      </div>
    </li>
  );
}
