import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { BootGate } from './boot-gate';
import { AppProviders } from './providers';
import { router } from './routes';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BootGate>
        <RouterProvider router={router} />
      </BootGate>
    </AppProviders>
  );
}
