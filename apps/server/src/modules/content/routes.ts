import { CONTENT_ROUTES as routes, FEEDBACK_IMAGE_BASE64_MAX } from '@banca/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok, okOnce } from '../../http/envelope';
import { routeOptions } from '../../http/route-options';
import type { ContentDesk } from './desk';
import type { FeedbackService } from './feedback';
import type { ContentService } from './service';

/** A feedback's body: the base64 image plus the text fields, with room for the JSON around them. */
const FEEDBACK_BODY_LIMIT = FEEDBACK_IMAGE_BASE64_MAX + 16 * 1024;

/** An uploaded image answered as itself: inline, never sniffed, never kept by shared caches. */
export function sendUploadedImage(
  reply: FastifyReply,
  file: { bytes: Buffer; contentType: string },
) {
  return reply
    .type(file.contentType)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

export function contentRoutes(
  app: FastifyInstance,
  services: { content: ContentService; feedback: FeedbackService; desk: ContentDesk },
): void {
  const { content, feedback, desk } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
  const sendNotices = okOnce(routes.notices.response);
  const member = { auth: 'required', allowTrial: false } as const;

  r.route({
    ...routeOptions(routes.notices, {
      tags,
      summary:
        'Banners of every group, player notices, the arrival popup and promotion titles, in the caller’s language',
    }),
    handler: async (request, reply) => {
      const value = await content.notices(request.brand, request.language, request.query.execution);
      return sendNotices(reply, value, () => value);
    },
  });
  r.route({
    ...routeOptions(routes.announcements, {
      tags,
      summary:
        'The announcement popup’s list for an execution (A logged in, B anonymous, F first login), 9 a page, bodies sanitised',
    }),
    handler: async (request) =>
      ok(await content.announcements(request.brand, request.language, request.query)),
  });
  r.route({
    ...routeOptions(routes.winners, {
      tags,
      summary:
        'Winners ranking (biggest wins) or latest winners of a day, week or month, from real rounds only',
    }),
    handler: async (request) =>
      ok(await content.winners(request.brand, request.language, request.query)),
  });
  r.route({
    ...routeOptions(routes.bannerImage, {
      tags,
      summary: 'A banner image uploaded from the console (the image itself, cached for good)',
    }),
    handler: async (request, reply) => {
      const file = await desk.bannerImage(request.params.month, request.params.name);
      // Public like the banner, and an address is never given to other bytes: cache for good.
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.bytes);
    },
  });
  r.route({
    ...routeOptions(routes.sendFeedback, {
      tags,
      summary:
        'Send feedback or a complaint (20–1000 characters, a type, an optional PNG/JPEG image as base64, ≤ 5 MB)',
    }),
    bodyLimit: FEEDBACK_BODY_LIMIT,
    config: member,
    handler: async (request) => {
      const session = sessionOf(request);
      return ok(
        await feedback.send(
          {
            memberId: session.memberId,
            merchantCode: request.brand.merchantCode,
            username: session.username,
          },
          request.body,
        ),
      );
    },
  });
  r.route({
    ...routeOptions(routes.feedbackHistory, {
      tags,
      summary: 'The member’s feedback, newest first, with the operators’ answers',
    }),
    config: member,
    handler: async (request) =>
      ok(await feedback.history(sessionOf(request).memberId, request.query)),
  });
  r.route({
    ...routeOptions(routes.feedbackImage, {
      tags,
      summary: 'The image the member attached to one of their feedbacks',
    }),
    config: member,
    handler: async (request, reply) =>
      sendUploadedImage(
        reply,
        await feedback.image(request.params.id, sessionOf(request).memberId),
      ),
  });
}
