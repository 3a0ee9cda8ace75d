import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { amountInputToMinor } from '@/lib/amount';
import { toast } from '@/stores/toast-store';
import {
  afterBet,
  startState,
  type AutoBetSettings,
  type AutoBetState,
  type StopReason,
} from '../lib/auto-bet';
import { money } from '../lib/format';
import styles from './house.module.css';

/** What one automatic round cost and paid: the stop conditions add these up (lib/auto-bet). */
export type AutoRoundResult = { stakeMinor: number; payoutMinor: number };

/** Thrown by a round that was waiting (for the next countdown, a result) when Stop was pressed. */
export class AutoStopped extends Error {}

/**
 * The one auto-bet of every house game (issue 14 §2): rounds in a row, each played by the game's
 * `round` (an instant bet; a mines round with its preset tiles; a crash or double bet on the next
 * shared round and its result), stopped by the count, a net profit or loss (lib/auto-bet's rules),
 * the balance, an error, or the Stop button (`stopped()` lets a waiting round give up at once).
 */
export function useAutoBet(round: (stopped: () => boolean) => Promise<AutoRoundResult>) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState({ count: '10', profit: '', loss: '' });
  const [progress, setProgress] = useState<AutoBetState | null>(null);
  const stopRequested = useRef(false);
  const roundRef = useRef(round);
  useEffect(() => {
    roundRef.current = round;
  }, [round]);

  const start = useCallback(async () => {
    const rules: AutoBetSettings = {
      count: Number.parseInt(settings.count || '0', 10) || 0,
      stopProfitMinor: amountInputToMinor(settings.profit) ?? 0,
      stopLossMinor: amountInputToMinor(settings.loss) ?? 0,
    };
    stopRequested.current = false;
    let state = startState();
    setProgress(state);
    let reason: StopReason = 'user';
    try {
      for (;;) {
        if (stopRequested.current) break;
        const result = await roundRef.current(() => stopRequested.current);
        const next = afterBet(state, result, rules);
        state = next.state;
        setProgress(state);
        if (next.stop) {
          reason = next.stop;
          break;
        }
      }
    } catch (error) {
      if (!(error instanceof AutoStopped)) {
        reason = isApiError(error) && error.code === 'insufficient_funds' ? 'funds' : 'error';
        if (reason === 'error')
          toast.error(isApiError(error) ? error.message : errorMessage(error, t));
      }
    } finally {
      setProgress(null);
    }
    toast.info(t(`house.autoStopped.${reason}`));
  }, [settings, t]);

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);
  const running = progress !== null;
  /** Space's action in auto mode: start, or stop the run. */
  const toggle = useCallback(() => {
    if (running) stop();
    else void start();
  }, [running, start, stop]);
  return { settings, setSettings, progress, running, start, stop, toggle };
}
export type AutoBet = ReturnType<typeof useAutoBet>;

/** Manual / Auto tabs above a game's controls. */
export function ModeTabs(props: {
  mode: 'manual' | 'auto';
  onChange: (mode: 'manual' | 'auto') => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.modeTabs} role="tablist">
      {(['manual', 'auto'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          className={styles.modeTab}
          aria-selected={props.mode === m}
          disabled={props.disabled}
          onClick={() => props.onChange(m)}
        >
          {t(`house.${m}`)}
        </button>
      ))}
    </div>
  );
}

/** The auto-bet's settings, its Start / Stop button and the run's progress. */
export function AutoBetControls(props: {
  auto: AutoBet;
  currency: string;
  /** Start is offered (a valid amount, the game on, the game's own auto settings valid). */
  canStart: boolean;
  /** The game's own settings (a cash-out target, a colour, tiles), above the common ones. */
  children?: ReactNode;
  /** What the run is doing now (waiting for the next round…), under the progress. */
  status?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { auto } = props;
  const busy = auto.running;
  return (
    <>
      {props.children}
      <label className={styles.field}>
        <span className={styles.label}>{t('house.autoCount')}</span>
        <input
          className={styles.input}
          inputMode="numeric"
          value={auto.settings.count}
          disabled={busy}
          data-testid="house-auto-count"
          onChange={(e) =>
            auto.setSettings({ ...auto.settings, count: e.target.value.replace(/\D/g, '') })
          }
        />
      </label>
      <div className={styles.inputRow}>
        <label className={styles.field}>
          <span className={styles.label}>{t('house.stopProfit')}</span>
          <input
            className={styles.input}
            inputMode="decimal"
            value={auto.settings.profit}
            disabled={busy}
            onChange={(e) => auto.setSettings({ ...auto.settings, profit: e.target.value })}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('house.stopLoss')}</span>
          <input
            className={styles.input}
            inputMode="decimal"
            value={auto.settings.loss}
            disabled={busy}
            onChange={(e) => auto.setSettings({ ...auto.settings, loss: e.target.value })}
          />
        </label>
      </div>
      {auto.progress ? (
        <>
          <button
            type="button"
            className={styles.stopButton}
            onClick={auto.stop}
            data-testid="house-auto-stop"
          >
            {t('house.stopAuto')}
          </button>
          <span className={styles.note} data-testid="house-auto-progress">
            {t('house.autoProgress', {
              placed: auto.progress.placed,
              net: money(auto.progress.netMinor, props.currency, i18n.language),
            })}
          </span>
          {props.status && <span className={styles.hint}>{props.status}</span>}
        </>
      ) : (
        <button
          type="button"
          className={styles.betButton}
          disabled={!props.canStart}
          onClick={() => void auto.start()}
          data-testid="house-auto-start"
        >
          {t('house.startAuto')}
        </button>
      )}
    </>
  );
}

/**
 * Waits on a value the page receives (a shared round's state): `until(test, stopped)` resolves
 * with the first value passing `test`, checked on every new value and a few times a second (a
 * countdown passes with time, not with values); rejects with AutoStopped once `stopped()`.
 */
export function useValueWaiter<T>(value: T | undefined) {
  const latest = useRef(value);
  const checks = useRef(new Set<() => void>());
  useEffect(() => {
    latest.current = value;
    for (const check of [...checks.current]) check();
  }, [value]);
  return useCallback(
    (test: (value: T) => boolean, stopped: () => boolean) =>
      new Promise<T>((resolve, reject) => {
        const timer = setInterval(() => check(), 200);
        const done = () => {
          clearInterval(timer);
          checks.current.delete(check);
        };
        function check() {
          if (stopped()) {
            done();
            reject(new AutoStopped());
          } else if (latest.current !== undefined && test(latest.current)) {
            done();
            resolve(latest.current);
          }
        }
        checks.current.add(check);
        check();
      }),
    [],
  );
}

/**
 * The games' keyboard: Space plays (a bet, a cash-out, auto start/stop), arrows adjust the
 * game's main control. Keys typed into a field are the field's.
 */
export function useGameKeys(keys: { space?: () => void; arrow?: (direction: 1 | -1) => void }) {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  }, [keys]);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA|BUTTON|A)$/.test(target.tagName)) return;
      if (event.code === 'Space' && latest.current.space) {
        event.preventDefault();
        latest.current.space();
      } else if (event.key === 'ArrowUp' || event.key === 'ArrowRight') latest.current.arrow?.(1);
      else if (event.key === 'ArrowDown' || event.key === 'ArrowLeft') latest.current.arrow?.(-1);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
