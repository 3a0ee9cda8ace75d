import type { LotteryGame } from '@banca/contracts/lottery';
import { useMutation } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { TextField } from '@/components/form-field';
import { resolveLanguage } from '@banca/contracts';
import { amountInputToMinor, minorToAmountInput } from '@/lib/amount';
import { keepClearOfToasts, toast } from '@/stores/toast-store';
import { placeBet } from '../api/lottery-api';
import { formatOdds, money, selectionLabel } from '../lib/format';
import { lotteryMaxWin, lotteryWinningSets } from '../lib/max-win';
import { liabilityCapOf } from '../lib/slip-errors';
import styles from './lottery.module.css';

export type SlipLine = { betType: string; selection: string; oddsE4: number };

/**
 * The slip: the selections picked on the board, one stake for each, the total and the most it
 * could win; sent as one slip (one stake taken for all, all or nothing).
 */
export function BetSlip({
  game,
  drawId,
  currency,
  lines,
  onRemove,
  onClear,
  onQuickPick,
  onPlaced,
}: {
  game: LotteryGame;
  /** The draw taking bets, null while betting is closed. */
  drawId: number | null;
  currency: string;
  lines: SlipLine[];
  onRemove: (line: SlipLine) => void;
  onClear: () => void;
  onQuickPick: () => void;
  onPlaced: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // The stake is read as every amount of the site is (lib/amount): "1.000,50", "10,5", "10.50";
  // a minus sign, letters or an exponent are no amount, shown as an error, never altered.
  const [stakeText, setStakeText] = useState(() =>
    minorToAmountInput(game.minStakeMinor, resolveLanguage(language)),
  );
  // The language changed: the amount typed is shown again in the new one's format.
  const shownIn = useRef(language);
  useEffect(() => {
    if (shownIn.current === language) return;
    const before = amountInputToMinor(stakeText);
    shownIn.current = language;
    if (before !== null) setStakeText(minorToAmountInput(before, resolveLanguage(language)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a language change
  }, [language]);
  const stake = amountInputToMinor(stakeText);
  const fmt = (minor: number) => money(minor, currency, language);
  const stakeValid = stake !== null && stake >= game.minStakeMinor && stake <= game.maxStakeMinor;
  const total = stakeValid ? stake * lines.length : 0;
  // Only what one result can win together (lib/max-win.ts): the results are tried once per change
  // of the lines (10^5 for 5 balls), each stake typed only adds up the sets of lines they win.
  // Deferred: the board's pick shows at once, the top win follows.
  const deferredLines = useDeferredValue(lines);
  const sets = useMemo(
    () => ({ lines: deferredLines, sets: lotteryWinningSets(game.kind, deferredLines) }),
    [game.kind, deferredLines],
  );
  const top =
    stakeValid && sets.lines === lines ? lotteryMaxWin(game.kind, lines, stake, sets.sets) : null;

  // Narrow screens put the slip under the board: a bar at the bottom shows it while it is out of
  // view and scrolls to it.
  const slipRef = useRef<HTMLElement>(null);
  const [slipInView, setSlipInView] = useState(false);
  useEffect(() => {
    const slip = slipRef.current;
    if (!slip || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setSlipInView(!!entry?.isIntersecting));
    observer.observe(slip);
    return () => observer.disconnect();
  }, []);

  const mutation = useMutation({
    mutationFn: () =>
      placeBet({
        gameCode: game.gameCode,
        drawId: drawId!,
        lines: lines.map((l) => ({
          betType: l.betType,
          selection: l.selection,
          stakeMinor: stake!,
        })),
      }),
    onSuccess: (result) => {
      toast.success(
        t('lottery.slip.placed', {
          count: result.slip.lines.length,
          amount: fmt(result.slip.stakeMinor),
        }),
      );
      onPlaced();
    },
    onError: (error) => {
      const cap = liabilityCapOf(error);
      if (cap) {
        const selection = selectionLabel(t, game.kind, cap.betType, cap.selection);
        toast.error(
          cap.remainingStakeMinor > 0
            ? t('lottery.slip.capReached', { selection, amount: fmt(cap.remainingStakeMinor) })
            : t('lottery.slip.capFull', { selection }),
        );
        return;
      }
      toast.error(isApiError(error) ? error.message : errorMessage(error, t));
    },
  });

  return (
    <section className={styles.panel} ref={slipRef} data-testid="lottery-slip">
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{t('lottery.slip.title')}</h2>
        <Button variant="ghost" size="sm" onClick={onQuickPick} data-testid="lottery-quick-pick">
          {t('lottery.slip.quickPick')}
        </Button>
      </div>
      {lines.length === 0 ? (
        <p className={styles.muted}>{t('lottery.slip.empty')}</p>
      ) : (
        <ul className={styles.slipList}>
          {lines.map((line) => {
            const label = selectionLabel(t, game.kind, line.betType, line.selection);
            return (
              <li key={`${line.betType}:${line.selection}`} data-testid="lottery-slip-line">
                <span>{label}</span>
                <span className={styles.pickOdds}>{formatOdds(line.oddsE4, i18n.language)}</span>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('lottery.slip.remove', { selection: label })}
                  onClick={() => onRemove(line)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <TextField
        label={t('lottery.slip.stake')}
        inputMode="decimal"
        value={stakeText}
        onChange={(event) => setStakeText(event.target.value)}
        prefix="R$"
        data-testid="lottery-stake"
        error={
          stake === null
            ? t('lottery.slip.badStake')
            : stakeValid
              ? null
              : t('lottery.slip.invalidStake', {
                  min: fmt(game.minStakeMinor),
                  max: fmt(game.maxStakeMinor),
                })
        }
        hint={t('lottery.slip.limits', {
          min: fmt(game.minStakeMinor),
          max: fmt(game.maxStakeMinor),
        })}
      />
      <dl className={styles.totals}>
        <dt>{t('lottery.slip.total')}</dt>
        <dd data-testid="lottery-slip-total">{fmt(total)}</dd>
        <dt>
          {top?.perHit
            ? t('lottery.slip.potentialPerHit')
            : top && !top.exact
              ? t('lottery.slip.potentialUpTo')
              : t('lottery.slip.potential')}
        </dt>
        <dd data-testid="lottery-slip-potential">
          {top ? fmt(top.minor) : stakeValid && lines.length > 0 ? '…' : fmt(0)}
        </dd>
      </dl>
      {/* Toasts never cover the slip's buttons (found by QA at 1366×800): they rise above them. */}
      <div
        className={styles.slipActions}
        ref={keepClearOfToasts}
        data-testid="lottery-slip-actions"
      >
        <Button variant="outline" onClick={onClear} disabled={lines.length === 0}>
          {t('lottery.slip.clear')}
        </Button>
        <Button
          onClick={() => mutation.mutate()}
          disabled={lines.length === 0 || !stakeValid || drawId === null || mutation.isPending}
          data-testid="lottery-place"
        >
          {mutation.isPending
            ? t('lottery.slip.placing')
            : t('lottery.slip.place', { amount: fmt(total) })}
        </Button>
      </div>
      {lines.length > 0 && !slipInView ? (
        <div className={styles.slipBar} ref={keepClearOfToasts} data-testid="lottery-slip-bar">
          <span>
            {t('lottery.slip.summary', {
              count: lines.length,
              amount: stakeValid ? fmt(total) : '—',
            })}
          </span>
          <Button
            size="sm"
            onClick={() => slipRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            data-testid="lottery-slip-bar-view"
          >
            {t('lottery.slip.view')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
