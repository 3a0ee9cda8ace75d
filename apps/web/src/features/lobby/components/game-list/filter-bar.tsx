import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOBBY_FILTERS, type LobbyFilter } from '../../lib/lobby-state';
import { ClockIcon, FlameIcon, GridIcon, HeartIcon } from '../lobby-icons';

const FILTER_ICONS: Record<LobbyFilter, ReactNode> = {
  ALL: <GridIcon />,
  HOT: <FlameIcon />,
  FAV: <HeartIcon />,
  RECENT: <ClockIcon />,
};

/** The lobby's filter icons (docs/product.md §2): all, hot, favourites, recent. */
export function FilterBar({
  selected,
  onSelect,
}: {
  selected: LobbyFilter;
  onSelect: (filter: LobbyFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="filter-bar" role="group" aria-label={t('lobby.filters.label')}>
      {LOBBY_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className={filter === selected ? 'filter-bar__item is-active' : 'filter-bar__item'}
          aria-pressed={filter === selected}
          onClick={() => onSelect(filter)}
          data-testid={`filter-${filter}`}
          data-filter={filter}
        >
          {FILTER_ICONS[filter]}
          <span>{t(`lobby.filters.${filter}`)}</span>
        </button>
      ))}
    </div>
  );
}
