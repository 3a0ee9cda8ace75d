import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { RefreshIcon } from '@/components/icons';
import { OfflineArt } from './status-art';

/** The site could not load its status (server down, no network): say so and offer a retry. */
export function BootErrorPage({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <main className="status-screen" data-testid="boot-error-page">
      <section
        className="status-screen__card"
        aria-labelledby="boot-error-title"
        aria-live="polite"
      >
        <OfflineArt />
        <h1 id="boot-error-title" className="status-screen__title">
          {t('boot.errorTitle')}
        </h1>
        <p className="status-screen__text">{t('boot.errorMessage')}</p>
        <p className="status-screen__text">{errorMessage(error, t)}</p>
        <div className="status-screen__actions">
          <Button variant="primary" size="lg" onClick={onRetry} disabled={retrying}>
            <RefreshIcon width={20} height={20} />
            {t('common.retry')}
          </Button>
        </div>
      </section>
    </main>
  );
}
