import type { HouseBet, HouseGame } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { amountInputToMinor } from '@/lib/amount';
import { toast } from '@/stores/toast-store';
import { BALANCES_KEY, houseKeys, playInstant, type InstantEngine } from '../api/house-api';
import { afterBet, startState, type AutoBetSettings, type StopReason } from '../lib/auto-bet';
import { formatMultiplier, money } from '../lib/format';
import { play } from '../lib/sound';
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
  const [auto, setAuto] = useState({ count: '10', profit: '', loss: '' });
  const [autoRun, setAutoRun] = useState<{ placed: number; netMinor: number } | null>(null);
  const stopRequested = useRef(false);

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

  const runAuto = useCallback(async () => {
    const settings: AutoBetSettings = {
      count: Number.parseInt(auto.count || '0', 10) || 0,
      stopProfitMinor: amountInputToMinor(auto.profit) ?? 0,
      stopLossMinor: amountInputToMinor(auto.loss) ?? 0,
    };
    stopRequested.current = false;
    setBusy(true);
    let state = startState();
    setAutoRun(state);
    let reason: StopReason = 'user';
    try {
      for (;;) {
        if (stopRequested.current) break;
        const bet = await once();
        const next = afterBet(state, bet, settings);
        state = next.state;
        setAutoRun(state);
        if (next.stop) {
          reason = next.stop;
          break;
        }
      }
    } catch (error) {
      reason = isApiError(error) && error.code === 'insufficient_funds' ? 'funds' : 'error';
      if (reason === 'error')
        toast.error(isApiError(error) ? error.message : errorMessage(error, t));
    } finally {
      setBusy(false);
      setAutoRun(null);
    }
    toast.info(t(`house.autoStopped.${reason}`));
  }, [auto, once, t]);

  // Keyboard: Space (or Enter on the stage) bets; arrows adjust the game's main control.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      if (event.code === 'Space') {
        event.preventDefault();
        if (mode === 'manual') void manual();
      } else if (event.key === 'ArrowUp' || event.key === 'ArrowRight') props.onArrow?.(1);
      else if (event.key === 'ArrowDown' || event.key === 'ArrowLeft') props.onArrow?.(-1);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [manual, mode, props]);

  const settledLast = rolling ? null : last;
  const panel = (
    <>
      <div className={styles.modeTabs} role="tablist">
        {(['manual', 'auto'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            className={styles.modeTab}
            aria-selected={mode === m}
            disabled={busy}
            onClick={() => setMode(m)}
          >
            {t(`house.${m}`)}
          </button>
        ))}
      </div>
      <AmountField amount={amount} disabled={busy} />
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
        <>
          <label className={styles.field}>
            <span className={styles.label}>{t('house.autoCount')}</span>
            <input
              className={styles.input}
              inputMode="numeric"
              value={auto.count}
              disabled={busy}
              onChange={(e) => setAuto({ ...auto, count: e.target.value.replace(/\D/g, '') })}
            />
          </label>
          <div className={styles.inputRow}>
            <label className={styles.field}>
              <span className={styles.label}>{t('house.stopProfit')}</span>
              <input
                className={styles.input}
                inputMode="decimal"
                value={auto.profit}
                disabled={busy}
                onChange={(e) => setAuto({ ...auto, profit: e.target.value })}
              />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('house.stopLoss')}</span>
              <input
                className={styles.input}
                inputMode="decimal"
                value={auto.loss}
                disabled={busy}
                onChange={(e) => setAuto({ ...auto, loss: e.target.value })}
              />
            </label>
          </div>
          {autoRun ? (
            <>
              <button
                type="button"
                className={styles.stopButton}
                onClick={() => {
                  stopRequested.current = true;
                }}
              >
                {t('house.stopAuto')}
              </button>
              <span className={styles.note} data-testid="house-auto-progress">
                {t('house.autoProgress', {
                  placed: autoRun.placed,
                  net: money(autoRun.netMinor, props.currency, language),
                })}
              </span>
            </>
          ) : (
            <button
              type="button"
              className={styles.betButton}
              disabled={busy || !amount.valid || !props.game.enabled}
              onClick={() => void runAuto()}
              data-testid="house-auto-start"
            >
              {t('house.startAuto')}
            </button>
          )}
        </>
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
