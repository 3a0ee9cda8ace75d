import { useTranslation } from 'react-i18next';

export function Spinner({ sizePx = 28, label }: { sizePx?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className="spinner"
      role="status"
      aria-label={label ?? t('common.loading')}
      style={{ ['--spinner-size' as string]: `${sizePx}px` }}
    />
  );
}

/**
 * A centred spinner for a page body that is still loading. `fill` makes it a full screen
 * tall, so the footer stays below the fold until the page arrives (no layout shift).
 */
export function PageLoader({ fill = false }: { fill?: boolean }) {
  return (
    <div className={fill ? 'page-loader page-loader--fill' : 'page-loader'}>
      <Spinner sizePx={36} />
    </div>
  );
}
