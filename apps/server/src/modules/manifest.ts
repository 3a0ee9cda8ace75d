import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import type { ScopeName } from '../http/scopes';
import type { EventBus } from '../lib/events';
import type { JobRunner } from '../lib/jobs';

/**
 * Every service the modules offer, by name: `app.services`, and what a module's `create`
 * receives from the modules before it. Each module adds its own entries by declaration
 * merging in its `index.ts`, so adding a module touches its own folder and one line of the
 * module list (modules/index.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ServiceRegistry {}
export type ServiceName = keyof ServiceRegistry;

/** What the platform hands every module: its database and the outside-service adapters. */
export type PlatformContext = {
  db: Db;
  /** Adapters of outside services (SMS and e-mail, later payments and vendors), by name. */
  adapters: PlatformAdapters;
};
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface PlatformAdapters {}

/** The routes a module adds to one scope (http/scopes.ts); they get every service. */
export type ScopeRoutes = (scope: FastifyInstance, services: ServiceRegistry) => void;

/**
 * A module's manifest (`modules/<name>/index.ts`): what the rest of the platform may use of
 * it. `requires` names the services `create` reads, which must come from modules listed
 * earlier; the assembly checks it, so an ordering mistake fails at start, not at a request.
 */
export type ModuleManifest<Provides extends ServiceName = ServiceName> = {
  name: string;
  requires: readonly ServiceName[];
  provides: readonly Provides[];
  create(context: PlatformContext, services: ServiceRegistry): Pick<ServiceRegistry, Provides>;
  routes?: Partial<Record<ScopeName, ScopeRoutes>>;
  /**
   * Reactions to other modules' facts (`bus.on(type, handlerName, handler)`): delivered after
   * commit, at least once, so each handler is idempotent (docs/events-and-jobs.md).
   */
  handlers?: (bus: EventBus, services: ServiceRegistry) => void;
  /** Periodic jobs and delayed tasks (`runner.define`, `runner.defineTask`). */
  jobs?: (runner: JobRunner, services: ServiceRegistry) => void;
};

/** Any module, as the module list holds them. */
export type AnyModuleManifest = Omit<ModuleManifest, 'create'> & {
  create(context: PlatformContext, services: ServiceRegistry): Partial<ServiceRegistry>;
};

/** Declares a module; the generic ties `provides` to what `create` returns. */
export function defineModule<const Provides extends ServiceName>(
  manifest: ModuleManifest<Provides>,
): ModuleManifest<Provides> {
  return manifest;
}

/**
 * Builds every module's services in list order. A module may read only the services it
 * `requires`, and only from modules before it; each name is provided once.
 */
export function assembleServices(
  modules: readonly AnyModuleManifest[],
  context: PlatformContext,
): ServiceRegistry {
  const services: Partial<Record<ServiceName, unknown>> = {};
  for (const module of modules) {
    for (const name of module.requires)
      if (!(name in services))
        throw new Error(`module ${module.name} requires ${name}, which no earlier module provides`);
    const created = module.create(context, services as ServiceRegistry) as Record<string, unknown>;
    for (const name of module.provides) {
      if (name in services) throw new Error(`service ${name} is provided twice`);
      if (!(name in created)) throw new Error(`module ${module.name} did not create ${name}`);
      services[name] = created[name];
    }
  }
  return services as ServiceRegistry;
}
