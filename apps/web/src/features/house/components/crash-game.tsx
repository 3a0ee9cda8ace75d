import type { HouseGame } from '@banca/contracts';
import { crashMultiplierAtE2 } from '@banca/contracts/fairness';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { toast } from '@/stores/toast-store';
import { BALANCES_KEY, betCrash, cashoutCrash, crashStateQuery } from '../api/house-api';
import { formatMultiplier, money } from '../lib/format';
import { play } from '../lib/sound';
import { AmountField, GameFrame } from './game-frame';
import { useBetAmount } from './use-bet-amount';
import styles from './house.module.css';

/**
 * Crash (docs/house.md "Crash"): one round for everyone; bets during the countdown, then the
 * multiplier climbs (drawn here from the round's start on the server's clock, the formula the
 * server uses) until the crash; cash out before it, or let the automatic target do it. The
 * server decides every cash-out by its own clock.
 */
export function CrashGame(props: { game: HouseGame; name: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const amount = useBetAmount(props.game);
  const [autoText, setAutoText] = useState('2.00');
  const state = useQuery(crashStateQuery(props.game.gameCode));
  const data = state.data;
  const [busy, setBusy] = useState(false);
  const [nowMs, setNowMs] = useState(Date.now());
  const offsetMs = useRef(0);
  useEffect(() => {
    if (data) offsetMs.current = Date.parse(data.serverTimeUtc) - Date.now();
  }, [data]);
  useEffect(() => {
    let frame = 0;
    const tick = () => {
      setNowMs(Date.now());
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, []);
  const round = data?.round;
  const serverNow = nowMs + offsetMs.current;
  const startMs = round ? Date.parse(round.bettingEndsAtUtc) : 0;
  const elapsed = Math.max(0, serverNow - startMs);
  const betting = round?.status === 'betting' && startMs - serverNow > 300;
  const running =
    round?.status === 'running' || (round?.status === 'betting' && serverNow >= startMs);
  const shownE2 =
    round?.status === 'ended'
      ? (round.pointE2 ?? 100)
      : running
        ? crashMultiplierAtE2(elapsed)
        : 100;
  const mine = data?.players.find((p) => p.me);
  const canCashout = running && mine !== undefined && mine.cashoutE2 === null;
  const ended = useRef<number | null>(null);
  useEffect(() => {
    if (round?.status === 'ended' && ended.current !== round.id) {
      ended.current = round.id;
      play('boom');
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
    }
  }, [round, queryClient]);

  async function act(call: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    try {
      await call();
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      void state.refetch();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  }
  const autoE2 =
    autoText.trim() === '' ? null : Math.round(Number(autoText.replace(',', '.')) * 100);
  const autoValid = autoE2 === null || (Number.isFinite(autoE2) && autoE2 >= 101);

  const panel = (
    <>
      <AmountField amount={amount} disabled={busy} />
      <label className={styles.field}>
        <span className={styles.label}>{t('house.crash.auto')}</span>
        <input
          className={styles.input}
          inputMode="decimal"
          value={autoText}
          aria-invalid={!autoValid}
          onChange={(e) => setAutoText(e.target.value)}
        />
      </label>
      {canCashout ? (
        <button
          type="button"
          className={styles.betButton}
          disabled={busy}
          data-testid="crash-cashout"
          onClick={() =>
            void act(() => cashoutCrash({ gameCode: props.game.gameCode }).then(() => play('win')))
          }
        >
          {t('house.crash.cashout', {
            amount: money(Math.floor((mine!.stakeMinor * shownE2) / 100), props.currency, language),
          })}
        </button>
      ) : (
        <button
          type="button"
          className={styles.betButton}
          disabled={busy || !betting || mine !== undefined || !amount.valid || !autoValid}
          data-testid="crash-bet"
          onClick={() =>
            void act(() =>
              betCrash({
                gameCode: props.game.gameCode,
                amountMinor: amount.minor!,
                autoCashoutE2: autoE2,
              }).then(() => play('bet')),
            )
          }
        >
          {mine ? t('house.crash.inRound') : t('house.bet')}
        </button>
      )}
      <div className={styles.field}>
        <span className={styles.label}>
          {t('house.crash.players', { count: data?.players.length ?? 0 })}
        </span>
        <ul className={styles.list} data-testid="crash-players">
          {data?.players.map((p, i) => (
            <li key={i} className={styles.playerRow} data-me={p.me}>
              <span>{p.player}</span>
              <span>{money(p.stakeMinor, props.currency, language)}</span>
              <span className={p.cashoutE2 ? styles.win : undefined}>
                {p.cashoutE2 ? formatMultiplier(p.cashoutE2 * 100, language) : '—'}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );

  // The curve: y = multiplier over time, scaled to the larger of 2× and the current value.
  const width = 600;
  const height = 300;
  const topE2 = Math.max(200, shownE2 * 1.1);
  const spanMs = Math.max(
    8_000,
    round?.status === 'ended' ? Math.log((round.pointE2 ?? 100) / 100) / 0.00006 : elapsed,
  );
  const points: string[] = [];
  const lastMs =
    round?.status === 'ended'
      ? Math.log((round.pointE2 ?? 100) / 100) / 0.00006
      : running
        ? elapsed
        : 0;
  for (let i = 0; i <= 60; i++) {
    const ms = (lastMs * i) / 60;
    const m = 100 * Math.exp(0.00006 * ms);
    points.push(`${(ms / spanMs) * width},${height - ((m - 100) / (topE2 - 100)) * height}`);
  }
  const crashed = round?.status === 'ended';
  const stage = (
    <div className={styles.crashStage}>
      <svg
        className={styles.crashSvg}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <polyline
          points={points.join(' ')}
          fill="none"
          stroke={crashed ? 'var(--danger)' : 'var(--accent)'}
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      <div className={styles.crashValue} data-crashed={crashed} data-testid="crash-multiplier">
        {betting
          ? t('house.crash.startsIn', { seconds: Math.ceil((startMs - serverNow) / 1000) })
          : formatMultiplier(shownE2 * 100, language)}
        {crashed && <span className={styles.crashLabel}>{t('house.crash.crashed')}</span>}
      </div>
      <div className={styles.doubleHistory}>
        {data?.history.map((h) => (
          <Link
            key={h.id}
            className={styles.historyChip}
            data-win={h.pointE2 >= 200}
            to={`/originals/verify?engine=crash&hash=${h.gameHash}&salt=${data.salt}&rtp=${props.game.rtpBps}`}
            title={h.gameHash}
          >
            {formatMultiplier(h.pointE2 * 100, language)}
          </Link>
        ))}
      </div>
    </div>
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
