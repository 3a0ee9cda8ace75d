import type { HouseBet, HouseGame } from '@banca/contracts';
import { MINES_TILES, minesMultiplierE4, payoutMinorOf } from '@banca/contracts/fairness';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { toast } from '@/stores/toast-store';
import {
  activeMinesQuery,
  BALANCES_KEY,
  cashoutMines,
  houseKeys,
  revealMines,
  startMines,
} from '../api/house-api';
import { formatMultiplier, money } from '../lib/format';
import { play } from '../lib/sound';
import {
  AutoBetControls,
  ModeTabs,
  useAutoBet,
  useGameKeys,
  type AutoRoundResult,
} from './auto-bet';
import { AmountField, GameFrame } from './game-frame';
import { BombIcon, GemIcon } from './house-icons';
import { useBetAmount } from './use-bet-amount';
import styles from './house.module.css';

/**
 * Mines (docs/fairness.md §4): a 5×5 board whose mines the seeds fixed when the bet was placed;
 * open tiles one by one (click, or arrows and Enter), cash out whenever. An open round survives
 * a reload (the server keeps it). Auto-bet plays preset tiles: each round opens them in the order
 * picked and cashes out (or ends on a mine).
 */
export function MinesGame(props: { game: HouseGame; name: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const amount = useBetAmount(props.game);
  const [mines, setMines] = useState(3);
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState<HouseBet | null>(null);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  /** Auto-bet's tiles, in the order they are opened. */
  const [preset, setPreset] = useState<number[]>([]);
  const active = useQuery(activeMinesQuery(props.game.gameCode));
  const round = active.data ?? null;

  function settle(bet: HouseBet) {
    queryClient.setQueryData(
      houseKeys.mines(props.game.gameCode),
      bet.status === 'open' ? bet : null,
    );
    if (bet.status !== 'open') {
      setEnded(bet);
      play(bet.payoutMinor > 0 ? 'win' : 'boom');
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      void queryClient.invalidateQueries({ queryKey: houseKeys.betsAll });
    }
  }

  async function act(call: () => Promise<HouseBet>) {
    if (busy) return;
    setBusy(true);
    try {
      settle(await call());
    } catch (error) {
      toast.error(isApiError(error) ? error.message : errorMessage(error, t));
      void active.refetch();
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    act(async () => {
      setEnded(null);
      play('bet');
      const bet = await startMines({
        gameCode: props.game.gameCode,
        amountMinor: amount.minor!,
        mines,
      });
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      return bet;
    });
  const reveal = (tile: number) =>
    act(async () => {
      const bet = await revealMines({ betId: round!.id, tile });
      if (bet.status === 'open') play('gem');
      return bet;
    });
  const cashout = () => act(() => cashoutMines({ betId: round!.id }));

  // Auto-bet: a round with the preset tiles, opened in order, then cashed out.
  const autoRound = useCallback(async (): Promise<AutoRoundResult> => {
    setEnded(null);
    play('bet');
    let bet = await startMines({
      gameCode: props.game.gameCode,
      amountMinor: amount.minor!,
      mines,
    });
    settle(bet);
    void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
    for (const tile of preset) {
      if (bet.status !== 'open') break;
      bet = await revealMines({ betId: bet.id, tile });
      if (bet.status === 'open') play('gem');
      settle(bet);
    }
    if (bet.status === 'open') {
      bet = await cashoutMines({ betId: bet.id });
      settle(bet);
    }
    return { stakeMinor: bet.stakeMinor, payoutMinor: bet.payoutMinor };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- settle only writes the query cache and state
  }, [amount.minor, mines, preset, props.game.gameCode, queryClient]);
  const auto = useAutoBet(autoRound);
  const tooManyPicked = preset.length > 25 - mines;
  useGameKeys({
    space: () => {
      if (mode === 'auto') auto.toggle();
      else if (round && opened.length > 0) void cashout();
      else if (!round && amount.valid) void start();
    },
  });

  const shown = round ?? ended;
  const roundMines = shown ? Number(shown.params.mines) : mines;
  const opened = shown?.revealed ?? [];
  const mineTiles = (ended?.outcome.mineTiles as number[] | undefined) ?? [];
  const currentE4 =
    round && opened.length > 0 ? minesMultiplierE4(roundMines, opened.length, round.rtpBps) : 0;
  const nextE4 = minesMultiplierE4(
    roundMines,
    opened.length + 1,
    shown?.rtpBps ?? props.game.rtpBps,
  );
  const cashoutMinor = round
    ? Math.min(payoutMinorOf(round.stakeMinor, currentE4), props.game.maxPayoutMinor)
    : 0;

  const panel = (
    <>
      <ModeTabs mode={mode} onChange={setMode} disabled={busy || auto.running || round !== null} />
      <AmountField amount={amount} disabled={busy || round !== null || auto.running} />
      <label className={styles.field}>
        <span className={styles.label}>{t('house.mines.mines')}</span>
        <select
          className={styles.select}
          value={mines}
          disabled={busy || round !== null || auto.running}
          data-testid="mines-count"
          onChange={(e) => setMines(Number(e.target.value))}
        >
          {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {mode === 'auto' ? (
        <AutoBetControls
          auto={auto}
          currency={props.currency}
          canStart={
            amount.valid && props.game.enabled && preset.length > 0 && !tooManyPicked && !round
          }
          status={t('house.mines.autoPicked', { count: preset.length })}
        >
          <span className={styles.note} data-testid="mines-auto-picked">
            {preset.length === 0
              ? t('house.mines.autoPick')
              : t('house.mines.autoPicked', { count: preset.length })}
          </span>
        </AutoBetControls>
      ) : round ? (
        <>
          <button
            type="button"
            className={styles.betButton}
            disabled={busy || opened.length === 0}
            onClick={() => void cashout()}
            data-testid="mines-cashout"
          >
            {t('house.mines.cashout', { amount: money(cashoutMinor, props.currency, language) })}
          </button>
          <span className={styles.note}>{t('house.mines.open')}</span>
        </>
      ) : (
        <button
          type="button"
          className={styles.betButton}
          disabled={busy || !amount.valid || !props.game.enabled}
          onClick={() => void start()}
          data-testid="mines-start"
        >
          {t('house.mines.start')}
        </button>
      )}
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('house.multiplier')}</span>
          <span className={styles.statValue}>
            {formatMultiplier(currentE4 || 10_000, language)}
          </span>
        </div>
        <div className={styles.stat} style={{ gridColumn: 'span 2' }}>
          <span className={styles.statLabel}>{t('house.mines.next', { multiplier: '' })}</span>
          <span className={styles.statValue}>{formatMultiplier(nextE4, language)}</span>
        </div>
      </div>
      <span className={styles.hint}>{t('house.mines.capNote')}</span>
      <span className={styles.hint}>{t('house.mines.keyboardHint')}</span>
    </>
  );

  const stage = (
    <>
      <div className={styles.grid} role="grid" data-testid="mines-grid">
        {Array.from({ length: MINES_TILES }, (_, tile) => {
          const open = opened.includes(tile);
          const isMine = mineTiles.includes(tile);
          const state = open
            ? isMine
              ? 'mine'
              : 'gem'
            : ended
              ? isMine
                ? 'hidden-mine'
                : 'hidden-gem'
              : 'closed';
          // Auto mode between rounds: a click picks (or drops) the tile for the next rounds.
          const picking = mode === 'auto' && !auto.running && !round;
          const order = preset.indexOf(tile);
          return (
            <button
              key={tile}
              type="button"
              className={styles.tile}
              data-state={picking && order >= 0 ? 'picked' : state}
              data-testid={`mines-tile-${tile}`}
              aria-label={t('house.mines.tile', { n: tile + 1 })}
              aria-pressed={mode === 'auto' ? order >= 0 : undefined}
              disabled={picking ? false : !round || open || busy || auto.running}
              onClick={() =>
                picking
                  ? setPreset((list) =>
                      list.includes(tile) ? list.filter((x) => x !== tile) : [...list, tile],
                    )
                  : void reveal(tile)
              }
            >
              {picking && order >= 0 && <span className={styles.tileOrder}>{order + 1}</span>}
              {state === 'gem' || state === 'hidden-gem' ? (
                <GemIcon width="58%" />
              ) : state === 'mine' || state === 'hidden-mine' ? (
                <BombIcon width="62%" />
              ) : null}
            </button>
          );
        })}
      </div>
      {ended && (
        <div
          className={ended.payoutMinor > 0 ? styles.toastWin : styles.toastLose}
          data-testid="house-result"
          data-win={ended.payoutMinor > 0}
        >
          {ended.payoutMinor > 0
            ? t('house.won', { amount: money(ended.payoutMinor, props.currency, language) })
            : t('house.mines.boom')}
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
