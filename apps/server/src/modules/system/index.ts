import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import { createSystemRepository } from './repository';
import { systemRoutes } from './routes';
import { createSystemService, type SystemService } from './service';

export type { Brand, BrandSettings } from './brand-settings';
export { complianceProfileOf } from './brand-settings';
export type { SystemService } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    system: SystemService;
  }
}

/**
 * system: brands and their domains, settings, site flags and module tree, countries, help
 * topics, maintenance and region restriction. Owns `brands`, `brand_domains`, `help_topics`.
 */
export const systemModule = defineModule({
  name: 'system',
  requires: [],
  provides: ['system'],
  create: ({ db }) => ({ system: createSystemService(createSystemRepository(db)) }),
  routes: { player: (scope, services) => systemRoutes(scope, services.system) },
});
