import type { HouseGame } from '@banca/contracts';
import { doubleColorOf, doubleMultiplierE4, type DoubleColor } from '@banca/contracts/fairness';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { toast } from '@/stores/toast-store';
import {
  BALANCES_KEY,
  betDouble,
  doubleStateQuery,
  houseKeys,
  type DoubleState,
} from '../api/house-api';
import { useDoubleLive } from '../api/house-live';
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

/** The wheel's slots in the order they are drawn on the strip (white between red and black runs). */
const STRIP = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4];
const TILE_PX = 84;
const REPEAT = 8;
const COLORS: DoubleColor[] = ['red', 'white', 'black'];
/** Auto-bet bets only with this much of the countdown left (a bet in flight must land in time). */
const AUTO_BET_MARGIN_MS = 1_500;

/**
 * Double (docs/house.md "Double"): one wheel for everyone, a round every ~20 s. Bets during
 * the countdown; the strip spins to the slot the chain's game hash gives, which the
 * verification page recomputes from the hash and the salt shown here.
 */
export function DoubleGame(props: { game: HouseGame; name: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const amount = useBetAmount(props.game);
  const gameCode = props.game.gameCode;
  const state = useDoubleLive(gameCode);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [pick, setPick] = useState<DoubleColor>('red');
  const [busy, setBusy] = useState(false);
  /** The round whose spin has stopped on its slot (the strip's transition ended). */
  const [spunRound, setSpunRound] = useState<number | null>(null);
  const [nowMs, setNowMs] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 200);
    return () => clearInterval(timer);
  }, []);
  const data = state.data;
  // The server's clock, as of the last answer: the countdown does not trust this device's.
  const offsetMs = useRef(0);
  useEffect(() => {
    if (data) offsetMs.current = Date.parse(data.serverTimeUtc) - state.dataUpdatedAt;
  }, [data, state.dataUpdatedAt]);
  const round = data?.round;
  const leftMs = round ? Date.parse(round.bettingEndsAtUtc) - (nowMs + offsetMs.current) : 0;
  const betting = round?.status === 'betting' && leftMs > 500;
  const settledKey = useRef<number | null>(null);
  useEffect(() => {
    if (round?.status === 'ended' && settledKey.current !== round.id) {
      settledKey.current = round.id;
      play('tick');
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
    }
  }, [round, queryClient]);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
    void queryClient.invalidateQueries({ queryKey: houseKeys.double(gameCode) });
  }, [queryClient, gameCode]);
  async function place(color: DoubleColor) {
    if (busy || amount.minor === null) return;
    setPick(color);
    setBusy(true);
    try {
      play('bet');
      await betDouble({ gameCode, amountMinor: amount.minor, pick: color });
      refresh();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  // Auto-bet: the chosen colour on each round, until a stop condition.
  const waitFor = useValueWaiter<DoubleState>(data);
  const autoRound = useCallback(
    async (stopped: () => boolean): Promise<AutoRoundResult> => {
      const stake = amount.minor!;
      let roundId: number | null = null;
      while (roundId === null) {
        const open = await waitFor((s) => {
          const endsIn = Date.parse(s.round.bettingEndsAtUtc) - (Date.now() + offsetMs.current);
          return (
            s.round.status === 'betting' && endsIn > AUTO_BET_MARGIN_MS && s.myBets.length === 0
          );
        }, stopped);
        try {
          roundId = (await betDouble({ gameCode, amountMinor: stake, pick })).roundId;
          play('bet');
          refresh();
        } catch (error) {
          if (!isApiError(error) || error.code !== 'house_round_over') throw error;
          await waitFor((s) => s.round.id !== open.round.id, stopped);
        }
      }
      // The bet is in: its round is played to the end whatever Stop says.
      await waitFor(
        (s) => s.round.id !== roundId || s.round.status === 'ended',
        () => false,
      );
      // The result is announced once the round's bets are paid: the state has the payout.
      const after = await queryClient.fetchQuery({ ...doubleStateQuery(gameCode), staleTime: 0 });
      const slot =
        after.round.id === roundId
          ? after.round.slot
          : (after.history.find((h) => h.id === roundId)?.slot ?? null);
      const paid =
        after.round.id === roundId ? after.myBets.find((b) => b.pick === pick) : undefined;
      return {
        stakeMinor: stake,
        payoutMinor:
          paid?.payoutMinor ??
          (slot !== null && doubleColorOf(slot) === pick
            ? Math.floor((stake * doubleMultiplierE4(pick, props.game.rtpBps)) / 10_000)
            : 0),
      };
    },
    [amount.minor, gameCode, pick, props.game.rtpBps, queryClient, refresh, waitFor],
  );
  const auto = useAutoBet(autoRound);
  useGameKeys({
    space: () => (mode === 'auto' ? auto.toggle() : betting && void place(pick)),
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      const color = { '1': 'red', '2': 'white', '3': 'black' }[event.key] as
        DoubleColor | undefined;
      if (color && !auto.running) setPick(color);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [auto.running]);

  const picks = (
    <div className={styles.doublePicks}>
      {COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className={styles.doublePick}
          data-color={color}
          data-chosen={color === pick}
          disabled={mode === 'manual' ? !betting || busy || !amount.valid : auto.running}
          data-testid={`double-${color}`}
          onClick={() => (mode === 'manual' ? void place(color) : setPick(color))}
        >
          <span>{t(`house.verifier.colors.${color}`)}</span>
          <strong>
            {formatMultiplier(doubleMultiplierE4(color, props.game.rtpBps), language)}
          </strong>
        </button>
      ))}
    </div>
  );
  const panel = (
    <>
      <ModeTabs mode={mode} onChange={setMode} disabled={busy || auto.running} />
      <AmountField amount={amount} disabled={busy || auto.running} />
      {mode === 'manual' ? (
        picks
      ) : (
        <AutoBetControls
          auto={auto}
          currency={props.currency}
          canStart={amount.valid && props.game.enabled}
        >
          <span className={styles.label}>{t('house.doubleGame.pick')}</span>
          {picks}
        </AutoBetControls>
      )}
      <ul className={styles.list}>
        {data?.myBets.map((bet) => (
          <li key={bet.pick} className={styles.note}>
            {t(`house.verifier.colors.${bet.pick}`)}:{' '}
            {money(bet.stakeMinor, props.currency, language)}
            {bet.status === 'settled' && ` → ${money(bet.payoutMinor, props.currency, language)}`}
          </li>
        ))}
      </ul>
      {data && (
        <span className={styles.hint}>
          h₀ {data.commitment.slice(0, 16)}… · salt {data.salt.slice(0, 12)}…
        </span>
      )}
      <span className={styles.hint}>{t('house.doubleGame.keyboardHint')}</span>
    </>
  );

  const slot = round?.status === 'ended' ? round.slot : null;
  const target =
    slot === null || slot === undefined ? 0 : (REPEAT - 2) * STRIP.length + STRIP.indexOf(slot);
  const stage = (
    <div className={styles.doubleStage}>
      <div className={styles.doubleCountdown} data-testid="double-countdown">
        {betting
          ? t('house.doubleGame.closesIn', { seconds: Math.ceil(leftMs / 1000) })
          : slot !== null && slot !== undefined
            ? t('house.doubleGame.result', {
                color: t(`house.verifier.colors.${doubleColorOf(slot)}`),
                slot,
              })
            : t('house.doubleGame.spinning')}
      </div>
      <div className={styles.doubleWindow}>
        <div
          className={styles.doubleStrip}
          data-testid="double-strip"
          data-settled={slot !== null && slot !== undefined && spunRound === round?.id}
          onTransitionEnd={() => setSpunRound(round?.id ?? null)}
          style={{
            transform: `translateX(${-(target * TILE_PX + TILE_PX / 2)}px)`,
            transition: slot === null ? 'none' : 'transform 4.5s cubic-bezier(0.1, 0.7, 0.1, 1)',
          }}
        >
          {Array.from({ length: REPEAT }, (_, r) =>
            STRIP.map((s) => (
              <span key={`${r}-${s}`} className={styles.doubleTile} data-color={doubleColorOf(s)}>
                {s}
              </span>
            )),
          )}
        </div>
        <span className={styles.doublePointer} />
      </div>
      <div className={styles.doubleHistory} aria-label={t('house.history')}>
        {data?.history.map((h) => (
          <Link
            key={h.id}
            to={`/originals/verify?engine=double&hash=${h.gameHash}&salt=${data.salt}&rtp=${props.game.rtpBps}`}
            className={styles.doubleTile}
            data-color={doubleColorOf(h.slot)}
            data-small="true"
            title={h.gameHash}
          >
            {h.slot}
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
