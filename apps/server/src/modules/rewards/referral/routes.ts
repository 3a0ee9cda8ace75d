import { MISSION_ADMIN_ROUTES as admin, REFERRAL_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { operatorRouteOptions, routeOptions } from '../../../http/route-options';
import type { ReferralService } from './service';

/** Invite a friend (member centre referral, docs/missions.md). */
export function referralRoutes(app: FastifyInstance, referral: ReferralService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOptions(routes.overview, {
      tags: ['referral'],
      summary: 'The member’s referral code and link, the rules, and the friends invited',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) =>
      ok(
        await referral.overview(request.brand, {
          memberId: sessionOf(request).memberId,
          merchantCode: request.brand.merchantCode,
          currency: request.brand.currency,
        }),
      ),
  });
}

/** The console's referral settings (every change audited). */
export function referralAdminRoutes(app: FastifyInstance, referral: ReferralService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'referral'];
  r.route({
    ...operatorRouteOptions(admin.referralSettings, { tags, summary: 'A brand’s referral rules' }),
    config: { roles: ['owner', 'content', 'finance', 'risk', 'support'] },
    handler: async (request) => ok(await referral.admin.settings(request.query.merchantCode)),
  });
  r.route({
    ...operatorRouteOptions(admin.saveReferralSettings, {
      tags,
      summary: 'Change a brand’s referral rules (thresholds, reward, anti-abuse)',
    }),
    config: { roles: ['owner', 'content'] },
    handler: async (request) => {
      const { before, after } = await referral.admin.saveSettings(
        request.params.merchantCode,
        request.body,
      );
      request.audit = {
        action: 'referral.settings',
        subject: `brand:${request.params.merchantCode}`,
        before,
        after,
      };
      return ok(after);
    },
  });
}
