import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from './button';
import { SparklesIcon } from './icons';

/**
 * The body of an area that a later issue builds: a clear "coming soon" inside the real
 * layout, so routes, guards and navigation can already be used and tested.
 */
export function ComingSoon({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" data-testid="coming-soon" aria-labelledby="coming-soon-title">
      <div className="coming-soon__art">{icon ?? <SparklesIcon />}</div>
      <span className="coming-soon__badge">{t('common.comingSoonBadge')}</span>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {title}
      </h1>
      <p className="coming-soon__text">{t('comingSoon.message')}</p>
      {children ? <div className="coming-soon__extra">{children}</div> : null}
      <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
        {t('comingSoon.backHome')}
      </Link>
    </section>
  );
}
