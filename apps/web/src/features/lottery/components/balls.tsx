import type { LotteryKind } from '@banca/contracts/lottery-rules';
import { useTranslation } from 'react-i18next';
import styles from './lottery.module.css';

/** A draw's numbers: balls, dice faces or the race's cars in finishing order. */
export function Balls({
  kind,
  numbers,
  size = 'md',
}: {
  kind: LotteryKind;
  numbers: readonly number[];
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <span
      className={styles.balls}
      data-size={size}
      data-testid="lottery-numbers"
      data-numbers={numbers.join(',')}
    >
      {numbers.map((n, i) => (
        <span
          key={i}
          className={styles.ball}
          data-kind={kind}
          data-car={kind === 'race10' ? n : undefined}
          title={
            kind === 'race10'
              ? `${t('lottery.place', { n: i + 1 })}: ${t('lottery.car', { n })}`
              : undefined
          }
        >
          {n}
        </span>
      ))}
    </span>
  );
}
