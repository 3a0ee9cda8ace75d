import type { GameCard as Game } from '@banca/contracts';
import { Skeleton } from '@/components/skeleton';
import { GameCard } from './game-card';

/** Cards in the first rows of a page are above the fold: their art loads at once. */
const EAGER_CARDS = 6;

/** A page of game cards: three columns on phones, up to six on wide screens. */
export function GameGrid({
  games,
  eager = false,
  onLaunch,
  'data-testid': testId = 'game-grid',
}: {
  games: readonly Game[];
  /** The grid opens the page: its first cards load eagerly. */
  eager?: boolean;
  onLaunch?: () => void;
  'data-testid'?: string;
}) {
  return (
    <div className="game-grid-box">
      <ul className="game-grid" data-testid={testId}>
        {games.map((game, index) => (
          <li key={game.nodeId}>
            <GameCard game={game} eager={eager && index < EAGER_CARDS} onLaunch={onLaunch} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The grid's shape while its games load, so nothing jumps when they arrive. */
export function GameGridSkeleton({ count }: { count: number }) {
  return (
    <div className="game-grid-box" aria-hidden="true">
      <ul className="game-grid" data-testid="game-grid-skeleton">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <CardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CardSkeleton() {
  // The card's own text boxes (game-card.tsx), a line each, so a skeleton is as tall as the card
  // that takes its place at every width: nothing below it moves when the card arrives.
  return (
    <span className="game-card-skeleton">
      <Skeleton className="game-card-skeleton__art" radius={14} />
      <span className="game-card__body">
        <span className="game-card__name game-card-skeleton__line">
          <Skeleton height={14} width="80%" />
        </span>
        <span className="game-card__meta">
          <span className="game-card-skeleton__line">
            <Skeleton height={11} width="55%" />
          </span>
          <span className="game-card-skeleton__line" />
        </span>
      </span>
    </span>
  );
}
