import type { HouseGame } from '@banca/contracts';
import { crashMultiplierAtE2 } from '@banca/contracts/fairness';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { toast } from '@/stores/toast-store';
import {
  BALANCES_KEY,
  betCrash,
  cashoutCrash,
  crashStateQuery,
  houseKeys,
  type CrashState,
} from '../api/house-api';
import { useCrashLive } from '../api/house-live';
import { formatMultiplier, money } from '../lib/format';
import { play } from '../lib/sound';
import {
  AutoBetControls,
  ModeTabs,
  useAutoBet,
  useGameKeys,
  useValueWaiter,
  type AutoRoundResult,
} from './auto-bet';
import { AmountField, GameFrame } from './game-frame';
import { useBetAmount } from './use-bet-amount';
import styles from './house.module.css';

/** Players drawn in the list (the biggest stakes); the rest are counted. */
const PLAYERS_SHOWN = 50;
/** Auto-bet bets only with this much of the countdown left (a bet in flight must land in time). */
const AUTO_BET_MARGIN_MS = 1_000;

/**
 * Crash (docs/house.md "Crash"): one round for everyone, live over the socket (house-live.ts);
 * bets during the countdown, then the multiplier climbs (drawn here from the round's start on the
 * server's clock, the formula the server uses, corrected by its ticks) until the crash; cash out
 * before it, or let the automatic target do it. The server decides every cash-out by its own
 * clock, and the round's payout limit may cash out every bet still in the air (shown).
 */
