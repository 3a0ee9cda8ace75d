import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { BootGate } from './boot-gate';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BootGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </BootGate>
    </AppProviders>
  );
}
