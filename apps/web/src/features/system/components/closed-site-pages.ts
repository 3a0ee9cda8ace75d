/** What replaces the whole site when it is closed: one chunk, loaded only then. */
export { MaintenancePage } from './maintenance-page';
export { RegionBlockPage } from './region-block-page';
