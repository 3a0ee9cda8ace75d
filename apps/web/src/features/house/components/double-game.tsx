import type { HouseGame } from '@banca/contracts';
import { doubleColorOf, doubleMultiplierE4, type DoubleColor } from '@banca/contracts/fairness';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { toast } from '@/stores/toast-store';
import { BALANCES_KEY, betDouble, doubleStateQuery } from '../api/house-api';
import { formatMultiplier, money } from '../lib/format';
import { play } from '../lib/sound';
import { AmountField, GameFrame } from './game-frame';
import { useBetAmount } from './use-bet-amount';
import styles from './house.module.css';

/** The wheel's slots in the order they are drawn on the strip (white between red and black runs). */
const STRIP = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4];
const TILE_PX = 84;
const REPEAT = 8;
const COLORS: DoubleColor[] = ['red', 'white', 'black'];

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
  const state = useQuery(doubleStateQuery(props.game.gameCode));
  const [busy, setBusy] = useState(false);
  const [nowMs, setNowMs] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 200);
    return () => clearInterval(timer);
  }, []);
  const data = state.data;
  // The server's clock, as of the last answer: the countdown does not trust this device's.
  const offsetMs = useRef(0);
  useEffect(() => {
    if (data) offsetMs.current = Date.parse(data.serverTimeUtc) - Date.now();
  }, [data]);
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

  async function place(pick: DoubleColor) {
    if (busy || amount.minor === null) return;
    setBusy(true);
    try {
      play('bet');
      await betDouble({ gameCode: props.game.gameCode, amountMinor: amount.minor, pick });
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      void state.refetch();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  const panel = (
    <>
      <AmountField amount={amount} disabled={busy} />
      <div className={styles.doublePicks}>
        {COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className={styles.doublePick}
            data-color={color}
            disabled={!betting || busy || !amount.valid}
            data-testid={`double-${color}`}
            onClick={() => void place(color)}
          >
            <span>{t(`house.verifier.colors.${color}`)}</span>
            <strong>
              {formatMultiplier(doubleMultiplierE4(color, props.game.rtpBps), language)}
            </strong>
          </button>
        ))}
      </div>
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
