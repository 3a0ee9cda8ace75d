// Global styles first: feature stylesheets imported by components must come after them.
import '@/styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/api/query-client';
import { App } from '@/app/app';
import { prefetchRoutes } from '@/app/routes';
import { systemStatusQueryOptions } from '@/features/system';
import { initI18n } from '@/i18n';

/**
 * How long the first render waits for the first page's own code (a split chunk) beyond the
 * app's. Usually not at all: index.html or the route started it alongside the app's scripts.
 * Rendering without it would paint the page's loader, and React shows a loader for at least
 * 300 ms; waiting longer than this would leave a slow chunk behind the splash.
 */
const PAGE_CODE_WAIT_MS = 1_000;

const queryClient = createQueryClient();
// The status call (usually started by index.html already) and what the first page needs — its
// code and data — start now, in parallel with loading the language catalogue.
void queryClient.prefetchQuery(systemStatusQueryOptions());
const pageCode = Promise.race([
  prefetchRoutes(queryClient, window.location),
  new Promise((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS)),
]);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

void Promise.all([initI18n(), pageCode]).then(() => {
  // A transition: React renders the first page in slices, so a slow phone's main thread stays
  // free to answer taps between them instead of going dark for the whole render.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});
