import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="not-found" data-testid="not-found-page" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.message')}</p>
      <Link to="/" className={buttonClassName({ size: 'lg' })}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
