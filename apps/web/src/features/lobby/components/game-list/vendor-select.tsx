import type { Vendor } from '@banca/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/icons';
import { LARGE_VENDOR_LIST_OVER } from '../../lib/game-format';
import { GridIcon } from '../lobby-icons';

/**
 * The vendor drop-down of a category lobby (docs/product.md §2): "all providers" and each vendor
 * with its logo and game count; a list over ten entries opens as a wide grid (the large layout).
 * Arrow keys move between entries, Escape or a click outside closes it.
 */
export function VendorSelect({
  vendors,
  selected,
  onSelect,
}: {
  vendors: readonly Vendor[];
  selected: string | null;
  onSelect: (vendor: string | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const current = vendors.find((vendor) => vendor.code === selected) ?? null;
  const large = vendors.length > LARGE_VENDOR_LIST_OVER;

  useEffect(() => {
    if (!open) return;
    const panel = root.current?.querySelector<HTMLElement>('.vendor-select__panel');
    (
      panel?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? panel?.querySelector('button')
    )?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const choose = (vendor: string | null) => {
    setOpen(false);
    trigger.current?.focus();
    if (vendor !== selected) onSelect(vendor);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
      return;
    }
    const keys = ['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const last = items.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowDown' || event.key === 'ArrowRight'
            ? Math.min(last, index + 1)
            : Math.max(0, index - 1);
    event.preventDefault();
    items[next]?.focus();
  };

  return (
    <div className="vendor-select" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="vendor-select__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('lobby.vendors.current', { name: current?.name ?? t('lobby.vendors.all') })}
        onClick={() => setOpen((value) => !value)}
        data-testid="vendor-select"
      >
        {current ? (
          <img
            src={current.logoUrl}
            alt=""
            width={240}
            height={80}
            className="vendor-select__logo"
          />
        ) : (
          <GridIcon className="vendor-select__all-icon" />
        )}
        <span className="vendor-select__value">{current?.name ?? t('lobby.vendors.all')}</span>
        <ChevronDownIcon className="vendor-select__chevron" />
      </button>
      {open ? (
        <div
          id={panelId}
          className={large ? 'vendor-select__panel is-large' : 'vendor-select__panel'}
          role="group"
          aria-label={t('lobby.vendors.choose')}
          onKeyDown={onKeyDown}
          data-testid="vendor-options"
          data-layout={large ? 'large' : 'list'}
        >
          <button
            type="button"
            className="vendor-option vendor-option--all"
            aria-pressed={selected === null}
            onClick={() => choose(null)}
            data-testid="vendor-option"
            data-vendor=""
          >
            <GridIcon className="vendor-option__icon" />
            <span className="vendor-option__name">{t('lobby.vendors.all')}</span>
          </button>
          {vendors.map((vendor) => (
            <button
              key={vendor.code}
              type="button"
              className={vendor.maintenance ? 'vendor-option is-maintenance' : 'vendor-option'}
              aria-pressed={vendor.code === selected}
              onClick={() => choose(vendor.code)}
              data-testid="vendor-option"
              data-vendor={vendor.code}
            >
              <img
                src={vendor.logoUrl}
                alt=""
                width={240}
                height={80}
                loading="lazy"
                className="vendor-option__logo"
              />
              <span className="vendor-option__text">
                <span className="vendor-option__name">{vendor.name}</span>
                <span className="vendor-option__count">
                  {t('lobby.vendors.gamesCount', { count: vendor.gameCount })}
                </span>
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
