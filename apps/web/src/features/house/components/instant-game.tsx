import type { HouseBet, HouseGame } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { toast } from '@/stores/toast-store';
import { BALANCES_KEY, houseKeys, playInstant, type InstantEngine } from '../api/house-api';
import { formatMultiplier, money } from '../lib/format';
import { play } from '../lib/sound';
import { AutoBetControls, ModeTabs, useAutoBet, useGameKeys } from './auto-bet';
import { AmountField, GameFrame } from './game-frame';
import { useBetAmount } from './use-bet-amount';
import styles from './house.module.css';

/** Rounds kept in the strip above the stage. */
const HISTORY_SHOWN = 8;

export type StageProps = { last: HouseBet | null; rolling: boolean };

/**
 * An instant game's page (dice, limbo, plinko): manual or automatic bets, keyboard (Space bets,
 * arrows call `onArrow`), the last rounds, sounds. The game gives its controls, the body of a
 * bet, and its stage (animated for `animationMs` after an answer).
 */
export function InstantGame(props: {
  game: HouseGame;
  name: string;
  currency: string;
  engine: InstantEngine;
  controls: ReactNode;
  body: () => Record<string, unknown> | null;
  stage: (props: StageProps) => ReactNode;
  animationMs: number;
  onArrow?: (direction: 1 | -1) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const amount = useBetAmount(props.game);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [busy, setBusy] = useState(false);
  const [rolling, setRolling] = useState(false);
  const [last, setLast] = useState<HouseBet | null>(null);
  const [history, setHistory] = useState<HouseBet[]>([]);

  const once = useCallback(async (): Promise<HouseBet> => {
    const body = props.body();
    if (!amount.valid || amount.minor === null || body === null)
      throw new Error(t('house.invalidAmount'));
    play('bet');
    const bet = await playInstant(props.engine, {
      gameCode: props.game.gameCode,
      amountMinor: amount.minor,
      ...body,
    });
    setLast(bet);
    setRolling(true);
    await new Promise((resolve) => setTimeout(resolve, props.animationMs));
    setRolling(false);
    play(bet.payoutMinor > 0 ? 'win' : 'lose');
    setHistory((list) => [bet, ...list].slice(0, HISTORY_SHOWN));
    if (bet.balanceMinor !== undefined)
      queryClient.setQueryData(BALANCES_KEY, (old: unknown) =>
        old && typeof old === 'object' && 'main' in old
          ? {
              ...old,
              main: {
                ...(old as { main: object }).main,
                balanceMinor: bet.balanceMinor,
                balance: bet.balanceMinor! / 100,
              },
            }
          : old,
      );
    void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
    void queryClient.invalidateQueries({ queryKey: houseKeys.betsAll });
    return bet;
  }, [amount.minor, amount.valid, props, queryClient, t]);

  const manual = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    try {
      await once();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  }, [busy, once, t]);

  const auto = useAutoBet(once);
  // Keyboard: Space bets (in auto mode starts or stops the run); arrows adjust the main control.
  useGameKeys({
    space: () => (mode === 'manual' ? void manual() : auto.toggle()),
    arrow: props.onArrow,
  });

  const settledLast = rolling ? null : last;
  const panel = (
    <>
      <ModeTabs mode={mode} onChange={setMode} disabled={busy || auto.running} />
      <AmountField amount={amount} disabled={busy || auto.running} />
      {props.controls}
      {mode === 'manual' ? (
        <button
          type="button"
          className={styles.betButton}
          disabled={busy || !amount.valid || !props.game.enabled}
          onClick={() => void manual()}
          data-testid="house-bet"
        >
          {busy ? t('house.betting') : t('house.bet')}
        </button>
      ) : (
        <AutoBetControls
          auto={auto}
          currency={props.currency}
          canStart={!busy && amount.valid && props.game.enabled}
        />
      )}
      {!props.game.enabled && <p className={styles.note}>{t('house.disabled')}</p>}
      <span className={styles.hint}>{t('house.keyboardHint')}</span>
    </>
  );

  const stage = (
    <>
      <div className={styles.history} aria-label={t('house.history')}>
        {history.map((bet) => (
          <span key={bet.id} className={styles.historyChip} data-win={bet.payoutMinor > 0}>
            {formatMultiplier(bet.multiplierE4, language)}
          </span>
        ))}
      </div>
      {props.stage({ last, rolling })}
      {settledLast && (
        <div
          key={settledLast.id}
          className={settledLast.payoutMinor > 0 ? styles.toastWin : styles.toastLose}
          data-testid="house-result"
          data-win={settledLast.payoutMinor > 0}
        >
          {settledLast.payoutMinor > 0
            ? t('house.won', { amount: money(settledLast.payoutMinor, props.currency, language) })
            : t('house.lost')}
        </div>
      )}
    </>
  );

  return (
    <GameFrame
      game={props.game}
      name={props.name}
      currency={props.currency}
      panel={panel}
      stage={stage}
    />
  );
}
