import { MAX_NAV_CATEGORIES, type GameCategory, type GameMenu } from '@banca/contracts';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { GiftIcon, HomeIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { BANCA_LOTTERY_VENDOR, CATEGORY_ROUTES, vendorRoute } from '@/lib/game-categories';

/** Pointer-leave grace so moving from a tab down into its panel does not close it. */
const CLOSE_DELAY_MS = 160;
/** Widest vendor panel; narrower when the bar itself is narrower. */
const PANEL_MAX_WIDTH_PX = 600;
const PANEL_EDGE_PX = 8;

type OpenPanel = { category: GameCategory; leftPx: number; widthPx: number };

/**
 * Top navigation (docs/product.md §2): Home, one entry per category that has vendors (server order,
 * at most MAX_NAV_CATEGORIES), Promotions. Hovering or focusing a category opens a panel of its
 * vendors; the panel sits outside the scrolling strip so it is never clipped. ArrowDown moves into
 * the panel, Escape closes it.
 */
export function TopNav({ menus, loading }: { menus: GameMenu[]; loading: boolean }) {
  const { t } = useTranslation();
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRefs = useRef(new Map<GameCategory, HTMLAnchorElement>());
  const closeTimer = useRef<number | undefined>(undefined);
  const [open, setOpen] = useState<OpenPanel | null>(null);
  // Focus handed back to a tab by Escape must not reopen the panel it just closed.
  const ignoreNextFocus = useRef(false);
  const categories = menus.slice(0, MAX_NAV_CATEGORIES);
  const openMenu = open
    ? categories.find((menu) => menu.gameCategory === open.category)
    : undefined;
  // Loteria's panel leads with Banca's own lottery (filed under Loteria rápida), as /lott does.
  const bancaLottery = menus
    .flatMap((menu) => menu.vendors)
    .find((vendor) => vendor.code === BANCA_LOTTERY_VENDOR);
  const panelVendors =
    openMenu?.gameCategory === 'LOTT' &&
    bancaLottery &&
    !openMenu.vendors.some((vendor) => vendor.code === bancaLottery.code)
      ? [bancaLottery, ...openMenu.vendors]
      : (openMenu?.vendors ?? []);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const close = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setOpen(null);
  }, []);
  const scheduleClose = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(null), CLOSE_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const show = (category: GameCategory) => {
    cancelClose();
    const wrapper = wrapperRef.current;
    const trigger = triggerRefs.current.get(category);
    if (!wrapper || !trigger) return;
    const bar = wrapper.getBoundingClientRect();
    const tab = trigger.getBoundingClientRect();
    const widthPx = Math.min(PANEL_MAX_WIDTH_PX, bar.width - 2 * PANEL_EDGE_PX);
    const leftPx = Math.min(
      Math.max(tab.left - bar.left, PANEL_EDGE_PX),
      bar.width - widthPx - PANEL_EDGE_PX,
    );
    setOpen({ category, leftPx, widthPx });
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, category: GameCategory) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open?.category !== category) show(category);
      // The panel renders on the next frame when it was closed.
      requestAnimationFrame(() =>
        panelRef.current?.querySelector<HTMLElement>('.vendor-tile')?.focus(),
      );
    }
  };

  const onWrapperKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      const trigger = triggerRefs.current.get(open.category);
      close();
      ignoreNextFocus.current = true;
      trigger?.focus();
      ignoreNextFocus.current = false;
    }
  };

  return (
    <div
      ref={wrapperRef}
      className="top-nav"
      onMouseLeave={scheduleClose}
      onKeyDown={onWrapperKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <nav aria-label={t('nav.label')} data-testid="top-nav" className="top-nav__bar">
        <ul className="top-nav__list" onScroll={close}>
          <li>
            <NavLink to="/" end className="top-nav__item" onMouseEnter={close} onFocus={close}>
              <HomeIcon className="top-nav__icon" />
              <span>{t('nav.home')}</span>
            </NavLink>
          </li>
          {loading && categories.length === 0
            ? Array.from({ length: 6 }, (_, index) => (
                <li key={index} className="top-nav__placeholder">
                  <Skeleton width={92} height={18} />
                </li>
              ))
            : null}
          {categories.map(({ gameCategory }) => {
            const expanded = open?.category === gameCategory;
            return (
              <li key={gameCategory}>
                <NavLink
                  ref={(element) => {
                    if (element) triggerRefs.current.set(gameCategory, element);
                    else triggerRefs.current.delete(gameCategory);
                  }}
                  to={CATEGORY_ROUTES[gameCategory]}
                  className={({ isActive }) =>
                    ['top-nav__item', isActive && 'is-active', expanded && 'is-expanded']
                      .filter(Boolean)
                      .join(' ')
                  }
                  aria-expanded={expanded}
                  aria-controls={expanded ? panelId : undefined}
                  onMouseEnter={() => show(gameCategory)}
                  onFocus={() => {
                    if (!ignoreNextFocus.current) show(gameCategory);
                  }}
                  onKeyDown={(event) => onTriggerKeyDown(event, gameCategory)}
                  data-category={gameCategory}
                >
                  <CategoryIcon category={gameCategory} className="top-nav__icon" />
                  <span>{t(`categories.${gameCategory}`)}</span>
                </NavLink>
              </li>
            );
          })}
          <li>
            <NavLink
              to="/promotions"
              className="top-nav__item"
              onMouseEnter={close}
              onFocus={close}
            >
              <GiftIcon className="top-nav__icon" />
              <span>{t('nav.promotions')}</span>
            </NavLink>
          </li>
        </ul>
      </nav>

      {open && openMenu ? (
        <div
          ref={panelRef}
          id={panelId}
          className="vendor-panel"
          style={{ left: open.leftPx, width: open.widthPx }}
          onMouseEnter={cancelClose}
          data-testid="vendor-dropdown"
          data-category={open.category}
        >
          <div className="vendor-panel__head">
            <p className="vendor-panel__title">
              {t('nav.vendorsOf', { category: t(`categories.${open.category}`) })}
            </p>
            <Link to={CATEGORY_ROUTES[open.category]} className="vendor-panel__all" onClick={close}>
              {t('nav.allOf', { category: t(`categories.${open.category}`) })}
            </Link>
          </div>
          <ul className="vendor-panel__grid">
            {panelVendors.map((vendor) => (
              <li key={vendor.code}>
                <Link
                  to={vendorRoute(open.category, vendor.code)}
                  className={vendor.maintenance ? 'vendor-tile is-maintenance' : 'vendor-tile'}
                  onClick={close}
                  data-vendor={vendor.code}
                >
                  <span className="vendor-tile__logo">
                    <img
                      src={vendor.logoUrl}
                      alt=""
                      width={96}
                      height={40}
                      loading="lazy"
                      decoding="async"
                    />
                  </span>
                  <span className="vendor-tile__name">{vendor.name}</span>
                  <span className="vendor-tile__meta">
                    {vendor.maintenance
                      ? t('nav.maintenance')
                      : vendor.isGame === 'LOBBY'
                        ? t('nav.lobbyEntry')
                        : t('nav.gamesCount', { count: vendor.gameCount })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
