import type { HouseGame } from '@banca/contracts';
import { LIMBO_MIN_TARGET_E2 } from '@banca/contracts/fairness';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMultiplier } from '../lib/format';
import { InstantGame, type StageProps } from './instant-game';
import styles from './house.module.css';

/** Limbo (docs/fairness.md §4): a result multiplier against the player's target. */
export function LimboGame(props: { game: HouseGame; name: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const [targetText, setTargetText] = useState('2.00');
  const targetE2 = Math.round(Number(targetText.replace(',', '.')) * 100);
  const valid =
    Number.isFinite(targetE2) && targetE2 >= LIMBO_MIN_TARGET_E2 && targetE2 <= 100_000_000;
  const chance = valid ? props.game.rtpBps / 100 / (targetE2 / 100) : 0;
  const controls = (
    <>
      <label className={styles.field}>
        <span className={styles.label}>{t('house.limbo.target')}</span>
        <input
          className={styles.input}
          inputMode="decimal"
          value={targetText}
          aria-invalid={!valid}
          data-testid="limbo-target"
          onChange={(e) => setTargetText(e.target.value)}
        />
      </label>
      <div className={styles.stats}>
        <div className={styles.stat} style={{ gridColumn: 'span 2' }}>
          <span className={styles.statLabel}>{t('house.winChance')}</span>
          <span className={styles.statValue}>{chance.toFixed(4)}%</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('house.multiplier')}</span>
          <span className={styles.statValue}>
            {valid ? formatMultiplier(targetE2 * 100, i18n.language) : '—'}
          </span>
        </div>
      </div>
    </>
  );
  return (
    <InstantGame
      {...props}
      engine="limbo"
      controls={controls}
      body={() => (valid ? { targetE2 } : null)}
      animationMs={700}
      onArrow={(d) =>
        setTargetText((Math.max(LIMBO_MIN_TARGET_E2, targetE2 + d * 10) / 100).toFixed(2))
      }
      stage={(stage) => <LimboStage {...stage} targetE2={targetE2} />}
    />
  );
}

function LimboStage({ last, rolling, targetE2 }: StageProps & { targetE2: number }) {
  const { t, i18n } = useTranslation();
  const result = last ? Number(last.outcome.resultE2) : null;
  const [shown, setShown] = useState(100);
  useEffect(() => {
    if (result === null) return;
    if (!rolling) {
      setShown(result);
      return;
    }
    // Climbs from 1.00× to the result on an exponential curve, like the crash multiplier.
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const p = Math.min(1, (now - started) / 600);
      setShown(Math.max(100, Math.round(100 * (result / 100) ** p)));
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [rolling, result]);
  const win = last && !rolling ? last.payoutMinor > 0 : undefined;
  return (
    <div>
      <div className={styles.limboValue} data-win={win} data-testid="limbo-result">
        {formatMultiplier(shown * 100, i18n.language)}
      </div>
      <div className={styles.limboTarget}>
        {t('house.limbo.target')}: {formatMultiplier(targetE2 * 100, i18n.language)}
      </div>
    </div>
  );
}
