import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, RefreshIcon } from '@/components/icons';

/** A wallet call failed: what went wrong (never a server's internals) and a retry. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="wallet-error" role="alert" data-testid="wallet-load-error">
      <EmptyState icon={<AlertIcon />} title={title}>
        {errorMessage(error, t)}
      </EmptyState>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RefreshIcon width={18} height={18} />
        {t('common.retry')}
      </Button>
    </div>
  );
}
