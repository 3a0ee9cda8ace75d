import type { ReactNode } from 'react';
import './home.css';

/**
 * The head of a lobby section or page: an icon tile, the title (h1 on a page, h2 in a
 * section) with an optional count, a one-line tagline, and an action on the right.
 */
export function SectionHead({
  id,
  icon,
  title,
  count,
  tagline,
  action,
  level = 2,
  category,
}: {
  id?: string;
  icon: ReactNode;
  title: string;
  count?: string;
  tagline?: string;
  action?: ReactNode;
  level?: 1 | 2;
  /** Tints the icon with the category's hue (see lobby.css). */
  category?: string;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={level === 1 ? 'home-section__head is-page' : 'home-section__head'}>
      <span className="home-section__icon" data-category={category}>
        {icon}
      </span>
      <div className="home-section__titles">
        <Heading id={id} className="home-section__title">
          {title}
          {count ? <span className="home-section__count">{count}</span> : null}
        </Heading>
        {tagline ? <p className="home-section__tagline">{tagline}</p> : null}
      </div>
      {action}
    </div>
  );
}
