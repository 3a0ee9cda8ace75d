import { HOUSE_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { routeOptions } from '../../http/route-options';
import type { MemberRef } from '../wallet';
import type { HouseService } from './service';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/**
 * The house games' player routes (docs/house.md). The games list is public (RTP and limits are
 * shown before play); everything else is the member's, and free-play (trial) members play with
 * their demo credit.
 */
export function houseRoutes(app: FastifyInstance, house: HouseService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['house'];
  const member = { auth: 'required', allowTrial: true } as const;

  r.route({
    ...routeOptions(routes.games, { tags, summary: 'House games: RTP, limits, availability' }),
    config: { auth: 'optional' },
    handler: async (request) =>
      ok({ currency: request.brand.currency, games: await house.listGames() }),
  });
  r.route({
    ...routeOptions(routes.chains, {
      tags,
      summary: 'Crash and double hash chains: commitment (h0) and salt, for verification',
    }),
    config: { auth: 'optional' },
    handler: async () => ok({ chains: await house.chains() }),
  });
  r.route({
    ...routeOptions(routes.seeds, {
      tags,
      summary:
        'The active seed pair (server seed hash, client seed, next nonce) and revealed pairs',
    }),
    config: member,
    handler: async (request) => ok(await house.seeds(memberOf(request))),
  });
  r.route({
    ...routeOptions(routes.rotateSeeds, {
      tags,
      summary: 'New seed pair (optionally the member’s client seed); reveals the old server seed',
    }),
    config: member,
    handler: async (request) =>
      ok(await house.rotateSeeds(memberOf(request), request.body.clientSeed)),
  });
  r.route({
    ...routeOptions(routes.dice, { tags, summary: 'Roll the dice (over/under a target)' }),
    config: member,
    handler: async (request) => ok(await house.dice(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.limbo, { tags, summary: 'Play limbo (a target multiplier)' }),
    config: member,
    handler: async (request) => ok(await house.limbo(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.plinko, { tags, summary: 'Drop a plinko ball (rows, risk)' }),
    config: member,
    handler: async (request) => ok(await house.plinko(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.mines, {
      tags,
      summary: 'Start a mines round: the layout is fixed by the seeds now, the stake taken',
    }),
    config: member,
    handler: async (request) => ok(await house.startMines(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.minesActive, { tags, summary: 'The member’s open mines round, if any' }),
    config: member,
    handler: async (request) =>
      ok(await house.activeMines(memberOf(request), request.query.gameCode)),
  });
  r.route({
    ...routeOptions(routes.minesReveal, { tags, summary: 'Open a tile of the open mines round' }),
    config: member,
    handler: async (request) => ok(await house.revealMines(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.minesCashout, { tags, summary: 'Cash out the open mines round' }),
    config: member,
    handler: async (request) => ok(await house.cashoutMines(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.doubleState, {
      tags,
      summary: 'Double: the round (countdown, result), the last results, the member’s bets',
    }),
    config: { auth: 'optional' },
    handler: async (request) =>
      ok(
        await house.doubleState(request.query.gameCode, request.session ? memberOf(request) : null),
      ),
  });
  r.route({
    ...routeOptions(routes.doubleBet, { tags, summary: 'Double: bet on red, black or white' }),
    config: member,
    handler: async (request) => ok(await house.doubleBet(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.crashState, {
      tags,
      summary: 'Crash: the round (countdown, start, point once crashed), players, history',
    }),
    config: { auth: 'optional' },
    handler: async (request) =>
      ok(
        await house.crashState(request.query.gameCode, request.session ? memberOf(request) : null),
      ),
  });
  r.route({
    ...routeOptions(routes.crashBet, {
      tags,
      summary: 'Crash: bet during the countdown, optionally with an automatic cash-out',
    }),
    config: member,
    handler: async (request) => ok(await house.crashBet(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.crashCashout, {
      tags,
      summary: 'Crash: cash out now, at the multiplier of the server’s clock',
    }),
    config: member,
    handler: async (request) => ok(await house.crashCashout(memberOf(request), request.body)),
  });
  r.route({
    ...routeOptions(routes.bets, { tags, summary: 'The member’s house rounds, newest first' }),
    config: member,
    handler: async (request) => ok(await house.bets(memberOf(request), request.query)),
  });
  r.route({
    ...routeOptions(routes.bet, { tags, summary: 'One house round (game recall)' }),
    config: member,
    handler: async (request) => ok(await house.bet(memberOf(request), request.params.id)),
  });
}
