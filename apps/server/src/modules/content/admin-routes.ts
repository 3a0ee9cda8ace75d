import { BANNER_IMAGE_BASE64_MAX, CONTENT_ADMIN_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { operatorRouteOptions } from '../../http/route-options';
import type { ContentDesk } from './desk';
import type { FeedbackService } from './feedback';
import { sendUploadedImage } from './routes';

/** Who may read the desk, edit the site's content, and answer members' feedback. */
const READ = ['owner', 'content', 'support', 'risk', 'finance'] as const;
const EDIT = ['owner', 'content'] as const;
const ANSWER = ['owner', 'support', 'content'] as const;

/** The console's content desk (docs/content.md "Console"); every change is audited. */
export function contentAdminRoutes(
  app: FastifyInstance,
  services: { desk: ContentDesk; feedback: FeedbackService },
): void {
  const { desk, feedback } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'content'];

  r.route({
    ...operatorRouteOptions(routes.overview, {
      tags,
      summary: 'A brand’s banners, announcements, help topics and channels',
    }),
    config: { roles: READ },
    handler: async (request) => ok(await desk.overview(request.query.merchantCode)),
  });

  r.route({
    ...operatorRouteOptions(routes.createBanner, { tags, summary: 'Publish a banner' }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { merchantCode, ...input } = request.body;
      const banner = await desk.createBanner(merchantCode, input);
      request.audit = {
        action: 'content.banner.create',
        subject: `banner:${banner.id}`,
        after: banner,
      };
      return ok(banner);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.updateBanner, { tags, summary: 'Change a banner' }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { before, after } = await desk.updateBanner(request.params.id, request.body);
      request.audit = {
        action: 'content.banner.update',
        subject: `banner:${after.id}`,
        before,
        after,
      };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.deleteBanner, { tags, summary: 'Remove a banner' }),
    config: { roles: EDIT },
    handler: async (request) => {
      const before = await desk.deleteBanner(request.params.id);
      request.audit = { action: 'content.banner.delete', subject: `banner:${before.id}`, before };
      return ok({ done: true as const });
    },
  });

  r.route({
    ...operatorRouteOptions(routes.uploadBannerImage, {
      tags,
      summary:
        'Upload a banner image (PNG, JPEG or WebP by its bytes, ≤ 2 MB, base64): answers the address for imageUrl',
    }),
    // The base64 image with room for the JSON around it.
    bodyLimit: BANNER_IMAGE_BASE64_MAX + 4 * 1024,
    config: { roles: EDIT },
    handler: async (request) => {
      const uploaded = await desk.uploadBannerImage(request.body.file);
      request.audit = {
        action: 'content.banner.image',
        subject: uploaded.url,
        after: { contentType: uploaded.contentType, bytes: uploaded.bytes },
      };
      return ok(uploaded);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.createAnnouncement, {
      tags,
      summary: 'Publish an announcement (rich text sanitised on save, a schedule, an execution)',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { merchantCode, ...input } = request.body;
      const announcement = await desk.createAnnouncement(merchantCode, input);
      request.audit = {
        action: 'content.announcement.create',
        subject: `announcement:${announcement.id}`,
        after: announcement,
      };
      return ok(announcement);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.updateAnnouncement, { tags, summary: 'Change an announcement' }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { before, after } = await desk.updateAnnouncement(request.params.id, request.body);
      request.audit = {
        action: 'content.announcement.update',
        subject: `announcement:${after.id}`,
        before,
        after,
      };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.deleteAnnouncement, { tags, summary: 'Remove an announcement' }),
    config: { roles: EDIT },
    handler: async (request) => {
      const before = await desk.deleteAnnouncement(request.params.id);
      request.audit = {
        action: 'content.announcement.delete',
        subject: `announcement:${before.id}`,
        before,
      };
      return ok({ done: true as const });
    },
  });

  r.route({
    ...operatorRouteOptions(routes.saveHelpTopic, {
      tags,
      summary: 'Create or replace a help article (a topic key in a language), sanitised on save',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const topic = await desk.saveHelpTopic(request.body);
      request.audit = {
        action: 'content.help.save',
        subject: `help:${request.body.merchantCode}:${topic.key}:${topic.language}`,
        after: topic,
      };
      return ok(topic);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.deleteHelpTopic, { tags, summary: 'Remove a help article' }),
    config: { roles: EDIT },
    handler: async (request) => {
      const before = await desk.deleteHelpTopic(request.params.id);
      request.audit = {
        action: 'content.help.delete',
        subject: `help:${before.merchant_code}:${before.topic_key}:${before.language}`,
        before,
      };
      return ok({ done: true as const });
    },
  });
  r.route({
    ...operatorRouteOptions(routes.saveChannels, {
      tags,
      summary: 'Replace a brand’s mirror domains, customer-service and social channels',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { before, after } = await desk.saveChannels(request.params.merchantCode, request.body);
      request.audit = {
        action: 'content.channels.save',
        subject: `brand:${request.params.merchantCode}`,
        before,
        after,
      };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.feedback, {
      tags,
      summary: 'Members’ feedback by status: waiting ones oldest first',
    }),
    config: { roles: READ },
    handler: async (request) => ok(await feedback.queue(request.query)),
  });
  r.route({
    ...operatorRouteOptions(routes.feedbackImage, { tags, summary: 'A feedback’s image' }),
    config: { roles: READ },
    handler: async (request, reply) =>
      sendUploadedImage(reply, await feedback.image(request.params.id, null)),
  });
  r.route({
    ...operatorRouteOptions(routes.replyFeedback, {
      tags,
      summary: 'Answer a feedback: the answer reaches the member’s inbox (once)',
    }),
    config: { roles: ANSWER },
    handler: async (request) => {
      const answered = await feedback.reply(
        request.params.id,
        request.body.reply,
        request.staff!.staffId,
      );
      request.audit = {
        action: 'content.feedback.reply',
        subject: `feedback:${answered.id}`,
        after: { status: answered.status, reply: answered.reply },
      };
      return ok(answered);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.setFeedbackStatus, {
      tags,
      summary: 'Take a feedback in hand, or close it without an answer',
    }),
    config: { roles: ANSWER },
    handler: async (request) => {
      const changed = await feedback.setStatus(request.params.id, request.body.status);
      request.audit = {
        action: `content.feedback.${request.body.status}`,
        subject: `feedback:${changed.id}`,
        after: { status: changed.status },
      };
      return ok(changed);
    },
  });
}
