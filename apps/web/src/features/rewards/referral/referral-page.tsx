import { formatMoney, type ReferralOverview } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { CopyIcon, UsersIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { PageHeader } from '@/components/page-header';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { referralQueryOptions } from './api';
import styles from './referral.module.css';

/** The QR's side: scannable from a phone held at arm's length off another screen. */
const QR_SIZE_PX = 168;

export type ReferralPageProps = { timeZone: string };

function rewardOf(
  t: TFunction,
  rules: ReferralOverview['rules'],
  currency: string,
  language: string,
) {
  return rules.rewardKind === 'points'
    ? t('referral.rewardKinds.points', {
        amount: new Intl.NumberFormat(language).format(rules.rewardMinor),
      })
    : t(`referral.rewardKinds.${rules.rewardKind}`, {
        amount: formatMoney(rules.rewardMinor, currency, language),
      });
}

/**
 * Invite friends (member centre referral, docs/missions.md): the member's code and link with
 * its QR, the rules, the counts, and every friend invited with where they stand.
 */
export default function ReferralPage({ timeZone }: ReferralPageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const overview = useQuery(referralQueryOptions());
  const data = overview.data;
  const link = data ? new URL(data.linkPath, window.location.origin).toString() : '';
  const copy = (value: string) =>
    navigator.clipboard.writeText(value).then(
      () => toast.success(t('referral.copied')),
      () => undefined,
    );
  const money = (minor: number) => formatMoney(minor, data?.currency ?? 'BRL', language);
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone });
  return (
    <div className={styles.page} data-testid="referral-page">
      <PageHeader
        icon={<UsersIcon />}
        title={t('referral.title')}
        subtitle={t('referral.subtitle')}
      />
      {overview.error ? (
        <p role="alert" className={styles.card}>
          {errorMessage(overview.error, t)}
        </p>
      ) : !data ? (
        <Skeleton height={260} />
      ) : (
        <>
          {!data.enabled ? (
            <p className={styles.notice} role="status">
              {t('referral.disabled')}
            </p>
          ) : null}
          <section className={`${styles.card} ${styles.share}`}>
            <div className={styles.qr} data-testid="referral-qr">
              <QRCodeSVG value={link} size={QR_SIZE_PX} marginSize={2} title={t('referral.qr')} />
            </div>
            <div className={styles.shareFields}>
              <div>
                <div className={styles.label}>{t('referral.code')}</div>
                <div className={styles.codeRow}>
                  <code className={styles.code} data-testid="referral-code">
                    {data.code}
                  </code>
                  <Button variant="secondary" onClick={() => void copy(data.code)}>
                    <CopyIcon aria-hidden="true" /> {t('referral.copy')}
                  </Button>
                </div>
              </div>
              <div>
                <div className={styles.label}>{t('referral.link')}</div>
                <div className={styles.codeRow}>
                  <input
                    className={styles.link}
                    readOnly
                    value={link}
                    aria-label={t('referral.link')}
                    data-testid="referral-link"
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <Button onClick={() => void copy(link)} data-testid="referral-copy-link">
                    <CopyIcon aria-hidden="true" /> {t('referral.copy')}
                  </Button>
                </div>
              </div>
            </div>
          </section>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t('referral.rulesTitle')}</h2>
            <ol className={styles.rules}>
              <li>{t('referral.ruleDeposit', { amount: money(data.rules.minDepositMinor) })}</li>
              {data.rules.minTurnoverMinor > 0 ? (
                <li>
                  {t('referral.ruleTurnover', { amount: money(data.rules.minTurnoverMinor) })}
                </li>
              ) : null}
              <li>
                {t('referral.ruleReward', {
                  reward: rewardOf(t, data.rules, data.currency, language),
                })}
              </li>
            </ol>
            <p className={styles.muted}>{t('referral.ruleAbuse')}</p>
          </section>
          <section className={styles.stats} aria-label={t('referral.friendsTitle')}>
            {(['registered', 'deposited', 'qualified'] as const).map((key) => (
              <div key={key} className={styles.stat}>
                <span className={styles.statValue} data-testid={`referral-count-${key}`}>
                  {data.counts[key]}
                </span>
                <span className={styles.label}>{t(`referral.counts.${key}`)}</span>
              </div>
            ))}
            <div className={styles.stat}>
              <span
                className={`${styles.statValue} ${styles.earned}`}
                data-testid="referral-earned"
              >
                {money(data.earnedMinor)}
              </span>
              <span className={styles.label}>{t('referral.counts.earned')}</span>
            </div>
          </section>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t('referral.friendsTitle')}</h2>
            {data.friends.length === 0 ? (
              <EmptyState icon={<UsersIcon />} title={t('referral.noFriends')} />
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table} data-testid="referral-friends">
                  <thead>
                    <tr>
                      <th scope="col">{t('referral.columns.friend')}</th>
                      <th scope="col">{t('referral.columns.registeredAt')}</th>
                      <th scope="col" className={styles.numeric}>
                        {t('referral.columns.deposit')}
                      </th>
                      <th scope="col" className={styles.numeric}>
                        {t('referral.columns.turnover')}
                      </th>
                      <th scope="col">{t('referral.columns.status')}</th>
                      <th scope="col" className={styles.numeric}>
                        {t('referral.columns.reward')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.friends.map((friend, index) => (
                      <tr key={`${friend.registeredAt}-${index}`} data-status={friend.status}>
                        <td>{friend.name}</td>
                        <td>{day.format(new Date(friend.registeredAt))}</td>
                        <td className={styles.numeric}>{money(friend.firstDepositMinor)}</td>
                        <td className={styles.numeric}>{money(friend.turnoverMinor)}</td>
                        <td>
                          <span className={styles.status} data-status={friend.status}>
                            {t(`referral.statuses.${friend.status}`)}
                          </span>
                          {friend.blockedReason ? (
                            <span className={styles.muted}>
                              {' '}
                              ({t(`referral.blockedReasons.${friend.blockedReason}`)})
                            </span>
                          ) : null}
                        </td>
                        <td className={styles.numeric}>{money(friend.rewardMinor)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
