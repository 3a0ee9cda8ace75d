import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemberLanguageSync, useSessionRejection, useSessionRestore } from '@/features/auth';

/** The session's app-wide behaviour: restore at boot, react to rejection, sync the language. */
function SessionEffects() {
  useSessionRestore();
  useSessionRejection();
  useMemberLanguageSync();
  return null;
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionEffects />
      {children}
    </QueryClientProvider>
  );
}
