import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import type { TableState } from '@/lib/use-table-state';
import styles from './vendors-desk.module.css';

/**
 * Brand and vendor code filters (typed, applied on submit) beside a tab's own selects: the
 * table's filters row on every tab of the desk.
 */
export function CodeFilters({
  table,
  children,
  apply,
}: {
  table: TableState<'merchantCode' | 'vendorCode'>;
  children?: ReactNode;
  /** What "Filter" does with the two codes; by default it sets them. */
  apply?: (codes: { merchantCode: string; vendorCode: string }) => void;
}) {
  const { t } = useTranslation();
  const [merchantCode, setMerchantCode] = useState(table.filters.merchantCode ?? '');
  const [vendorCode, setVendorCode] = useState(table.filters.vendorCode ?? '');
  return (
    <form
      className={styles.filters}
      onSubmit={(event) => {
        event.preventDefault();
        const codes = {
          merchantCode: merchantCode.trim().toUpperCase(),
          vendorCode: vendorCode.trim(),
        };
        if (apply) apply(codes);
        else table.setFilters(codes);
      }}
    >
      <label className={styles.filter}>
        {t('admin.vendors.brand')}
        <input
          value={merchantCode}
          maxLength={32}
          placeholder={t('admin.vendors.brandPlaceholder')}
          onChange={(event) => setMerchantCode(event.target.value)}
          data-testid="filter-brand"
        />
      </label>
      <label className={styles.filter}>
        {t('admin.vendors.vendor')}
        <input
          value={vendorCode}
          maxLength={32}
          placeholder={t('admin.vendors.vendorPlaceholder')}
          onChange={(event) => setVendorCode(event.target.value)}
          data-testid="filter-vendor"
        />
      </label>
      {children}
      <Button type="submit" variant="outline" data-testid="filter-apply">
        {t('admin.vendors.apply')}
      </Button>
    </form>
  );
}

/** A date and time in the operator's language. */
export function formatWhen(iso: string | null, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
