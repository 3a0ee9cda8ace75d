import { createMemoryFileStorage } from '../../lib/file-storage';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import './events';
import { contentAdminRoutes } from './admin-routes';
import { createContentDesk, type ContentDesk } from './desk';
import { createFeedbackService, type FeedbackService } from './feedback';
import { createContentRepository } from './repository';
import { contentRoutes } from './routes';
import { createContentService, type ContentService } from './service';
import {
  createSupportPart,
  guardDeskTopic,
  supportDeskRoutes,
  supportHandlers,
  supportRoutes,
  type SupportService,
} from './support';

export type { ContentService } from './service';
export type { ContentDesk } from './desk';
export type { FeedbackService } from './feedback';
export { NOTICE_CACHE_TTL_MS } from './service';
export { MAX_OPEN_FEEDBACK } from './feedback';

declare module '../manifest' {
  interface ServiceRegistry {
    content: ContentService;
    /** The built-in support chat (support/, docs/support.md). */
    support: SupportService;
    /** The console's content desk: banners, announcements, help, channels. */
    contentDesk: ContentDesk;
    /** Members' feedback and the console's queue. */
    feedback: FeedbackService;
  }
}

/**
 * content: announcements, banners and notices, members' feedback (docs/content.md). Owns
 * `announcements`, `banners`, `feedback`. Help topics and a brand's channels are the system
 * module's: the desk edits them through its service. An answered feedback is a
 * `feedback.answered` event, which the messages module turns into an inbox message.
 */
export const contentModule = defineModule({
  name: 'content',
  requires: ['system', 'accounts', 'lobby'],
  provides: ['content', 'contentDesk', 'feedback', 'support'],
  create: ({ db, adapters }, { system, accounts, lobby }) => {
    const repo = createContentRepository(db);
    // One store for the module's uploads (feedback, banners, chat pictures), as payments does.
    const storage = adapters.fileStorage ?? createMemoryFileStorage();
    const content = createContentService({
      repo,
      realWinners: (merchantCode, query, language) =>
        lobby.realWinners(merchantCode, query, language),
    });
    return {
      content,
      support: createSupportPart({ db, storage }),
      contentDesk: createContentDesk({
        repo,
        system,
        storage,
        invalidate: () => content.invalidate(),
      }),
      feedback: createFeedbackService({
        repo,
        storage,
        usernames: async (ids) =>
          new Map((await accounts.byIds(ids)).map((member) => [member.id, member.username])),
        currencyOf: async (merchantCode) =>
          (await system.brandByCode(merchantCode))?.currency ?? 'BRL',
      }),
    };
  },
  routes: {
    player: (scope, services) => {
      contentRoutes(scope, {
        content: services.content,
        feedback: services.feedback,
        desk: services.contentDesk,
      });
      supportRoutes(scope, services.support);
    },
    operator: (scope, services) => {
      contentAdminRoutes(scope, { desk: services.contentDesk, feedback: services.feedback });
      supportDeskRoutes(scope, services);
    },
    // Content's part of /ws: who may follow the desk's topic.
    realtime: (_scope, services) => guardDeskTopic(services),
  },
  // The support chat's answers pushed to the member (support/index.ts).
  handlers: (bus, services) => supportHandlers(bus, services),
});
