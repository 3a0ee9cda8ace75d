import {
  SUPPORT_ADMIN_ROUTES as desk,
  SUPPORT_IMAGE_BASE64_MAX,
  SUPPORT_ROUTES as routes,
} from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { operatorRouteOptions, routeOptions } from '../../../http/route-options';
import type { StaffService } from '../../admin';
import { sendUploadedImage } from '../routes';
import type { ChatMember, SupportService } from './service';

/**
 * Messages one member may send per minute: a person typing fast writes a few lines a minute;
 * more is a script filling the operators' queue. Counted per member (not per address: many
 * players share a mobile carrier's address), after the session is known.
 */
export const SUPPORT_SEND_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/** A line's body: its base64 picture plus the text, with room for the JSON around them. */
const SEND_BODY_LIMIT = SUPPORT_IMAGE_BASE64_MAX + 16 * 1024;

function memberOf(request: FastifyRequest): ChatMember {
  const session = sessionOf(request);
  return {
    memberId: session.memberId,
    merchantCode: session.merchantCode,
    username: session.username,
  };
}

/**
 * The member's side of the support chat. Trial members have none (their account is gone with
 * the trial; registering keeps a conversation).
 */
export function supportRoutes(app: FastifyInstance, support: SupportService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];
  const config = { auth: 'required', allowTrial: false } as const;

  r.route({
    ...routeOptions(routes.chat, {
      tags,
      summary:
        'The member’s support chat: the newest 50 messages (or those before `beforeId`), oldest first',
    }),
    config,
    handler: async (request) =>
      ok(await support.memberChat(memberOf(request).memberId, request.query.beforeId)),
  });

  r.route({
    ...routeOptions(routes.unread, { tags, summary: 'Operator messages the member has not read' }),
    config,
    handler: async (request) =>
      ok({ unread: await support.memberUnread(memberOf(request).memberId) }),
  });

  r.route({
    ...routeOptions(routes.send, {
      tags,
      summary:
        'Write to the operators: text (≤ 1,000 characters), a picture (PNG/JPEG/WebP as base64, ≤ 5 MB), or both; 20 a minute',
    }),
    bodyLimit: SEND_BODY_LIMIT,
    config: {
      ...config,
      rateLimit: {
        ...SUPPORT_SEND_RATE_LIMIT,
        // After the auth guard (an onRequest hook), so the member is known.
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `support:${request.session?.memberId ?? 0}`,
      },
    },
    handler: async (request) =>
      ok(await support.memberSend(memberOf(request), request.body.body, request.body.image)),
  });

  r.route({
    ...routeOptions(routes.image, {
      tags,
      summary: 'The picture of a line of the member’s own conversation (the image itself)',
    }),
    config,
    handler: async (request, reply) =>
      sendUploadedImage(
        reply,
        await support.memberImage(memberOf(request).memberId, request.params.id),
      ),
  });

  r.route({
    ...routeOptions(routes.read, {
      tags,
      summary: 'Mark the chat read up to a message; answers the unread count after it',
    }),
    config,
    handler: async (request) =>
      ok({ unread: await support.memberRead(memberOf(request).memberId, request.body.upToId) }),
  });
}

/** The console's support desk: support operators and owners. */
export function supportDeskRoutes(
  app: FastifyInstance,
  deps: { support: SupportService; operators: StaffService },
): void {
  const { support, operators } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: support'];
  const config = { roles: ['support', 'owner'] } as const;

  r.route({
    ...operatorRouteOptions(desk.conversations, {
      tags,
      summary: 'Conversations by status (open by default), unread first when sorted so',
    }),
    config,
    handler: async (request) => ok(await support.deskList(request.query)),
  });

  r.route({
    ...operatorRouteOptions(desk.summary, {
      tags,
      summary: 'Open conversations and those with unread member messages',
    }),
    config,
    handler: async () => ok(await support.deskSummary()),
  });

  r.route({
    ...operatorRouteOptions(desk.conversation, {
      tags,
      summary: 'One conversation with its newest 50 messages (or those before `beforeId`)',
    }),
    config,
    handler: async (request) =>
      ok(await support.deskConversation(request.params.id, request.query.beforeId)),
  });

  r.route({
    ...operatorRouteOptions(desk.reply, {
      tags,
      summary: 'Answer the member with text, a picture or both (pushed to them as SUPPORT)',
    }),
    bodyLimit: SEND_BODY_LIMIT,
    config,
    handler: async (request) => {
      const staffId = request.staff!.staffId;
      const me = await operators.operator(staffId);
      const message = await support.deskReply(
        request.params.id,
        { staffId, name: me.displayName },
        request.body.body,
        request.body.image,
      );
      request.audit = {
        action: 'support.reply',
        subject: `support:${request.params.id}`,
        after: { messageId: message.id, hasImage: message.hasImage },
      };
      return ok(message);
    },
  });

  r.route({
    ...operatorRouteOptions(desk.image, {
      tags,
      summary: 'The picture of a conversation’s line (the image itself)',
    }),
    config,
    handler: async (request, reply) =>
      sendUploadedImage(reply, await support.deskImage(request.params.id)),
  });

  r.route({
    ...operatorRouteOptions(desk.liveTicket, {
      tags,
      summary:
        'A ticket (10 minutes) to follow the support.desk topic on /ws: new member lines pushed live',
    }),
    config,
    handler: async (request) => {
      request.audit = { action: 'support.live-ticket', subject: 'support:desk' };
      return ok(await support.issueDeskTicket(request.staff!.staffId));
    },
  });

  r.route({
    ...operatorRouteOptions(desk.read, {
      tags,
      summary: 'Mark the member’s messages read up to one',
    }),
    config,
    handler: async (request) => {
      const row = await support.deskRead(request.params.id, request.body.upToId);
      request.audit = { action: 'support.read', subject: `support:${request.params.id}` };
      return ok(row);
    },
  });

  r.route({
    ...operatorRouteOptions(desk.close, {
      tags,
      summary: 'Close the conversation (the member’s next message opens it again)',
    }),
    config,
    handler: async (request) => {
      const { before, after } = await support.deskClose(request.params.id, request.staff!.staffId);
      request.audit = {
        action: 'support.close',
        subject: `support:${request.params.id}`,
        before,
        after,
      };
      return ok(after);
    },
  });
}
