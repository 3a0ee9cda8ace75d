import type { LotteryGame } from '@banca/contracts/lottery';
import { lotteryPayoutMinor } from '@banca/contracts/lottery-rules';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { TextField } from '@/components/form-field';
import { toast } from '@/stores/toast-store';
import { placeBet } from '../api/lottery-api';
import { formatOdds, money, selectionLabel } from '../lib/format';
import styles from './lottery.module.css';

export type SlipLine = { betType: string; selection: string; oddsE4: number };

/** "2,50" / "2.50" / "R$ 2" → 250 centavos; null when it is not an amount. */
function minorOf(text: string): number | null {
  const cleaned = text.replace(/[^\d,.]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

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
  const [stakeText, setStakeText] = useState(() => (game.minStakeMinor / 100).toFixed(2));
  const stake = minorOf(stakeText);
  const fmt = (minor: number) => money(minor, currency, i18n.language);
  const stakeValid = stake !== null && stake >= game.minStakeMinor && stake <= game.maxStakeMinor;
  const total = stakeValid ? stake * lines.length : 0;
  const potential = stakeValid
    ? lines.reduce((s, l) => s + lotteryPayoutMinor(stake, l.oddsE4), 0)
    : 0;

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
    onError: (error) => toast.error(isApiError(error) ? error.message : errorMessage(error, t)),
  });

  return (
    <section className={styles.panel} data-testid="lottery-slip">
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
          stakeValid
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
        <dt>{t('lottery.slip.potential')}</dt>
        <dd>{fmt(potential)}</dd>
      </dl>
      <div className={styles.slipActions}>
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
    </section>
  );
}
