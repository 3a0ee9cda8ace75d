import type { GameCard as Game } from '@banca/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { GameCard } from './game-card';
import { CardSkeleton } from './game-grid';

/**
 * A horizontal scroller of cards (home favourites, up to 99): swipe on phones, arrow buttons
 * on wide screens that move by one visible width.
 */
export function GameRail({
  games,
  label,
  'data-testid': testId,
}: {
  games: readonly Game[];
  label: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: 'smooth' });
  };
  return (
    <div className="game-rail">
      <button
        type="button"
        className="game-rail__arrow is-prev"
        onClick={() => scroll(-1)}
        aria-label={t('lobby.sections.scrollPrevious')}
        tabIndex={-1}
      >
        <ChevronLeftIcon />
      </button>
      <ul className="game-rail__list" ref={scroller} aria-label={label} data-testid={testId}>
        {games.map((game) => (
          <li key={game.nodeId}>
            <GameCard game={game} />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="game-rail__arrow is-next"
        onClick={() => scroll(1)}
        aria-label={t('lobby.sections.scrollNext')}
        tabIndex={-1}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}

export function GameRailSkeleton() {
  return (
    <ul className="game-rail__list" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index}>
          <CardSkeleton />
        </li>
      ))}
    </ul>
  );
}
