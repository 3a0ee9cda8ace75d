import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, LockIcon } from '@/components/icons';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { SearchIcon } from '../lobby-icons';

/** A list that failed to load: what went wrong (never a 5xx's internals) and a Retry. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="list-state" role="alert" data-testid="list-error">
      <EmptyState icon={<AlertIcon />} title={t('lobby.list.error')}>
        {errorMessage(error, t)}
      </EmptyState>
      <Button variant="secondary" onClick={onRetry} data-testid="list-retry">
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Nothing matched: say so, and offer the way back to everything. */
export function ListEmpty({
  title,
  hint,
  onReset,
  icon = <SearchIcon />,
}: {
  title: string;
  hint?: string;
  onReset?: () => void;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="list-state" data-testid="list-empty">
      <EmptyState icon={icon} title={title}>
        {hint}
      </EmptyState>
      {onReset ? (
        <Button variant="secondary" onClick={onReset} data-testid="list-reset">
          {t('lobby.list.reset')}
        </Button>
      ) : null}
    </div>
  );
}

/** The member's own games need a login (docs/product.md §4): say so, with the way to log in. */
export function ListLoginRequired({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="list-state" data-testid="list-login-required">
      <EmptyState icon={<LockIcon />} title={t('lobby.sections.loginToSee')}>
        {text}
      </EmptyState>
      <Button onClick={() => openAuthDialog({ kind: 'login' })} data-testid="list-login">
        {t('header.login')}
      </Button>
    </div>
  );
}
