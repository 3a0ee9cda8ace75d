import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/button';
import { AlertIcon, RefreshIcon } from '@/components/icons';

/** A page crashed while rendering: say so plainly, log the details, offer a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className="status-screen" data-testid="route-error">
      <section className="status-screen__card">
        <AlertIcon className="status-screen__art" />
        <h1 className="status-screen__title">{t('errors.pageTitle')}</h1>
        <p className="status-screen__text">{t('errors.unknown')}</p>
        <div className="status-screen__actions">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RefreshIcon width={20} height={20} />
            {t('errors.reload')}
          </Button>
        </div>
      </section>
    </main>
  );
}
