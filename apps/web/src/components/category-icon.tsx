import type { GameCategory } from '@banca/contracts';
import type { ReactNode, SVGProps } from 'react';

/** One pictogram per game category, drawn for Banca (24-unit grid, current colour). */
const PATHS: Record<GameCategory, ReactNode> = {
  // Slot reel: a cabinet with three windows and a lever.
  RNG: (
    <>
      <rect x="3" y="5" width="15" height="14" rx="2.5" />
      <path d="M7 9v6M10.5 9v6M14 9v6" />
      <path d="M18 9h2.5V5.5" />
      <circle cx="20.5" cy="4.5" r="1.3" />
    </>
  ),
  // Live dealer: a playing card with a live dot.
  LIVE: (
    <>
      <rect x="4" y="3" width="12" height="17" rx="2" />
      <path d="M10 8.5c-1.2-1.6-3.5-.6-2.7 1.2.5 1.1 2.7 2.8 2.7 2.8s2.2-1.7 2.7-2.8c.8-1.8-1.5-2.8-2.7-1.2z" />
      <circle cx="19.5" cy="6.5" r="2" fill="currentColor" stroke="none" />
    </>
  ),
  FISH: (
    <>
      <path d="M3 12c3-4.5 8-6 12.5-3.5L20 6v12l-4.5-2.5C11 18 6 16.5 3 12z" />
      <circle cx="8" cy="11" r="0.9" fill="currentColor" stroke="none" />
    </>
  ),
  // Cards: two fanned cards.
  PVP: (
    <>
      <rect x="3.5" y="6" width="10" height="14" rx="1.8" transform="rotate(-12 8.5 13)" />
      <rect x="10" y="4" width="10" height="14" rx="1.8" transform="rotate(10 15 11)" />
      <path d="M15.2 9.2l1.6 2.4-2.4 1.6-1.6-2.4z" />
    </>
  ),
  SPORTS: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5l3.8 2.8-1.5 4.4H9.7l-1.5-4.4L12 7.5z" />
      <path d="M12 3v4.5M20.5 9.5l-4.7.8M17.5 19.3l-3.2-4.6M6.5 19.3l3.2-4.6M3.5 9.5l4.7.8" />
    </>
  ),
  ESPORTS: (
    <>
      <path d="M7 8h10a4 4 0 0 1 3.9 4.8l-.9 4.4a2.3 2.3 0 0 1-4 1L14 16h-4l-2 2.2a2.3 2.3 0 0 1-4-1l-.9-4.4A4 4 0 0 1 7 8z" />
      <path d="M7.5 11v3M6 12.5h3" />
      <circle cx="16" cy="11.5" r="0.9" fill="currentColor" stroke="none" />
      <circle cx="17.5" cy="13.5" r="0.9" fill="currentColor" stroke="none" />
    </>
  ),
  // Lottery: numbered balls.
  LOTT: (
    <>
      <circle cx="8" cy="9" r="4.5" />
      <circle cx="16.5" cy="8" r="3.5" />
      <circle cx="13" cy="16.5" r="4.5" />
      <path d="M8 7.5v3M13 15v3" />
    </>
  ),
  // Quick lottery: a ticket with a lightning bolt.
  ELOTT: (
    <>
      <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2.5a2.5 2.5 0 0 0 0 5V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2.5a2.5 2.5 0 0 0 0-5z" />
      <path d="M13 8l-3 4.5h4L11 17" />
    </>
  ),
  // House originals: a rocket (crash-style games).
  BGS: (
    <>
      <path d="M14 4c3.5-1 6-.5 6-.5s.5 2.5-.5 6c-1 3.4-4.5 6.5-7.5 8l-5.5-5.5C8 9 10.6 5 14 4z" />
      <circle cx="15" cy="9" r="1.6" />
      <path d="M6.5 12.5L4 13l-1 3 3.5-.5M11.5 17.5L11 20l-3 1 .5-3.5M5 19l2-2" />
    </>
  ),
  // Cockfight: a rooster's head and comb.
  COCKFIGHT: (
    <>
      <path d="M8 20c-2-2-3-5-1-8 1.3-2 1-4 0-5.5 2 0 3.3 1 4 2.5.8-1.5 2.3-2.5 4-2.5-.5 1-.5 2 0 3 1.3.3 2.5 1.3 3 3l-3 .8c.5 2.7-.5 5.2-2.5 6.7" />
      <circle cx="13" cy="11" r="0.9" fill="currentColor" stroke="none" />
      <path d="M8 20h7" />
    </>
  ),
};

export function CategoryIcon({
  category,
  ...props
}: { category: GameCategory } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {PATHS[category]}
    </svg>
  );
}
