import { sheetOf, type VnLotteryKind } from '@banca/contracts/lottery-rules';
import { useTranslation } from 'react-i18next';
import styles from './lottery.module.css';

/**
 * A VN/SEA draw's result as the official sheet reads: a row per prize (ĐB, G1…G7 north; G8…ĐB
 * south; 1st, 2nd, 3rd, special, consolation for 4D), each with its numbers, zero-padded. The
 * special prize stands out; `highlight` marks the numbers ending in the member's picks.
 */
export function VnSheet({
  kind,
  numbers,
  drawNo,
  highlight = [],
}: {
  kind: VnLotteryKind;
  numbers: readonly number[];
  drawNo: string;
  highlight?: readonly string[];
}) {
  const { t } = useTranslation();
  const rows = sheetOf(kind, numbers);
  const marked = (value: string) => highlight.some((h) => value.endsWith(h));
  return (
    <div
      className={styles.sheet}
      role="table"
      aria-label={t('lottery.vn.sheet', { drawNo })}
      data-testid="lottery-sheet"
      data-draw-no={drawNo}
    >
      <div role="row" className={styles.sheetHead}>
        <span role="columnheader">{t('lottery.vn.prize')}</span>
        <span role="columnheader">{t('lottery.vn.numbers')}</span>
      </div>
      {rows.map((row) => (
        <div
          key={row.prize}
          role="row"
          className={styles.sheetRow}
          data-prize={row.prize}
          data-special={row.prize === 'DB' || row.prize === 'P1' ? true : undefined}
        >
          <span role="rowheader" className={styles.sheetPrize}>
            {t(`lottery.vn.prizes.${row.prize as 'DB'}`)}
          </span>
          <span role="cell" className={styles.sheetValues}>
            {row.values.map((value, i) => (
              <span
                key={i}
                className={styles.sheetValue}
                data-marked={marked(value) || undefined}
                data-testid={`lottery-sheet-${row.prize}-${i + 1}`}
              >
                {value}
              </span>
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The special prize of a sheet, for a compact line (lobby, my bets). */
export function specialOf(kind: VnLotteryKind, numbers: readonly number[]): string {
  const rows = sheetOf(kind, numbers);
  return (rows.find((r) => r.prize === 'DB' || r.prize === 'P1')?.values[0] ?? '') as string;
}
