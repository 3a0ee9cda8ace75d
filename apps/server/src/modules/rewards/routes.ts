import { PROMOTION_ADMIN_ROUTES as admin, PROMOTION_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { operatorRouteOptions, routeOptions } from '../../http/route-options';
import {
  PROMOTION_IMAGE_MAX_BYTES,
  PROOF_BASE64_MAX,
  APPLICATION_MAX_PROOFS,
} from '@banca/contracts';
import type { ServiceRegistry } from '../manifest';
import type { MemberRef } from '../wallet';
import type { RewardsService } from './service';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/** An image answer: inline, never sniffed by the browser, not cached by shared caches. */
function sendImage(
  reply: FastifyReply,
  file: { bytes: Buffer; contentType: string },
  cache: string,
) {
  return reply
    .type(file.contentType)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cache)
    .send(file.bytes);
}

/**
 * An application's body: the comment and up to 3 images as base64 (one more is let through
 * the schema so the answer is the translated `promotion_too_many_files`), with room for JSON.
 */
const APPLY_BODY_LIMIT = (APPLICATION_MAX_PROOFS + 1) * (PROOF_BASE64_MAX + 16) + 4096;

/** The promotions' player routes (docs/rewards.md). */
export function promotionRoutes(app: FastifyInstance, rewards: RewardsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['promotions'];
  const member = { auth: 'required', allowTrial: false } as const;

  r.route({
    ...routeOptions(routes.list, {
      tags,
      summary: 'The brand’s promotions, with the signed-in member’s status in each',
    }),
    config: { auth: 'optional' },
    handler: async (request) => {
      const session = request.session;
      const signedIn = session && !session.isTrial ? memberOf(request) : null;
      return ok(await rewards.list(request.brand, signedIn, request.language));
    },
  });
  r.route({
    ...routeOptions(routes.banner, { tags, summary: 'A promotion’s banner image' }),
    config: { auth: 'optional' },
    handler: async (request, reply) =>
      sendImage(reply, await rewards.banner(request.params.id), 'public, max-age=300'),
  });
  r.route({
    ...routeOptions(routes.join, { tags, summary: 'Join a promotion that asks members to opt in' }),
    config: member,
    handler: async (request) =>
      ok(await rewards.join(request.brand, memberOf(request), request.params.id, request.language)),
  });
  r.route({
    ...routeOptions(routes.claim, {
      tags,
      summary: 'Claim the reward of a promotion the member qualified for (one of two at once wins)',
    }),
    config: member,
    handler: async (request) =>
      ok(
        await rewards.claim(request.brand, memberOf(request), request.params.id, request.language),
      ),
  });
  r.route({
    ...routeOptions(routes.apply, {
      tags,
      summary:
        'Apply to a promotion with a comment (≤ 140) and up to 3 PNG/JPEG images (base64, ≤ 5 MB each)',
    }),
    bodyLimit: APPLY_BODY_LIMIT,
    config: member,
    handler: async (request) =>
      ok(
        await rewards.apply(
          request.brand,
          memberOf(request),
          request.params.id,
          { comment: request.body.comment, images: request.body.images },
          request.language,
        ),
      ),
  });
}

/** Who may read the desks, and who may change promotions or decide applications. */
const READ = ['owner', 'content', 'finance', 'risk', 'support'] as const;
const EDIT = ['owner', 'content'] as const;
const DECIDE = ['owner', 'risk', 'finance'] as const;

