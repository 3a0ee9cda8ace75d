// Global styles first: feature stylesheets imported by components must come after them.
import '@/styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/api/query-client';
import { App } from '@/app/app';
import { prefetchRoutes } from '@/app/routes';
import { systemStatusQueryOptions } from '@/features/system';
import { initI18n } from '@/i18n';

const queryClient = createQueryClient();
// The status call (usually started by index.html already) and what the first page needs — its
// code and data — start now, in parallel with loading the language catalogue.
void queryClient.prefetchQuery(systemStatusQueryOptions());
prefetchRoutes(queryClient, window.location);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
