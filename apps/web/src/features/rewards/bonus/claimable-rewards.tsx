import type { PromotionCard } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { useLanguage } from '@/i18n';
import { useSessionStore } from '@/stores/session-store';
import { claimPromotion, promotionsQueryOptions, refreshPromotions } from '../api/promotions';
import { useRewardText } from '../lib/reward-text';
import { bonusesQueryKey } from './api';
import styles from './bonus.module.css';

function ClaimRow({ card, currency }: { card: PromotionCard; currency: string }) {
  const { t } = useTranslation();
  const rewardText = useRewardText();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimPromotion(card.id),
    onSettled: async () => {
      await Promise.all([
        refreshPromotions(queryClient),
        queryClient.invalidateQueries({ queryKey: bonusesQueryKey }),
      ]);
    },
  });
  return (
    <li className={styles.historyRow} data-testid="reward-claimable">
      <span>
        <Link to={`/promotions#${card.id}`}>{card.title}</Link>
        {claim.error ? (
          <span className={styles.historyWhen} role="alert">
            {errorMessage(claim.error, t)}
          </span>
        ) : null}
      </span>
      <span className={styles.amount}>{rewardText(card, currency)}</span>
      <Button size="sm" onClick={() => claim.mutate()} disabled={claim.isPending}>
        {t('bonus.claim')}
      </Button>
    </li>
  );
}

/**
 * The reward centre's promotions part: rewards waiting to be claimed (status `claim`), each
 * with its claim button, and the rewards already received (`claimed`, `issued`).
 */
export function ClaimableRewards() {
  const language = useLanguage();
  const { t } = useTranslation();
  const rewardText = useRewardText();
  const token = useSessionStore((s) => s.token);
  const signedIn = useSessionStore((s) => s.status === 'loggedIn' && !s.isTrial);
  const list = useQuery(promotionsQueryOptions(language, signedIn ? token : null));
  const cards = list.data?.promotions ?? [];
  const currency = list.data?.currency ?? 'BRL';
  const waiting = cards.filter((c) => c.status === 'claim');
  const received = cards.filter((c) => c.status === 'claimed' || c.status === 'issued');
  return (
    <>
      <section className={styles.page} aria-labelledby="rewards-claimable-title">
        <h2 id="rewards-claimable-title" className={styles.sectionTitle}>
          {t('bonus.claimable')}
        </h2>
        {waiting.length === 0 ? (
          <p className={styles.note}>{t('bonus.noClaimable')}</p>
        ) : (
          <ul className={styles.history}>
            {waiting.map((card) => (
              <ClaimRow key={card.id} card={card} currency={currency} />
            ))}
          </ul>
        )}
      </section>
      {received.length > 0 ? (
        <section className={styles.page} aria-labelledby="rewards-received-title">
          <h2 id="rewards-received-title" className={styles.sectionTitle}>
            {t('bonus.received')}
          </h2>
          <ul className={styles.history} data-testid="rewards-received">
            {received.map((card) => (
              <li key={card.id} className={styles.historyRow}>
                <span>{card.title}</span>
                <span className={styles.amount}>{rewardText(card, currency)}</span>
                <span className={styles.badge} data-status="completed">
                  {t('bonus.receivedBadge')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
