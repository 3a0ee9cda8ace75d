import { isVnLotteryKind, type LotteryKind } from '@banca/contracts/lottery-rules';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './lottery.module.css';
import { specialOf } from './vn-sheet';

/** A draw's numbers: balls, dice faces or the race's cars in finishing order. */
export function Balls({
  kind,
  numbers,
  size = 'md',
  reveal = false,
}: {
  kind: LotteryKind;
  numbers: readonly number[];
  size?: 'sm' | 'md';
  /** Drawn one after the other as they appear (the live result), not all at once. */
  reveal?: boolean;
}) {
  const { t } = useTranslation();
  // A VN/SEA sheet is too long for a line: its special (or first) prize stands for it.
  if (isVnLotteryKind(kind))
    return (
      <span
        className={styles.special}
        data-testid="lottery-numbers"
        data-numbers={numbers.join(',')}
      >
        <span className={styles.caption}>
          {t(kind === 'sea4d' ? 'lottery.vn.tiers.P1' : 'lottery.vn.special')}
        </span>
        <strong>{specialOf(kind, numbers)}</strong>
      </span>
    );
  return (
    <span
      className={styles.balls}
      data-size={size}
      data-reveal={reveal || undefined}
      data-testid="lottery-numbers"
      data-numbers={numbers.join(',')}
    >
      {numbers.map((n, i) => (
        <span
          key={i}
          className={styles.ball}
          style={{ '--ball-index': i } as CSSProperties}
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
