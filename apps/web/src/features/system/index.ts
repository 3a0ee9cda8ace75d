/** Public API of the system feature (boot status, maintenance and region-block pages). */
export {
  systemStatusQueryOptions,
  systemStatusQueryKey,
  getSystemStatus,
} from './api/get-system-status';
export { useSystemInfo, useSystemStatus } from './hooks/use-system-info';
export { applyBrandTheme } from './lib/apply-brand-theme';
export { MaintenancePage } from './components/maintenance-page';
export { RegionBlockPage } from './components/region-block-page';
export { BootErrorPage } from './components/boot-error-page';
export { BootSplash } from './components/boot-splash';
