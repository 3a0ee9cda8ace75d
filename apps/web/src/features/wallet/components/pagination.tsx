import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { pageWindow } from '../lib/page-window';

/** Previous / numbered / next page buttons for a paged server list. */
export function Pagination({
  page,
  totalPages,
  onChange,
  label,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label} data-testid="records-pagination">
      <button
        type="button"
        className="pagination__button"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('records.previous')}
        data-testid="records-prev"
      >
        <ChevronLeftIcon />
      </button>
      {pageWindow(page, totalPages).map((candidate) => (
        <button
          key={candidate}
          type="button"
          className={candidate === page ? 'pagination__button is-current' : 'pagination__button'}
          onClick={() => onChange(candidate)}
          aria-current={candidate === page ? 'page' : undefined}
          aria-label={t('records.goToPage', { page: candidate })}
        >
          {candidate}
        </button>
      ))}
      <button
        type="button"
        className="pagination__button"
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('records.next')}
        data-testid="records-next"
      >
        <ChevronRightIcon />
      </button>
      <span className="pagination__status" data-testid="records-page-status">
        {t('records.pageOf', { page, total: totalPages })}
      </span>
    </nav>
  );
}
