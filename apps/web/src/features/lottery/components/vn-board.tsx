import { vnSelectionValid, type VnLotteryKind } from '@banca/contracts/lottery-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { TextField } from '@/components/form-field';
import { keepClearOfToasts } from '@/stores/toast-store';
import type { LotteryState } from '../api/lottery-api';
import { formatOdds } from '../lib/format';
import type { SlipLine } from './bet-slip';
import styles from './lottery.module.css';

type BetType = LotteryState['betTypes'][number];

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
/** Bet types collecting several numbers of the board into one line: xiên and đá. */
const XIEN_SIZE: Record<string, number> = { xien2: 2, xien3: 3, xien4: 4, da2: 2 };
const DIGITS: Record<string, number> = { lo3: 3, de3: 3, big: 4, small: 4 };

/** The multiplier of the stake one hit pays, as the slip shows it (lô: per ending). */
export function vnLineOddsE4(type: BetType): number {
  return Math.floor((type.oddsTiersE4?.[0] ?? 0) / (type.oddsDiv ?? 1));
}

/** A random selection of a VN/SEA bet type (the slip's quick pick). */
export function vnQuickPick(betType: string): string {
  const size = XIEN_SIZE[betType];
  if (size) {
    const picked = new Set<string>();
    while (picked.size < size) picked.add(TWO_DIGITS[Math.floor(Math.random() * 100)]!);
    return [...picked].sort().join('-');
  }
  const digits = DIGITS[betType] ?? 2;
  return String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0');
}

/**
 * The VN/SEA board: one bet type at a time with its odds table; lô, đề and đề đầu pick numbers
 * 00–99 on a grid, xiên and đá collect 2–4 of them into one line, lô 3 số, ba càng and 4D take a
 * typed number.
 */
export function VnBoard({
  kind,
  betTypes,
  lines,
  onToggle,
}: {
  kind: VnLotteryKind;
  betTypes: BetType[];
  lines: SlipLine[];
  onToggle: (betType: string, selection: string, oddsE4: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const open = betTypes.filter((b) => b.enabled);
  const [chosen, setChosen] = useState(open[0]?.betType ?? '');
  const [combo, setCombo] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const type = open.find((b) => b.betType === chosen) ?? open[0];
  if (!type) return null;
  const oddsE4 = vnLineOddsE4(type);
  const size = XIEN_SIZE[type.betType];
  const digits = DIGITS[type.betType];
  const inSlip = (selection: string) =>
    lines.some((l) => l.betType === type.betType && l.selection === selection);
  const times = (e4: number) =>
    `${(e4 / 10_000).toLocaleString(i18n.language, { maximumFractionDigits: 2 })}×`;
  const tiers = type.oddsTiers ?? [];

  const pick = (n: string) => {
    if (!size) return onToggle(type.betType, n, oddsE4);
    setCombo((current) =>
      current.includes(n)
        ? current.filter((x) => x !== n)
        : current.length < size
          ? [...current, n]
          : current,
    );
  };
  const comboSelection = [...combo].sort().join('-');
  const typedValid = digits !== undefined && vnSelectionValid(kind, type.betType, typed);

  return (
    <section className={styles.panel} data-testid="lottery-board" data-kind={kind}>
      <div className={styles.modes} role="group" aria-label={t('lottery.tabs.bet')}>
        {open.map((b) => (
          <button
            key={b.betType}
            type="button"
            className={styles.chip}
            aria-pressed={b.betType === type.betType}
            onClick={() => {
              setChosen(b.betType);
              setCombo([]);
              setTyped('');
            }}
            data-testid={`lottery-bet-type-${b.betType}`}
          >
            {t(`lottery.betTypes.${b.betType as 'lo2'}`)}
          </button>
        ))}
      </div>
      <p className={styles.muted}>
        {t(`lottery.hints.${kind}.${type.betType}` as 'lottery.hints.vn_north.lo2')}
      </p>
      <p className={styles.oddsLine} data-testid="lottery-odds">
        {tiers.length > 1
          ? tiers
              .map(
                (tier, i) =>
                  `${t(`lottery.vn.tiers.${tier as 'P1'}`)} ${times(type.oddsTiersE4![i]!)}`,
              )
              .join(' · ')
          : [
              t('lottery.vn.odds', { odds: times(type.oddsTiersE4?.[0] ?? 0) }),
              (type.oddsDiv ?? 1) > 1 ? t('lottery.vn.pointCost', { cost: type.oddsDiv }) : null,
              t('lottery.vn.oddsPerStake', { odds: formatOdds(oddsE4, i18n.language) }),
            ]
              .filter(Boolean)
              .join(' · ')}
      </p>
      {digits !== undefined ? (
        <form
          className={styles.numberEntry}
          onSubmit={(event) => {
            event.preventDefault();
            if (!typedValid || inSlip(typed)) return;
            onToggle(type.betType, typed, oddsE4);
            setTyped('');
          }}
        >
          <TextField
            label={`${t('lottery.vn.number')} (${t('lottery.vn.numberHint', { digits })})`}
            inputMode="numeric"
            maxLength={digits}
            value={typed}
            onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
            data-testid="lottery-number-input"
          />
          <Button type="submit" disabled={!typedValid} data-testid="lottery-number-add">
            {t('lottery.vn.add')}
          </Button>
        </form>
      ) : (
        <>
          <div className={styles.numberGrid}>
            {TWO_DIGITS.map((n) => (
              <button
                key={n}
                type="button"
                className={styles.pick}
                aria-pressed={size ? combo.includes(n) : inSlip(n)}
                onClick={() => pick(n)}
                data-testid={`lottery-pick-${type.betType}-${n}`}
              >
                <span className={styles.pickLabel}>{n}</span>
              </button>
            ))}
          </div>
          {size ? (
            <div
              className={styles.comboBar}
              ref={keepClearOfToasts}
              data-above-bar={lines.length > 0 || undefined}
            >
              <span className={styles.muted}>{t('lottery.vn.combo', { count: size })}</span>
              <Button
                disabled={combo.length !== size || inSlip(comboSelection)}
                onClick={() => {
                  onToggle(type.betType, comboSelection, oddsE4);
                  setCombo([]);
                }}
                data-testid="lottery-combo-add"
              >
                {t('lottery.vn.comboAdd', {
                  betType: t(`lottery.betTypes.${type.betType as 'lo2'}`),
                  numbers: comboSelection || '—',
                })}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