export function CrashGame(props: { game: HouseGame; name: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const gameCode = props.game.gameCode;
  const amount = useBetAmount(props.game);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [autoText, setAutoText] = useState('2.00');
  const state = useCrashLive(gameCode);
  const data = state.data;
  const [busy, setBusy] = useState(false);
  const [nowMs, setNowMs] = useState(Date.now());
  const offsetMs = useRef(0);
  useEffect(() => {
    if (data) offsetMs.current = Date.parse(data.serverTimeUtc) - state.dataUpdatedAt;
  }, [data, state.dataUpdatedAt]);
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
  // The round's limit reached: everyone still in the air was cashed out at its multiplier.
  const capE2 = round?.capE2 ?? null;
  const limitReached = running && capE2 !== null && shownE2 >= capE2;
  const mine = data?.players.find((p) => p.me);
  const canCashout = running && !limitReached && mine !== undefined && mine.cashoutE2 === null;
  const ended = useRef<number | null>(null);
  useEffect(() => {
    if (round?.status === 'ended' && ended.current !== round.id) {
      ended.current = round.id;
      play('boom');
    }
  }, [round]);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
    void queryClient.invalidateQueries({ queryKey: houseKeys.crash(gameCode) });
  }, [queryClient, gameCode]);
  async function act(call: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    try {
      await call();
      refresh();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : errorMessage(error, t));
      if (isApiError(error) && error.code === 'house_cashed_out_by_limit') refresh();
    } finally {
      setBusy(false);
    }
  }
  const autoE2 =
    autoText.trim() === '' ? null : Math.round(Number(autoText.replace(',', '.')) * 100);
  const autoValid = autoE2 === null || (Number.isFinite(autoE2) && autoE2 >= 101);
  const placeBet = () =>
    act(() =>
      betCrash({ gameCode, amountMinor: amount.minor!, autoCashoutE2: autoE2 }).then(() =>
        play('bet'),
      ),
    );
  const cashout = () => act(() => cashoutCrash({ gameCode }).then(() => play('win')));

  // Auto-bet: a bet on each round with the automatic target, until a stop condition.
  const waitFor = useValueWaiter<CrashState>(data);
  const autoRound = useCallback(
    async (stopped: () => boolean): Promise<AutoRoundResult> => {
      const stake = amount.minor!;
      let roundId: number | null = null;
      while (roundId === null) {
        const open = await waitFor((s) => {
          const endsIn = Date.parse(s.round.bettingEndsAtUtc) - (Date.now() + offsetMs.current);
          return (
            s.round.status === 'betting' &&
            endsIn > AUTO_BET_MARGIN_MS &&
            !s.players.some((p) => p.me)
          );
        }, stopped);
        try {
          roundId = (await betCrash({ gameCode, amountMinor: stake, autoCashoutE2: autoE2 }))
            .roundId;
          play('bet');
          refresh();
        } catch (error) {
          // Closed or full by the time it arrived: the next round.
          if (!isApiError(error) || !['house_round_over', 'house_round_full'].includes(error.code))
            throw error;
          await waitFor((s) => s.round.id !== open.round.id, stopped);
        }
      }
      // The bet is in: its round is played to the end whatever Stop says.
      await waitFor(
        (s) => s.round.id !== roundId || s.round.status === 'ended',
        () => false,
      );
      const after = await queryClient.fetchQuery({ ...crashStateQuery(gameCode), staleTime: 0 });
      const me = after.round.id === roundId ? after.players.find((p) => p.me) : undefined;
      if (me) return { stakeMinor: stake, payoutMinor: me.payoutMinor };
      // Already the next round: the point decides (the automatic target is all that played).
      const point = after.history.find((h) => h.id === roundId)?.pointE2 ?? 0;
      const won = autoE2 !== null && autoE2 <= point;
      return {
        stakeMinor: stake,
        payoutMinor: won
          ? Math.min(props.game.maxPayoutMinor, Math.floor((stake * autoE2) / 100))
          : 0,
      };
    },
    [amount.minor, autoE2, gameCode, props.game.maxPayoutMinor, queryClient, refresh, waitFor],
  );
  const auto = useAutoBet(autoRound);
  useGameKeys({
    space: () => {
      if (mode === 'auto') auto.toggle();
      else if (canCashout) void cashout();
      else if (betting && !mine && amount.valid && autoValid) void placeBet();
    },
  });

  const autoField = (
    <label className={styles.field}>
      <span className={styles.label}>
        {mode === 'auto' ? t('house.crash.autoTarget') : t('house.crash.auto')}
      </span>
      <input
        className={styles.input}
        inputMode="decimal"
        value={autoText}
        aria-invalid={!autoValid || (mode === 'auto' && autoE2 === null)}
        disabled={auto.running}
        data-testid="crash-auto-target"
        onChange={(e) => setAutoText(e.target.value)}
      />
    </label>
  );
  const limitNote = round && round.limitMinor !== null && (
    <span className={styles.hint} data-testid="crash-limit">
      {limitReached
        ? t('house.crash.limitReached', { multiplier: formatMultiplier(capE2! * 100, language) })
        : betting
          ? t('house.crash.limitRemaining', {
              limit: money(round.limitMinor, props.currency, language),
              remaining: money(
                Math.max(0, round.limitMinor - round.stakedMinor),
                props.currency,
                language,
              ),
            })
          : capE2 !== null && round.status === 'running'
            ? t('house.crash.limitAt', { multiplier: formatMultiplier(capE2 * 100, language) })
            : t('house.crash.limit', { limit: money(round.limitMinor, props.currency, language) })}
    </span>
  );
  const players = [...(data?.players ?? [])].sort((a, b) => b.stakeMinor - a.stakeMinor);

  const panel = (
    <>
      <ModeTabs mode={mode} onChange={setMode} disabled={busy || auto.running} />
      <AmountField amount={amount} disabled={busy || auto.running} />
      {mode === 'manual' ? (
        <>
          {autoField}
          {canCashout ? (
            <button
              type="button"
              className={styles.betButton}
              disabled={busy}
              data-testid="crash-cashout"
              onClick={() => void cashout()}
            >
              {t('house.crash.cashout', {
                amount: money(
                  Math.min(
                    props.game.maxPayoutMinor,
                    Math.floor((mine!.stakeMinor * shownE2) / 100),
                  ),
                  props.currency,
                  language,
                ),
              })}
            </button>
          ) : (
            <button
              type="button"
              className={styles.betButton}
              disabled={busy || !betting || mine !== undefined || !amount.valid || !autoValid}
              data-testid="crash-bet"
              onClick={() => void placeBet()}
            >
              {mine ? t('house.crash.inRound') : t('house.bet')}
            </button>
          )}
        </>
      ) : (
        <AutoBetControls
          auto={auto}
          currency={props.currency}
          canStart={amount.valid && autoValid && autoE2 !== null && props.game.enabled}
          status={t('house.crash.autoWaiting')}
        >
          {autoField}
        </AutoBetControls>
      )}
      {mine?.forced && (
        <p className={styles.note} data-testid="crash-forced">
          {t('house.crash.forced', {
            multiplier: formatMultiplier(mine.cashoutE2! * 100, language),
            amount: money(mine.payoutMinor, props.currency, language),
          })}
        </p>
      )}
      {limitNote}
      <div className={styles.field}>
        <span className={styles.label}>{t('house.crash.players', { count: players.length })}</span>
        <ul className={styles.list} data-testid="crash-players">
          {players.slice(0, PLAYERS_SHOWN).map((p) => (
            <li key={p.betId} className={styles.playerRow} data-me={p.me}>
              <span>{p.player}</span>
              <span>{money(p.stakeMinor, props.currency, language)}</span>
              <span
                className={p.cashoutE2 ? styles.win : undefined}
                title={p.forced ? t('house.crash.forcedShort') : undefined}
              >
                {p.cashoutE2 ? formatMultiplier(p.cashoutE2 * 100, language) : '—'}
                {p.forced && ' ⚑'}
              </span>
            </li>
          ))}
        </ul>
        {players.length > PLAYERS_SHOWN && (
          <span className={styles.hint}>
            {t('house.crash.morePlayers', { count: players.length - PLAYERS_SHOWN })}
          </span>
        )}
      </div>
      <span className={styles.hint}>{t('house.crash.keyboardHint')}</span>
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
      <div
        className={styles.crashValue}
        data-crashed={crashed}
        data-betting={betting}
        data-testid="crash-multiplier"
      >
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
