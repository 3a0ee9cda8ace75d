import type { HouseGame } from '@banca/contracts';
import {
  DICE_MAX_WINNING,
  DICE_MIN_WINNING,
  DICE_OUTCOMES,
  diceMultiplierE4,
  diceWinningOutcomes,
} from '@banca/contracts/fairness';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatE2, formatMultiplier } from '../lib/format';
import { play } from '../lib/sound';
import { InstantGame, type StageProps } from './instant-game';
import styles from './house.module.css';

/** Dice (docs/fairness.md §4): roll over or under a target, payout rtp / chance. */
export function DiceGame(props: { game: HouseGame; name: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const [targetE2, setTargetE2] = useState(5000);
  const [over, setOver] = useState(true);
  const winning = diceWinningOutcomes(targetE2, over);
  const valid = winning >= DICE_MIN_WINNING && winning <= DICE_MAX_WINNING;
  const multiplierE4 = valid ? diceMultiplierE4(winning, props.game.rtpBps) : 0;
  const chance = (winning / DICE_OUTCOMES) * 100;
  const clampTarget = (v: number) =>
    Math.min(
      over ? 10_000 - DICE_MIN_WINNING : DICE_MAX_WINNING,
      Math.max(over ? 10_000 - DICE_MAX_WINNING : DICE_MIN_WINNING, v),
    );

  const controls = (
    <>
      <div className={styles.modeTabs}>
        <button
          type="button"
          className={styles.modeTab}
          aria-selected={over}
          onClick={() => {
            setOver(true);
            setTargetE2(10_000 - targetE2);
          }}
        >
          {t('house.dice.rollOver')}
        </button>
        <button
          type="button"
          className={styles.modeTab}
          aria-selected={!over}
          onClick={() => {
            setOver(false);
            setTargetE2(10_000 - targetE2);
          }}
        >
          {t('house.dice.rollUnder')}
        </button>
      </div>
      <label className={styles.field}>
        <span className={styles.label}>
          {t('house.dice.target')} <span>{formatE2(targetE2, i18n.language)}</span>
        </span>
        <input
          type="range"
          className={styles.range}
          min={200}
          max={9800}
          step={1}
          value={targetE2}
          data-testid="dice-target"
          onChange={(e) => setTargetE2(clampTarget(Number(e.target.value)))}
        />
      </label>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('house.multiplier')}</span>
          <span className={styles.statValue}>
            {formatMultiplier(multiplierE4, i18n.language, 4)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('house.winChance')}</span>
          <span className={styles.statValue}>
            {formatE2(Math.round(chance * 100), i18n.language)}%
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{over ? '>' : '<'}</span>
          <span className={styles.statValue}>{formatE2(targetE2, i18n.language)}</span>
        </div>
      </div>
    </>
  );

  return (
    <InstantGame
      {...props}
      engine="dice"
      controls={controls}
      body={() => (valid ? { targetE2, over } : null)}
      animationMs={550}
      onArrow={(d) => setTargetE2((v) => clampTarget(v + d * 100))}
      stage={(stage) => <DiceStage {...stage} targetE2={targetE2} over={over} />}
    />
  );
}

function DiceStage({
  last,
  rolling,
  targetE2,
  over,
}: StageProps & { targetE2: number; over: boolean }) {
  const { t, i18n } = useTranslation();
  const roll = last ? Number(last.outcome.rollE2) : null;
  // The number spins through random values while the marker slides to the roll.
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (!rolling || roll === null) {
      setShown(roll);
      return;
    }
    const timer = setInterval(() => {
      setShown(Math.floor(Math.random() * 10_001));
      play('tick');
    }, 45);
    return () => clearInterval(timer);
  }, [rolling, roll]);
  const pct = (v: number) => `${v / 100}%`;
  const win = last && !rolling ? last.payoutMinor > 0 : undefined;
  return (
    <div className={styles.diceBoard}>
      <div className={styles.diceRoll} data-win={win} data-testid="dice-roll" aria-live="polite">
        {shown === null ? '—' : formatE2(shown, i18n.language)}
      </div>
      <div>
        <div className={styles.track}>
          <div
            className={styles.trackWin}
            style={over ? { left: pct(targetE2), right: 0 } : { left: 0, width: pct(targetE2) }}
          />
          {roll !== null && (
            <div className={styles.marker} style={{ left: pct(roll) }}>
              {(roll / 100).toFixed(0)}
            </div>
          )}
        </div>
        <div className={styles.scale}>
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n}>{n}</span>
          ))}
        </div>
      </div>
      <span className={styles.note} style={{ textAlign: 'center' }}>
        {t('house.dice.roll')}
      </span>
    </div>
  );
}
