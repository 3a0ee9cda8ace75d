import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import { createContentRepository } from './repository';
import { contentRoutes } from './routes';
import { createContentService, type ContentService } from './service';

export type { ContentService } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    content: ContentService;
  }
}

/** content: announcements, banners and notices. Owns `announcements`, `banners`. */
export const contentModule = defineModule({
  name: 'content',
  requires: [],
  provides: ['content'],
  create: ({ db }) => ({ content: createContentService({ repo: createContentRepository(db) }) }),
  routes: { player: (scope, services) => contentRoutes(scope, services.content) },
});
