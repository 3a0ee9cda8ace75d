import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { acceptPage, paginationItems, type PaginationShape } from '@/lib/pagination';
import styles from './pagination.module.css';

/** Two pages at each end, five around the current one (docs/product.md §9, the lobby's shape). */
const DEFAULT_SHAPE: PaginationShape = { margin: 2, range: 5 };

/**
 * Page buttons for every paged list (lobby, game popup, member's games, account record). Which
 * pages are offered is the list's `shape` (lib/pagination.ts); a page above the total is never
 * offered, and asking for one is ignored (docs/product.md §5). Where it sits (margins) is the
 * caller's `className`: the component sets none, so one list's spacing cannot reach another's.
 */
export function Pagination({
  page,
  totalPages,
  onChange,
  shape = DEFAULT_SHAPE,
  label,
  showStatus = false,
  className,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  shape?: PaginationShape;
  /** What the buttons page through, for screen readers ("Pagination" by default). */
  label?: string;
  /** "Page 2 of 7" under the buttons, for lists whose window hides the last page. */
  showStatus?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const go = (requested: number) => {
    const next = acceptPage(requested, page, totalPages);
    if (next !== null) onChange(next);
  };
  const rootClass = [styles.pagination, showStatus && styles.withStatus, className]
    .filter(Boolean)
    .join(' ');
  return (
    <nav className={rootClass} aria-label={label ?? t('pagination.label')} data-testid="pagination">
      <button
        type="button"
        className={styles.step}
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        aria-label={t('pagination.previous')}
        data-testid="page-prev"
      >
        <ChevronLeftIcon />
      </button>
      <ol className={styles.pages}>
        {paginationItems(page, totalPages, shape).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className={styles.gap} aria-label={t('pagination.gap')}>
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={styles.page}
                onClick={() => go(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item.page })}
                data-testid="page-button"
                data-page={item.page}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className={styles.step}
        onClick={() => go(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('pagination.next')}
        data-testid="page-next"
      >
        <ChevronRightIcon />
      </button>
      {showStatus ? (
        <span className={styles.status} data-testid="page-status">
          {t('pagination.pageOf', { page, total: totalPages })}
        </span>
      ) : null}
    </nav>
  );
}
