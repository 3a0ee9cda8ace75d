import type { Db } from '../../../db/connect';
import type { EventBus } from '../../../lib/events';
import type { FileStorage } from '../../../lib/file-storage';
import type { ServiceRegistry } from '../../manifest';
import './errors';
import './events';
import { createSupportRepository } from './repository';
import { createSupportService, type SupportService } from './service';

export { supportDeskRoutes, supportRoutes } from './routes';
export type { SupportService } from './service';

/**
 * The support chat part of the content module (docs/support.md): owns `support_conversations`
 * and `support_messages` (migration 0038).
 */
export function createSupportPart(deps: { db: Db; storage: FileStorage }): SupportService {
  return createSupportService({
    db: deps.db,
    repo: createSupportRepository(deps.db),
    storage: deps.storage,
  });
}

/**
 * An operator's answer or close reaches the member as SUPPORT over /ws, numbered and kept in the
 * member's backlog like every member event, so a socket that was away catches up on it. Handlers
 * run after every module is built, so the realtime service (listed after content) is there.
 */
export function supportHandlers(bus: EventBus, services: Pick<ServiceRegistry, 'realtime'>): void {
  bus.onBatch('support.changed', 'content.support-push', async (events) => {
    await services.realtime.pushMany(
      events.map(({ payload: p }) => ({
        owner: { memberId: p.memberId, merchantCode: p.merchantCode },
        type: 'SUPPORT' as const,
        data: {
          conversationId: p.conversationId,
          messageId: p.messageId,
          status: p.status,
          unread: p.unread,
        },
        sourceKey: p.sourceKey,
      })),
    );
  });
  // A member's line reaches every console following `support.desk` (on every instance); the
  // desk reads it over HTTP. A broadcast is not kept: a desk that was away polls (30 s).
  bus.onBatch('support.member-wrote', 'content.support-desk-live', async (events) => {
    for (const { payload } of events)
      await services.realtime.broadcast('support.desk', {
        kind: 'message',
        conversationId: payload.conversationId,
        messageId: payload.messageId,
      });
  });
}

/** Only a socket showing a live desk ticket may follow `support.desk` (realtime's guard). */
export function guardDeskTopic(services: Pick<ServiceRegistry, 'realtime' | 'support'>): void {
  services.realtime.guardTopic('support.desk', (ticket) =>
    services.support.checkDeskTicket(ticket),
  );
}
