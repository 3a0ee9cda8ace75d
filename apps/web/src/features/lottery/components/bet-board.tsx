import type { LotteryKind } from '@banca/contracts/lottery-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryState } from '../api/lottery-api';
import { formatOdds } from '../lib/format';
import type { SlipLine } from './bet-slip';
import styles from './lottery.module.css';

type BetType = LotteryState['betTypes'][number];

/**
 * The board: one bet type at a time, its selections as buttons with their odds. Position bets
 * are a grid (a row per ball, or per place in the race); the rest a row of options.
 */
export function BetBoard({
  kind,
  betTypes,
  lines,
  onToggle,
}: {
  kind: LotteryKind;
  betTypes: BetType[];
  lines: SlipLine[];
  onToggle: (betType: string, selection: string, oddsE4: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const open = betTypes.filter((b) => b.enabled);
  const [chosen, setChosen] = useState(open[0]?.betType ?? '');
  const type = open.find((b) => b.betType === chosen) ?? open[0];
  if (!type) return null;
  const picked = (selection: string) =>
    lines.some((l) => l.betType === type.betType && l.selection === selection);
  const button = (selection: string, oddsE4: number, label: string) => (
    <button
      key={selection}
      type="button"
      className={styles.pick}
      aria-pressed={picked(selection)}
      onClick={() => onToggle(type.betType, selection, oddsE4)}
      data-testid={`lottery-pick-${type.betType}-${selection}`}
    >
      <span className={styles.pickLabel}>{label}</span>
      <span className={styles.pickOdds}>{formatOdds(oddsE4, i18n.language, true)}</span>
    </button>
  );
  const rows =
    type.betType === 'position'
      ? [...new Set(type.odds.map((o) => o.selection.split('-')[0]!))].map((row) => ({
          title: kind === 'race10' ? t('lottery.place', { n: row }) : t('lottery.ball', { n: row }),
          odds: type.odds.filter((o) => o.selection.split('-')[0] === row),
        }))
      : [{ title: '', odds: type.odds }];
  const named = ['big', 'small', 'odd', 'even', 'any'] as const;

  return (
    <section className={styles.panel} data-testid="lottery-board">
      <div className={styles.modes} role="group" aria-label={t('lottery.tabs.bet')}>
        {open.map((b) => (
          <button
            key={b.betType}
            type="button"
            className={styles.chip}
            aria-pressed={b.betType === type.betType}
            onClick={() => setChosen(b.betType)}
            data-testid={`lottery-bet-type-${b.betType}`}
          >
            {t(`lottery.betTypes.${b.betType as 'sum'}`)}
          </button>
        ))}
      </div>
      <p className={styles.muted}>
        {t(`lottery.hints.${kind}.${type.betType}` as 'lottery.hints.ssc5.sum')}
      </p>
      {rows.map((row) => (
        <div key={row.title} className={styles.boardRow}>
          {row.title ? <span className={styles.rowTitle}>{row.title}</span> : null}
          <div className={styles.picks}>
            {row.odds.map((o) => {
              const second = o.selection.split('-')[1];
              const word = named.find((n) => n === o.selection);
              const label =
                second !== undefined
                  ? second
                  : word
                    ? t(`lottery.selections.${word}`)
                    : o.selection;
              return button(o.selection, o.oddsE4, label);
            })}
          </div>
        </div>
      ))}
    </section>
  );
}
