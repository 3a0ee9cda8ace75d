import { LOYALTY_ADMIN_ROUTES as admin, LOYALTY_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope';
import { operatorRouteOptions, routeOptions } from '../../../http/route-options';
import type { VipService } from './service';

/** Who may read the loyalty desks, and who may change VIP levels (docs/loyalty.md "Console"). */
export const LOYALTY_READ = ['owner', 'content', 'finance', 'risk', 'support'] as const;
export const LOYALTY_EDIT = ['owner', 'content'] as const;

/** The VIP page (public table of levels; the card for a signed-in member). */
export function vipRoutes(app: FastifyInstance, vip: VipService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOptions(routes.vip, {
      tags: ['loyalty'],
      summary: 'The VIP levels and benefits, and the signed-in member’s card and progress',
    }),
    config: { auth: 'optional' },
    handler: async (request) => {
      const session = request.session;
      const member =
        session && !session.isTrial
          ? {
              memberId: session.memberId,
              merchantCode: request.brand.merchantCode,
              currency: request.brand.currency,
            }
          : null;
      return ok(await vip.overview(request.brand, member));
    },
  });
}

/** The console's VIP desk: the brand's rules and levels, replaced as a whole (audited). */
export function vipAdminRoutes(app: FastifyInstance, vip: VipService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'loyalty'];
  r.route({
    ...operatorRouteOptions(admin.vip, { tags, summary: 'A brand’s VIP rules and levels' }),
    config: { roles: LOYALTY_READ },
    handler: async (request) => ok(await vip.admin.view(request.query.merchantCode)),
  });
  r.route({
    ...operatorRouteOptions(admin.saveVip, {
      tags,
      summary: 'Replace a brand’s VIP rules and levels (ranks 0…n, thresholds never lower)',
    }),
    config: { roles: LOYALTY_EDIT },
    handler: async (request) => {
      const { before, after } = await vip.admin.save(request.body);
      request.audit = {
        action: 'vip.levels.update',
        subject: `brand:${after.merchantCode}`,
        before,
        after,
      };
      return ok(after);
    },
  });
}
