import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { BootGate } from './boot-gate';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/**
 * The operator console (/admin) is not the brand's player site: it opens whatever the site's
 * status (maintenance, region), so the boot gate is left out for it.
 */
export function isConsolePath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const routes = (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
  return (
    <AppProviders queryClient={queryClient}>
      {isConsolePath(window.location.pathname) ? routes : <BootGate>{routes}</BootGate>}
    </AppProviders>
  );
}
