import { LOTTERY_ROUTES as routes } from '@banca/contracts/lottery';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { routeOptions } from '../../http/route-options';
import type { MemberRef } from '../wallet';
import type { LotteryService } from './service';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/**
 * The e-lottery's player routes (docs/lottery.md). Menus, games and results are public; slips
 * and the member's bets need a session (free-play members bet with their demo credit).
 */
export function lotteryRoutes(app: FastifyInstance, lottery: LotteryService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lottery'];
  const member = { auth: 'required', allowTrial: true } as const;

  r.route({
    ...routeOptions(routes.menu, {
      tags,
      summary: 'Lottery menus by prize mode: the games with their open draw and last result',
    }),
    config: { auth: 'optional' },
    handler: async (request) => ok(await lottery.menu(request.query.prizeMode)),
  });
  r.route({
    ...routeOptions(routes.state, {
      tags,
      summary: 'A lottery game: odds, the draw taking bets, last results, the member’s open bets',
    }),
    config: { auth: 'optional' },
    handler: async (request) =>
      ok(await lottery.state(request.query.gameCode, request.session ? memberOf(request) : null)),
  });
  r.route({
    ...routeOptions(routes.results, {
      tags,
      summary: 'A lottery game’s results, newest first, with number frequencies',
    }),
    config: { auth: 'optional' },
    handler: async (request) => ok(await lottery.results(request.query)),
  });
  r.route({
    ...routeOptions(routes.bet, {
      tags,
      summary: 'A bet slip: several selections on one draw, the stake taken once for all',
    }),
    config: member,
    handler: async (request) => ok(await lottery.placeBet(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.myBets, { tags, summary: 'The member’s lottery bets and settlement' }),
    config: member,
    handler: async (request) => ok(await lottery.myBets(memberOf(request), request.query)),
  });
}
