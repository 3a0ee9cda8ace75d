import type { HouseGame } from '@banca/contracts';
import {
  plinkoPaytableE2,
  plinkoRtpBps,
  PLINKO_RISKS,
  type PlinkoRisk,
} from '@banca/contracts/fairness';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRtp } from '../lib/format';
import { play } from '../lib/sound';
import { InstantGame, type StageProps } from './instant-game';
import styles from './house.module.css';

/** Time per row of the ball's fall. */
const ROW_MS = 110;

/** Plinko (docs/fairness.md §4): 8–16 rows, three risks, one float per row. */
export function PlinkoGame(props: { game: HouseGame; name: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const table = plinkoPaytableE2(risk, rows, props.game.rtpBps);
  const controls = (
    <>
      <label className={styles.field}>
        <span className={styles.label}>{t('house.plinko.risk')}</span>
        <select
          className={styles.select}
          value={risk}
          onChange={(e) => setRisk(e.target.value as PlinkoRisk)}
        >
          {PLINKO_RISKS.map((r) => (
            <option key={r} value={r}>
              {t(`house.plinko.risks.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>
          {t('house.plinko.rows')} <span>{rows}</span>
        </span>
        <input
          type="range"
          className={styles.range}
          min={8}
          max={16}
          value={rows}
          onChange={(e) => setRows(Number(e.target.value))}
        />
      </label>
      <span className={styles.note}>
        {t('house.plinko.tableRtp', {
          value: formatRtp(Math.floor(plinkoRtpBps(table, rows)), i18n.language),
        })}
      </span>
    </>
  );
  return (
    <InstantGame
      {...props}
      engine="plinko"
      controls={controls}
      body={() => ({ rows, risk })}
      animationMs={ROW_MS * (rows + 1)}
      onArrow={(d) => setRows((r) => Math.min(16, Math.max(8, r + d)))}
      stage={(stage) => <PlinkoStage {...stage} rows={rows} table={table} />}
    />
  );
}

/** Slot colours from the edges (hot) to the middle (cool). */
function slotColour(index: number, slots: number): string {
  const fromEdge = Math.min(index, slots - 1 - index) / Math.max(1, (slots - 1) / 2);
  const hue = 0 + fromEdge * 50;
  return `hsl(${hue} 95% ${58 + fromEdge * 8}%)`;
}

function PlinkoStage({
  last,
  rolling,
  rows,
  table,
}: StageProps & { rows: number; table: readonly number[] }) {
  const path = last && Number(last.params.rows) === rows ? (last.outcome.path as number[]) : null;
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!path || !rolling) {
      setStep(path ? path.length : 0);
      return;
    }
    setStep(0);
    const timer = setInterval(() => {
      setStep((s) => {
        if (s >= path.length) return s;
        play('tick');
        return s + 1;
      });
    }, ROW_MS);
    return () => clearInterval(timer);
  }, [path, rolling]);
  const width = 600;
  const gap = width / (rows + 2);
  const height = gap * (rows + 1);
  const pegs: { x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++)
    for (let i = 0; i < r + 3; i++)
      pegs.push({ x: width / 2 + (i - (r + 2) / 2) * gap, y: gap * (r + 0.8) });
  // The ball after `step` rows: x moves half a gap left or right per row.
  let ballX = width / 2;
  const rights = path ? path.slice(0, step).reduce((s, d) => s + d, 0) : 0;
  ballX += (rights - step / 2) * gap;
  const ballY = gap * (step + 0.3);
  const hitSlot = path && !rolling ? Number(last!.outcome.slot) : null;
  return (
    <div className={styles.plinko}>
      <svg
        className={styles.plinkoSvg}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label="plinko"
      >
        {pegs.map((p, i) => (
          <circle
            key={i}
            cx={p.x}
            cy={p.y}
            r={Math.max(3, gap / 9)}
            fill="rgb(255 255 255 / 0.75)"
          />
        ))}
        {path && (
          <circle
            cx={ballX}
            cy={ballY}
            r={Math.max(6, gap / 4.2)}
            fill="var(--accent)"
            style={{
              transition: `cx ${ROW_MS}ms ease-in, cy ${ROW_MS}ms ease-in`,
              filter: 'drop-shadow(0 0 8px var(--accent))',
            }}
          />
        )}
      </svg>
      <div
        className={styles.slotRow}
        style={{ gridTemplateColumns: `repeat(${rows + 1}, 1fr)`, padding: `0 ${gap / 2}px` }}
      >
        {table.map((m, i) => (
          <div
            key={i}
            className={styles.slot}
            data-hit={hitSlot === i}
            style={{ background: slotColour(i, rows + 1) }}
          >
            {m / 100}×
          </div>
        ))}
      </div>
    </div>
  );
}
