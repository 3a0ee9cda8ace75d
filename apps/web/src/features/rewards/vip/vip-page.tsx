import { formatMoney } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { EmptyState } from '@/components/empty-state';
import { CrownIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { vipQueryOptions } from './api';
import { fill, vipTexts } from './texts';
import { VipCardView } from './vip-card';
import styles from './vip.module.css';

/** The VIP page (/vip): the member's card and the table of levels and benefits. */
export default function VipPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const texts = vipTexts(language);
  const overview = useQuery(vipQueryOptions());
  const data = overview.data;
  const money = (minor: number) =>
    minor > 0 ? formatMoney(minor, data?.currency ?? 'BRL', language) : '—';
  return (
    <div className={styles.page} data-testid="vip-page">
      <header>
        <h1 className={styles.title}>{texts.title}</h1>
        <p className={styles.subtitle}>{texts.subtitle}</p>
      </header>
      {overview.error ? (
        <p role="alert">{errorMessage(overview.error, t)}</p>
      ) : !data ? (
        <Skeleton height={240} />
      ) : !data.enabled || data.levels.length === 0 ? (
        <EmptyState icon={<CrownIcon />} title={texts.off} />
      ) : (
        <>
          {data.card && <VipCardView card={data.card} overview={data} />}
          <h2>{texts.table}</h2>
          <p className={styles.note}>
            {fill(texts.window[data.settings.period], { days: String(data.settings.rollingDays) })}
            {' · '}
            {texts.requirement[data.settings.requirement]}
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="vip-levels">
              <thead>
                <tr>
                  <th scope="col">{texts.columns.level}</th>
                  <th scope="col">{texts.columns.deposit}</th>
                  <th scope="col">{texts.columns.bets}</th>
                  <th scope="col">{texts.columns.levelUp}</th>
                  <th scope="col">{texts.columns.weekly}</th>
                  <th scope="col">{texts.columns.monthly}</th>
                  <th scope="col">{texts.columns.cashback}</th>
                </tr>
              </thead>
              <tbody>
                {data.levels.map((level) => (
                  <tr
                    key={level.rank}
                    className={data.card?.rank === level.rank ? styles.currentRow : undefined}
                    aria-current={data.card?.rank === level.rank ? 'true' : undefined}
                  >
                    <td>{level.name}</td>
                    <td>{money(level.depositMinor)}</td>
                    <td>{money(level.validBetMinor)}</td>
                    <td>{money(level.levelUpRewardMinor)}</td>
                    <td>{money(level.weeklyRewardMinor)}</td>
                    <td>{money(level.monthlyRewardMinor)}</td>
                    <td>
                      {level.cashbackRateBp > 0
                        ? `${(level.cashbackRateBp / 100).toLocaleString(language)} %`
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
