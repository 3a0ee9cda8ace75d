import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import {
  acceptPage,
  LOBBY_PAGINATION,
  paginationItems,
  type PaginationShape,
} from '../../lib/pagination';

/**
 * Page buttons (spec §9: margin 2 and range 5 in the lobby, margin 1 in dialogs). A page above
 * the total is never offered, and asking for one is ignored (spec §5).
 */
export function Pagination({
  page,
  totalPages,
  onChange,
  shape = LOBBY_PAGINATION,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  shape?: PaginationShape;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const go = (requested: number) => {
    const next = acceptPage(requested, page, totalPages);
    if (next !== null) onChange(next);
  };
  return (
    <nav className="pagination" aria-label={t('lobby.pagination.label')} data-testid="pagination">
      <button
        type="button"
        className="pagination__step"
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        aria-label={t('lobby.pagination.previous')}
        data-testid="page-prev"
      >
        <ChevronLeftIcon />
      </button>
      <ol className="pagination__pages">
        {paginationItems(page, totalPages, shape).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-label={t('lobby.pagination.gap')}>
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={item.page === page ? 'pagination__page is-current' : 'pagination__page'}
                onClick={() => go(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t('lobby.pagination.page', { page: item.page })}
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
        className="pagination__step"
        onClick={() => go(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('lobby.pagination.next')}
        data-testid="page-next"
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
