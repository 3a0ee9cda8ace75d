import { BONUS_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { routeOptions } from '../../../http/route-options';
import type { MemberRef } from '../../wallet';
import type { BonusService } from './service';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/**
 * The member's bonus wallet (docs/bonus.md): the reward centre's and bonus details' list, and
 * forfeiting a bonus. Real members only (free play holds demo credit, never a bonus); refused
 * under br-regulated (`bonus_disabled`).
 */
export function bonusRoutes(app: FastifyInstance, bonus: BonusService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bonus'];
  const member = { auth: 'required', allowTrial: false } as const;

  r.route({
    ...routeOptions(routes.list, {
      tags,
      summary: 'The member’s bonuses: requirement, progress, expiry, status; the bonus balance',
    }),
    config: member,
    handler: async (request) => ok(await bonus.list(memberOf(request), request.language)),
  });
  r.route({
    ...routeOptions(routes.forfeit, {
      tags,
      summary: 'Give up an open bonus (confirm: true): its money leaves the bonus wallet',
    }),
    config: member,
    handler: async (request) =>
      ok(await bonus.forfeit(memberOf(request), request.params.id, request.language)),
  });
}
