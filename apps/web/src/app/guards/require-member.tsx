import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { LockIcon, SparklesIcon } from '@/components/icons';
import { PageLoader } from '@/components/spinner';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';

/**
 * Pages for logged-in members (docs/product.md §4): a visitor gets the login dialog, a trial (free
 * play) member is told to register a real account first unless the page `allowTrial`s (their own
 * games). The page behind says the same, so closing the dialog does not leave an empty screen.
 */
export function RequireMember({
  children,
  allowTrial = false,
}: {
  children: ReactNode;
  allowTrial?: boolean;
}) {
  const { t } = useTranslation();
  const status = useSessionStore((session) => session.status);
  const isTrial = useSessionStore((session) => session.isTrial);
  const blocked =
    status === 'anonymous'
      ? 'login'
      : status === 'loggedIn' && isTrial && !allowTrial
        ? 'trial'
        : null;

  // A session that ends here (logout, or rejected by the server) is answered where it ends:
  // the logout goes home, a rejection opens the login itself. Only arriving blocked asks here.
  const previousStatus = useRef(status);

  useEffect(() => {
    const endedHere = previousStatus.current === 'loggedIn' && status === 'anonymous';
    previousStatus.current = status;
    if (blocked === 'login' && !endedHere) openAuthDialog({ kind: 'login' });
    else if (blocked === 'trial') openAuthDialog({ kind: 'trialNotice' });
  }, [blocked, status]);

  if (status === 'restoring' || status === 'passwordChange') return <PageLoader />;
  if (blocked === 'login') {
    return (
      <div className="guard-panel" data-testid="login-required">
        <EmptyState icon={<LockIcon />} title={t('guards.loginTitle')}>
          {t('guards.loginText')}
        </EmptyState>
        <Button onClick={() => openAuthDialog({ kind: 'login' })}>{t('header.login')}</Button>
      </div>
    );
  }
  if (blocked === 'trial') {
    return (
      <div className="guard-panel" data-testid="trial-blocked">
        <EmptyState icon={<SparklesIcon />} title={t('trial.title')}>
          {t('trial.message')}
        </EmptyState>
        <Button onClick={() => openAuthDialog({ kind: 'register' })}>{t('trial.register')}</Button>
      </div>
    );
  }
  return children;
}
