/** Public API of the system feature (boot status, maintenance and region-block pages). */
import { createRetryableImport } from '@/lib/chunk-loader';

export {
  systemStatusQueryOptions,
  systemStatusQueryKey,
  getSystemStatus,
} from './api/get-system-status';
export { useSystemInfo, useSystemStatus } from './hooks/use-system-info';
export { applyBrandTheme } from './lib/apply-brand-theme';
/** The maintenance and region-block pages: most visits never need them (see useLazyModule). */
export const closedSitePagesChunk = createRetryableImport(
  () => import('./components/closed-site-pages'),
  'ClosedSite',
);
export { BootErrorPage } from './components/boot-error-page';
export { BootSplash } from './components/boot-splash';