/** The promotions' console routes: editor, kill switch, review queue, issued rewards report. */
export function promotionAdminRoutes(app: FastifyInstance, services: ServiceRegistry): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rewards, accounts } = services;
  const tags = ['admin', 'promotions'];

  r.route({
    ...operatorRouteOptions(admin.list, { tags, summary: 'Promotions of every brand (or one)' }),
    config: { roles: READ },
    handler: async (request) => ok(await rewards.admin.list(request.query.merchantCode)),
  });
  r.route({
    ...operatorRouteOptions(admin.create, { tags, summary: 'A new promotion' }),
    config: { roles: EDIT },
    handler: async (request) => {
      const after = await rewards.admin.create(request.body);
      request.audit = { action: 'promotion.create', subject: `promotion:${after.id}`, after };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(admin.update, {
      tags,
      summary: 'Change a promotion’s rules and texts',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { before, after } = await rewards.admin.update(request.params.id, request.body);
      request.audit = {
        action: 'promotion.update',
        subject: `promotion:${after.id}`,
        before,
        after,
      };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(admin.setEnabled, {
      tags,
      summary: 'The kill switch: off hides the promotion and refuses its claims and applications',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { before, after } = await rewards.admin.setEnabled(
        request.params.id,
        request.body.enabled,
      );
      request.audit = {
        action: after.enabled ? 'promotion.enable' : 'promotion.disable',
        subject: `promotion:${after.id}`,
        before: { enabled: before.enabled },
        after: { enabled: after.enabled },
      };
      return ok(after);
    },
  });
  // The banner's bytes are the body: parsed as a buffer here only (an encapsulated context).
  app.register(async (upload) => {
    upload.addContentTypeParser(
      ['image/png', 'image/jpeg', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: PROMOTION_IMAGE_MAX_BYTES + 1 },
      (_request, body, done) => done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().route({
      ...operatorRouteOptions(admin.uploadBanner, {
        tags,
        summary: 'The banner: the image bytes as the body (PNG or JPEG, at most 5 MB)',
      }),
      bodyLimit: PROMOTION_IMAGE_MAX_BYTES + 1,
      config: { roles: EDIT },
      handler: async (request) => {
        const body = request.body as unknown;
        if (!Buffer.isBuffer(body))
          throw new AppError('promotion_bad_file', {
            params: { maxMb: PROMOTION_IMAGE_MAX_BYTES / 1024 / 1024 },
          });
        const { before, after } = await rewards.admin.uploadBanner(request.params.id, body);
        request.audit = {
          action: 'promotion.banner',
          subject: `promotion:${after.id}`,
          before: { bannerUrl: before.bannerUrl },
          after: { bannerUrl: after.bannerUrl },
        };
        return ok(after);
      },
    });
  });
  r.route({
    ...operatorRouteOptions(admin.banner, { tags, summary: 'A promotion’s banner image' }),
    config: { roles: READ },
    handler: async (request, reply) =>
      sendImage(reply, await rewards.admin.banner(request.params.id), 'private, no-store'),
  });
  r.route({
    ...operatorRouteOptions(admin.preview, {
      tags,
      summary: 'The bodies as members will see them (sanitised), for the editor’s preview',
    }),
    config: { roles: READ },
    handler: async (request) => ok(rewards.admin.preview(request.body.bodies)),
  });
  r.route({
    ...operatorRouteOptions(admin.applications, {
      tags,
      summary: 'Applications with proof: the review queue (oldest first) and decided ones',
    }),
    config: { roles: READ },
    handler: async (request) =>
      ok(
        await rewards.admin.applications({
          ...request.query,
          usernames: async (ids) =>
            new Map((await accounts.byIds(ids)).map((m) => [m.id, m.username])),
        }),
      ),
  });
  r.route({
    ...operatorRouteOptions(admin.proof, { tags, summary: 'One proof image of an application' }),
    config: { roles: READ },
    handler: async (request, reply) =>
      sendImage(
        reply,
        await rewards.admin.proof(request.params.id, request.params.position),
        'private, no-store',
      ),
  });
  r.route({
    ...operatorRouteOptions(admin.decide, {
      tags,
      summary: 'Approve (the reward is issued) or reject (the reason is shown) an application',
    }),
    config: { roles: DECIDE },
    handler: async (request) => {
      const { before, after } = await rewards.admin.decide({
        applicationId: request.params.id,
        decision: request.body.decision,
        reason: request.body.reason,
        baseMinor: request.body.baseMinor,
        staffId: request.staff?.staffId ?? null,
      });
      request.audit = {
        action: `promotion.application.${request.body.decision}`,
        subject: `promotion-application:${after.id}`,
        before: { status: before.status },
        after: { status: after.status, reason: after.reject_reason, entryId: after.entry_id },
      };
      const page = await rewards.admin.applications({
        status: after.status,
        merchantCode: after.merchant_code,
        pageNo: 1,
        pageSize: 1,
        only: after.id,
        usernames: async (ids) =>
          new Map((await accounts.byIds(ids)).map((m) => [m.id, m.username])),
      });
      const row = page.rows[0];
      if (!row) throw new AppError('promotion_not_found');
      return ok(row);
    },
  });
  r.route({
    ...operatorRouteOptions(admin.report, {
      tags,
      summary: 'Issued rewards per promotion: how many and what they cost; waiting and pending',
    }),
    config: { roles: READ },
    handler: async (request) => ok(await rewards.admin.report(request.query.merchantCode)),
  });
}
