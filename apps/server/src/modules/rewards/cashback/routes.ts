import { BONUS_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { routeOptions } from '../../../http/route-options';
import type { MemberRef } from '../../wallet';
import type { CashbackService } from './service';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/** Manual rebate (member centre manualRebate, docs/bonus.md): only when the brand's module is on. */
export function rebateRoutes(app: FastifyInstance, cashback: CashbackService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bonus'];
  const member = { auth: 'required', allowTrial: false } as const;
  r.route({
    ...routeOptions(routes.rebate, {
      tags,
      summary: 'What a rebate claim would pay now, by game category, and the claims made',
    }),
    config: member,
    handler: async (request) => ok(await cashback.rebateOverview(memberOf(request), request.brand)),
  });
  r.route({
    ...routeOptions(routes.claimRebate, {
      tags,
      summary: 'Claim the rebate of the valid bets since the last claim (once: one of two wins)',
    }),
    config: member,
    handler: async (request) => ok(await cashback.claimRebate(memberOf(request), request.brand)),
  });
}
