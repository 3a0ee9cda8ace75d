import type { GameMenu } from '@banca/contracts';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '@/components/category-icon';
import { HomeIcon } from '@/components/icons';
import type { HomeTab } from '../lib/home-tabs';
import { FlameIcon, HeartIcon } from './lobby-icons';

/** The id of a tab's panel, for aria-controls / aria-labelledby. */
export const homeTabPanelId = (baseId: string) => `${baseId}-panel`;

/**
 * Home's game menu tabs (docs/product.md §2): home, favourites, hot, then the vendor categories in
 * the server's order. A scrolling row on phones; arrow keys, Home and End move between tabs
 * (WAI-ARIA tabs), and the chosen one scrolls into view.
 */
export function HomeMenuTabs({
  baseId,
  menus,
  selected,
  onSelect,
}: {
  baseId: string;
  menus: readonly GameMenu[] | undefined;
  selected: HomeTab;
  onSelect: (tab: HomeTab) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef(new Map<HomeTab, HTMLButtonElement>());
  const items: { key: HomeTab; label: string; icon: ReactNode }[] = [
    { key: 'home', label: t('nav.home'), icon: <HomeIcon /> },
    { key: 'favourites', label: t('home.tabFavourites'), icon: <HeartIcon /> },
    { key: 'hot', label: t('home.tabHot'), icon: <FlameIcon /> },
    ...(menus ?? []).map((menu) => ({
      key: menu.gameCategory,
      label: t(`categories.${menu.gameCategory}`),
      icon: <CategoryIcon category={menu.gameCategory} />,
    })),
  ];
  const focusTab = (key: HomeTab) => {
    const element = refs.current.get(key);
    element?.focus();
    element?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : -1;
    const target = items[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.key);
    focusTab(target.key);
  };
  return (
    <div
      className="home-tabs"
      role="tablist"
      aria-label={t('home.menuLabel')}
      onKeyDown={move}
      data-testid="home-tabs"
    >
      {items.map((item) => {
        const active = item.key === selected;
        return (
          <button
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={active}
            aria-controls={homeTabPanelId(baseId)}
            tabIndex={active ? 0 : -1}
            className={active ? 'home-tabs__tab is-active' : 'home-tabs__tab'}
            onClick={() => onSelect(item.key)}
            data-testid={`home-tab-${item.key}`}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        );
      })}
    </div>
  );
}
