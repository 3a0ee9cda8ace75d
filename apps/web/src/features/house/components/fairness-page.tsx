import type { HouseBet } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { toast } from '@/stores/toast-store';
import { betsQuery, houseKeys, rotateSeeds, seedsQuery } from '../api/house-api';
import { formatMultiplier, money } from '../lib/format';
import { gameName } from '../lib/names';
import styles from './house.module.css';

/** The verification page's address for a round (its seeds once revealed, its parameters). */
export function verifyLink(bet: HouseBet): string {
  const query = new URLSearchParams({
    engine: bet.engine,
    serverSeed: bet.serverSeed ?? '',
    clientSeed: bet.clientSeed,
    nonce: String(bet.nonce),
    rtp: String(bet.rtpBps),
  });
  for (const [key, value] of Object.entries(bet.params)) query.set(key, String(value));
  return `/originals/verify?${query.toString()}`;
}

/**
 * The member's fairness page (issue 14 §3): the active seed pair's commitment, the client seed
 * and next nonce, a rotation that reveals the server seed, the revealed pairs with their bet
 * counts, and "my bets" with a verify link per round (game recall).
 */
export default function FairnessPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const seeds = useQuery(seedsQuery());
  const [pageNo, setPageNo] = useState(1);
  const bets = useQuery(betsQuery(undefined, pageNo));
  const [clientSeed, setClientSeed] = useState('');
  const rotate = useMutation({
    mutationFn: () => rotateSeeds(clientSeed.trim() === '' ? undefined : clientSeed.trim()),
    onSuccess: () => {
      toast.success(t('house.seeds.rotated'));
      setClientSeed('');
      void queryClient.invalidateQueries({ queryKey: houseKeys.seeds });
      void queryClient.invalidateQueries({ queryKey: houseKeys.betsAll });
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : errorMessage(error, t)),
  });

  return (
    <div className={styles.page} data-testid="house-fairness">
      <div className={styles.card}>
        <h1 className={styles.title}>{t('house.seeds.title')}</h1>
        <p className={styles.note}>{t('house.seeds.subtitle')}</p>
        {seeds.data && (
          <>
            <div className={styles.field}>
              <span className={styles.label}>{t('house.seeds.activeHash')}</span>
              <span className={styles.mono} data-testid="seed-active-hash">
                {seeds.data.active.serverSeedHash}
              </span>
            </div>
            <div className={styles.formGrid}>
              <div className={styles.field}>
                <span className={styles.label}>{t('house.seeds.clientSeed')}</span>
                <span className={styles.mono}>{seeds.data.active.clientSeed}</span>
              </div>
              <div className={styles.field}>
                <span className={styles.label}>{t('house.seeds.nonce')}</span>
                <span className={styles.mono}>{seeds.data.active.nonce}</span>
              </div>
            </div>
            <div className={styles.inputRow}>
              <input
                className={styles.input}
                maxLength={64}
                placeholder={t('house.seeds.newClientSeed')}
                aria-label={t('house.seeds.newClientSeed')}
                value={clientSeed}
                data-testid="seed-client-input"
                onChange={(e) => setClientSeed(e.target.value)}
              />
              <button
                type="button"
                className={styles.betButton}
                disabled={rotate.isPending}
                data-testid="seed-rotate"
                onClick={() => rotate.mutate()}
              >
                {t('house.seeds.rotate')}
              </button>
            </div>
          </>
        )}
      </div>
      <div className={styles.card}>
        <h2 className={styles.title}>{t('house.seeds.revealedTitle')}</h2>
        {seeds.data?.revealed.length === 0 && (
          <p className={styles.note}>{t('house.seeds.none')}</p>
        )}
        <ul className={styles.list}>
          {seeds.data?.revealed.map((pair) => (
            <li key={pair.id} className={styles.field} data-testid="seed-revealed">
              <span className={styles.label}>
                {t('house.seeds.revealedSeed')} · {t('house.seeds.bets', { count: pair.nonce })}
              </span>
              <span className={styles.mono}>{pair.serverSeed}</span>
              <span className={styles.mono} style={{ color: 'var(--text-faint)' }}>
                sha256 {pair.serverSeedHash} · {pair.clientSeed}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.card}>
        <h2 className={styles.title}>{t('house.myBets.title')}</h2>
        {bets.data?.list.length === 0 && <p className={styles.note}>{t('house.myBets.empty')}</p>}
        <ul className={styles.list} data-testid="house-my-bets">
          <li className={styles.rowHead}>
            <span>{t('house.myBets.game')}</span>
            <span>{t('house.myBets.stake')}</span>
            <span>{t('house.myBets.payout')}</span>
            <span>{t('house.myBets.multiplier')}</span>
            <span>{t('house.myBets.time')}</span>
            <span />
          </li>
          {bets.data?.list.map((bet) => (
            <li key={bet.id} className={styles.row} data-testid="house-bet-row">
              <span>
                {gameName(bet.gameCode)} <span className={styles.hint}>#{bet.nonce}</span>
              </span>
              <span>{money(bet.stakeMinor, bet.currency, language)}</span>
              <span className={bet.payoutMinor > 0 ? styles.win : undefined}>
                {money(bet.payoutMinor, bet.currency, language)}
              </span>
              <span>{formatMultiplier(bet.multiplierE4, language)}</span>
              <span>{new Date(bet.createdAt).toLocaleTimeString(language)}</span>
              {bet.serverSeed ? (
                <Link
                  className={styles.iconButton}
                  to={verifyLink(bet)}
                  data-testid="house-verify-link"
                >
                  {t('house.myBets.verify')}
                </Link>
              ) : (
                <span className={styles.hint}>{t('house.myBets.hidden')}</span>
              )}
            </li>
          ))}
        </ul>
        <div className={styles.links}>
          {pageNo > 1 && (
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => setPageNo(pageNo - 1)}
            >
              ←
            </button>
          )}
          {bets.data?.hasMore && (
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => setPageNo(pageNo + 1)}
            >
              {t('house.myBets.more')} →
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
