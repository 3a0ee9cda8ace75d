import { formatMoney, type VipCard as VipCardData, type VipOverview } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CrownIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { vipQueryOptions } from './api';
import { fill, vipTexts } from './texts';
import styles from './vip.module.css';

/** The card itself: level, progress to the next level and what is missing. */
export function VipCardView({ card, overview }: { card: VipCardData; overview: VipOverview }) {
  const language = useLanguage();
  const texts = vipTexts(language);
  const money = (minor: number) => formatMoney(minor, overview.currency, language);
  const next = card.next;
  return (
    <section className={styles.card} data-testid="vip-card" data-rank={card.rank}>
      <div className={styles.cardHead}>
        <div>
          <div className={styles.note}>{texts.cardTitle}</div>
          <span className={styles.badge} data-testid="vip-level">
            <CrownIcon /> {card.name}
          </span>
        </div>
        <div className={styles.note}>
          {fill(texts.figures, {
            deposit: money(card.depositMinor),
            bets: money(card.validBetMinor),
          })}
        </div>
      </div>
      {next ? (
        <>
          <div className={styles.note}>{fill(texts.next, { name: next.name })}</div>
          <div
            className={styles.bar}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={next.percent}
            aria-label={fill(texts.next, { name: next.name })}
          >
            <div className={styles.barFill} style={{ width: `${next.percent}%` }} />
          </div>
          <ul className={styles.missing} data-testid="vip-missing">
            {next.missingDepositMinor > 0 && (
              <li>{fill(texts.missingDeposit, { amount: money(next.missingDepositMinor) })}</li>
            )}
            {next.missingValidBetMinor > 0 && (
              <li>{fill(texts.missingBet, { amount: money(next.missingValidBetMinor) })}</li>
            )}
          </ul>
        </>
      ) : (
        <div className={styles.note}>{texts.top}</div>
      )}
    </section>
  );
}

/** The member centre's VIP entry (securityCenter): the card and a link to the VIP page. */
export default function VipCardSection() {
  const language = useLanguage();
  const texts = vipTexts(language);
  const overview = useQuery(vipQueryOptions());
  if (overview.isPending) return <Skeleton height={140} />;
  const data = overview.data;
  if (!data?.card) return null;
  return (
    <div>
      <VipCardView card={data.card} overview={data} />
      <Link to="/vip" className={styles.link}>
        {texts.seeAll}
      </Link>
    </div>
  );
}
