import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import type { VendorLane } from '../../api/get-lanes';
import { classifyLabel } from '../../lib/classify';

/**
 * The classify menu of a category (docs/product.md §2), from its lane: "all types" and each type
 * the chosen vendor has (every type when no vendor is chosen).
 */
export function ClassifyMenu({
  lane,
  pending = false,
  vendor,
  selected,
  onSelect,
}: {
  lane: VendorLane | undefined;
  /** The lanes are still loading: a row of the same height holds the place (no layout shift). */
  pending?: boolean;
  vendor: string | null;
  selected: string | null;
  onSelect: (classify: string | null) => void;
}) {
  const { t } = useTranslation();
  const entries = (lane?.gameClassify ?? []).filter(
    (entry) => !vendor || entry.vendors.includes(vendor) || entry.key === selected,
  );
  if (pending && !lane)
    return (
      <div className="classify-menu" aria-hidden="true" data-testid="classify-menu-skeleton">
        {[72, 96, 84, 108].map((width, index) => (
          <Skeleton key={index} className="classify-menu__skeleton" width={width} radius={999} />
        ))}
      </div>
    );
  if (entries.length === 0) return null;
  const chip = (key: string | null, label: string) => (
    <li key={key ?? ''}>
      <button
        type="button"
        className={key === selected ? 'chip is-active' : 'chip'}
        aria-pressed={key === selected}
        onClick={() => onSelect(key)}
        data-testid="classify-chip"
        data-classify={key ?? 'ALL'}
      >
        {label}
      </button>
    </li>
  );
  return (
    <ul
      className="classify-menu"
      aria-label={t('lobby.classify.label')}
      data-testid="classify-menu"
    >
      {chip(null, t('lobby.classify.all'))}
      {entries.map((entry) => chip(entry.key, classifyLabel(entry.key, t)))}
    </ul>
  );
}
