import type { GameCard as Game } from '@banca/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { GameGrid, GameGridSkeleton } from '../games/game-grid';
import { ListEmpty, ListError } from '../games/list-states';
import { SectionHead } from './section-head';

/** A home section of game cards, with its skeleton, error (Retry) and empty states. */
export function GameSection({
  id,
  testId,
  icon,
  title,
  tagline,
  action,
  query,
  games,
  skeletonCount,
  empty,
  category,
}: {
  id: string;
  testId: string;
  icon: ReactNode;
  title: string;
  tagline?: string;
  action?: ReactNode;
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;
  games: readonly Game[] | undefined;
  skeletonCount: number;
  empty: { title: string; hint?: string; icon?: ReactNode };
  category?: string;
}) {
  const headingId = `home-section-${id}`;
  return (
    <section
      className="home-section"
      aria-labelledby={headingId}
      data-testid={testId}
      data-category={category}
    >
      <SectionHead
        id={headingId}
        icon={icon}
        title={title}
        tagline={tagline}
        action={action}
        category={category}
      />
      {query.isPending ? (
        <GameGridSkeleton count={skeletonCount} />
      ) : query.isError ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : games && games.length > 0 ? (
        <GameGrid games={games} />
      ) : (
        <ListEmpty title={empty.title} hint={empty.hint} icon={empty.icon} />
      )}
    </section>
  );
}
