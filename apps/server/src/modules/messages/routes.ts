import { ROUTES } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { routeOptions } from '../../http/route-options';
import type { InboxOwner, MessagesService } from './service';

function ownerOf(request: FastifyRequest): InboxOwner {
  return { memberId: sessionOf(request).memberId, merchantCode: request.brand.merchantCode };
}

/** The inbox (member centre messageV2). Trial members have none (docs/product.md §4). */
export function messagesRoutes(app: FastifyInstance, messages: MessagesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const routes = ROUTES.messages;
  const config = { auth: 'required', allowTrial: false } as const;

  r.route({
    ...routeOptions(routes.list, {
      tags,
      summary:
        'The inbox, newest first, in the caller’s language (10 a page; `status=unread` for unread only)',
    }),
    config,
    handler: async (request) =>
      ok(await messages.list(ownerOf(request), request.query, request.language)),
  });

  r.route({
    ...routeOptions(routes.unreadCount, { tags, summary: 'Unread messages (the inbox badge)' }),
    config,
    handler: async (request) => ok({ unread: await messages.unreadCount(ownerOf(request)) }),
  });

  r.route({
    ...routeOptions(routes.setRead, {
      tags,
      summary: 'Mark messages read or unread; answers the unread count after it',
    }),
    config,
    handler: async (request) =>
      ok({
        unread: await messages.setRead(ownerOf(request), request.body.ids, request.body.read),
      }),
  });

  r.route({
    ...routeOptions(routes.remove, {
      tags,
      summary: 'Delete messages; answers the unread count after it',
    }),
    config,
    handler: async (request) =>
      ok({ unread: await messages.remove(ownerOf(request), request.body.ids) }),
  });
}
