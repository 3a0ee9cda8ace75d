import type { Operator } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { PageLoader } from '@/components/spinner';
import { Toaster } from '@/components/toaster';
import { desksFor, type DeskDefinition } from '@/lib/admin-desks';
import { onStaffTokenChange, readStaffToken } from '@/lib/staff-token';
import { meQueryOptions } from '../api/session';
import { ConsoleLayout } from './console-layout';
import { DeskView } from './desk-view';
import { SignInPage } from './sign-in-page';
import styles from './console.module.css';

function useStaffToken(): string | null {
  return useSyncExternalStore(
    (notify) => onStaffTokenChange(() => notify()),
    readStaffToken,
    () => null,
  );
}

/**
 * The operator console (`/admin/*`, docs/admin-console.md): the sign-in, then the frame with
 * the desks the operator's roles allow. The desks come from the app (every feature's
 * admin-desks.ts), so this area never lists them. The console sits beside the site's root
 * route, so it mounts its own toasts, signed in or not.
 */
export default function ConsoleArea({ desks }: { desks: readonly DeskDefinition[] }) {
  return (
    <>
      <ConsoleRoutes desks={desks} />
      <Toaster />
    </>
  );
}

function ConsoleRoutes({ desks }: { desks: readonly DeskDefinition[] }) {
  const { t } = useTranslation();
  const token = useStaffToken();
  const location = useLocation();
  const me = useQuery(meQueryOptions(token));

  useEffect(() => {
    const previous = document.title;
    document.title = t('admin.title');
    return () => {
      document.title = previous;
    };
  }, [t]);

  const signIn = <SignInPage />;
  if (!token)
    return (
      <Routes>
        <Route path="login" element={signIn} />
        <Route
          path="*"
          element={<Navigate to="/admin/login" replace state={{ from: location }} />}
        />
      </Routes>
    );
  if (me.isPending) return <PageLoader fill />;
  if (me.isError) {
    // A refused session forgets its token (api/admin-client.ts) and the sign-in shows.
    if (isApiError(me.error) && me.error.code === 'staff_login_required')
      return <PageLoader fill />;
    return (
      <div className={styles.failure} role="alert">
        <p>
          {t('admin.layout.loadError')} {errorMessage(me.error, t)}
        </p>
        <Button onClick={() => void me.refetch()}>{t('admin.layout.retry')}</Button>
      </div>
    );
  }
  return <SignedIn operator={me.data} desks={desks} />;
}

function SignedIn({ operator, desks }: { operator: Operator; desks: readonly DeskDefinition[] }) {
  const { t } = useTranslation();
  const allowed = useMemo(() => desksFor(desks, operator.roles), [desks, operator.roles]);
  const first = allowed[0];
  const fromState = (useLocation().state as { from?: { pathname?: string } } | null)?.from
    ?.pathname;
  return (
    <ConsoleLayout operator={operator} desks={allowed}>
      <Routes>
        <Route
          index
          element={
            first ? (
              <Navigate to={`/admin/${first.id}`} replace />
            ) : (
              <p className={styles.notice}>{t('admin.layout.noDesks')}</p>
            )
          }
        />
        <Route
          path="login"
          element={
            <Navigate
              to={
                fromState && fromState !== '/admin/login'
                  ? fromState
                  : first
                    ? `/admin/${first.id}`
                    : '/admin'
              }
              replace
            />
          }
        />
        <Route path=":deskId/*" element={<DeskView desks={allowed} operator={operator} />} />
      </Routes>
    </ConsoleLayout>
  );
}
