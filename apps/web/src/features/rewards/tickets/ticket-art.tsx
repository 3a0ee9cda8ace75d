import type { TicketDrawResult, TicketKind, TicketPrize } from '@banca/contracts';
import type { CSSProperties } from 'react';
import styles from './tickets.module.css';

/** Turns the wheel makes before it stops: long enough to read as a spin. */
const WHEEL_TURNS = 5;
/** Segment colours and their labels' colours, in turn: tokens only (docs/web-styles.md). */
const SEGMENT_COLOURS = [
  ['var(--accent)', 'var(--accent-contrast)'],
  ['var(--surface-raised)', 'var(--text)'],
  ['var(--danger)', 'var(--text)'],
  ['var(--surface-sunken)', 'var(--accent)'],
] as const;
const segmentColours = (i: number) => SEGMENT_COLOURS[i % SEGMENT_COLOURS.length]!;

export type ArtPhase = 'idle' | 'playing' | 'revealed';

/**
 * Where the wheel stops: the drawn prize's segment (segments are equal, one per prize), at the
 * point of it that the roll reached within the prize's weight range, so the pointer shows the
 * server's roll; turned clockwise under a pointer at 12 o'clock.
 */
export function wheelStopDegrees(draw: TicketDrawResult): number {
  const segment = 360 / draw.prizes.length;
  const rangeStart = draw.prizes
    .slice(0, draw.prizeIndex)
    .reduce((sum, prize) => sum + prize.weight, 0);
  const within = (draw.roll - rangeStart + 0.5) / draw.prize.weight;
  // Never on a border between two segments, where the pointer would be ambiguous.
  const offset = segment * (0.15 + 0.7 * within);
  return WHEEL_TURNS * 360 + (360 - (draw.prizeIndex * segment + offset));
}

function Wheel({
  prizes,
  labelOf,
  phase,
  draw,
  onSettled,
}: {
  prizes: TicketPrize[];
  labelOf: (prize: TicketPrize) => string;
  phase: ArtPhase;
  draw: TicketDrawResult | null;
  onSettled: () => void;
}) {
  const segment = 360 / Math.max(prizes.length, 1);
  const gradient = prizes
    .map((_, i) => {
      return `${segmentColours(i)[0]} ${i * segment}deg ${(i + 1) * segment}deg`;
    })
    .join(', ');
  const turned = phase !== 'idle' && draw ? wheelStopDegrees(draw) : 0;
  return (
    <div className={styles.wheelFrame}>
      <span className={styles.wheelPointer} aria-hidden="true" />
      <div
        className={styles.wheel}
        data-testid="ticket-wheel"
        data-phase={phase}
        style={
          {
            background: `conic-gradient(${gradient})`,
            transform: `rotate(${turned}deg)`,
          } as CSSProperties
        }
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget && phase === 'playing') onSettled();
        }}
      >
        {prizes.map((prize, i) => (
          <span
            key={i}
            className={styles.wheelLabel}
            style={{ transform: `rotate(${(i + 0.5) * segment}deg)`, color: segmentColours(i)[1] }}
          >
            <span>{labelOf(prize)}</span>
          </span>
        ))}
        <span className={styles.wheelHub} aria-hidden="true" />
      </div>
    </div>
  );
}

/**
 * The ticket drawn large in the dialog: an envelope whose flap opens and letter rises, an egg
 * that shakes and cracks in two, or a wheel that spins to the server's roll. `onSettled` fires
 * when the animation ends (the prize is shown then).
 */
export function TicketArt({
  kind,
  prizes,
  labelOf,
  phase,
  draw,
  onSettled,
}: {
  kind: TicketKind;
  prizes: TicketPrize[];
  labelOf: (prize: TicketPrize) => string;
  phase: ArtPhase;
  draw: TicketDrawResult | null;
  onSettled: () => void;
}) {
  if (kind === 'prize_wheel')
    return (
      <Wheel prizes={prizes} labelOf={labelOf} phase={phase} draw={draw} onSettled={onSettled} />
    );
  const settle = (event: React.AnimationEvent) => {
    if (event.target === event.currentTarget && phase === 'playing') onSettled();
  };
  if (kind === 'egg')
    return (
      <div className={styles.egg} data-phase={phase} data-testid="ticket-egg">
        <span className={styles.eggGlow} aria-hidden="true" />
        <span className={styles.eggBottom} aria-hidden="true" />
        <span className={styles.eggTop} aria-hidden="true" onAnimationEnd={settle} />
      </div>
    );
  // Red envelopes, and bonus and points tickets (an envelope of the kind's prizes).
  return (
    <div className={styles.envelope} data-phase={phase} data-testid="ticket-envelope">
      <span className={styles.envelopeBack} aria-hidden="true" />
      <span className={styles.envelopeLetter} aria-hidden="true" onAnimationEnd={settle} />
      <span className={styles.envelopeFront} aria-hidden="true" />
      <span className={styles.envelopeFlap} aria-hidden="true" />
      <span className={styles.envelopeSeal} aria-hidden="true" />
    </div>
  );
}
