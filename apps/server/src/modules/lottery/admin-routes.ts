import { LOTTERY_ADMIN_ROUTES as routes } from '@banca/contracts/lottery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { operatorRouteOptions } from '../../http/route-options';
import type { LotteryService } from './service';

/** Who may read the desk, and who may change games, odds and void draws. */
const READ = ['owner', 'risk', 'finance'] as const;
const CHANGE = ['owner', 'risk'] as const;

/** The e-lottery's operator routes (docs/lottery.md "Console"); every change audited. */
export function lotteryAdminRoutes(app: FastifyInstance, lottery: LotteryService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'lottery'];

  r.route({
    ...operatorRouteOptions(routes.games, {
      tags,
      summary: 'Lottery games: schedule, limits, bet types and their RTP',
    }),
    config: { roles: READ },
    handler: async () => ok({ games: await lottery.adminGames() }),
  });
  r.route({
    ...operatorRouteOptions(routes.updateGame, {
      tags,
      summary: 'Change a lottery game: on/off, draw interval, closing time, stake limits, cap',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const b = request.body;
      const { before, after } = await lottery.updateGame(request.params.gameCode, {
        ...(b.enabled === undefined ? {} : { enabled: b.enabled }),
        ...(b.intervalSeconds === undefined ? {} : { interval_seconds: b.intervalSeconds }),
        ...(b.closeSeconds === undefined ? {} : { close_seconds: b.closeSeconds }),
        ...(b.minStakeMinor === undefined ? {} : { min_stake_minor: b.minStakeMinor }),
        ...(b.maxStakeMinor === undefined ? {} : { max_stake_minor: b.maxStakeMinor }),
        ...(b.maxPayoutPerNumberMinor === undefined
          ? {}
          : { max_payout_per_number_minor: b.maxPayoutPerNumberMinor }),
      });
      request.audit = {
        action: 'lottery.game.update',
        subject: `lottery-game:${after.gameCode}`,
        before,
        after,
      };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.updateBetType, {
      tags,
      summary: 'Change a bet type’s RTP (its odds follow) or switch it off',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const { gameCode, betType } = request.params;
      const { before, after } = await lottery.updateBetType(gameCode, betType, {
        ...(request.body.rtpBps === undefined ? {} : { rtp_bps: request.body.rtpBps }),
        ...(request.body.enabled === undefined ? {} : { enabled: request.body.enabled }),
      });
      request.audit = {
        action: 'lottery.odds.update',
        subject: `lottery-game:${gameCode}:${betType}`,
        before,
        after,
      };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.draws, {
      tags,
      summary: 'Draws, newest first: status, numbers, slips, stakes, payouts, top liability',
    }),
    config: { roles: READ },
    handler: async (request) => ok(await lottery.adminDraws(request.query)),
  });
  r.route({
    ...operatorRouteOptions(routes.liability, {
      tags,
      summary: 'A draw’s liability: what each selection could pay, largest first',
    }),
    config: { roles: READ },
    handler: async (request) => ok(await lottery.liability(request.params.drawId)),
  });
  r.route({
    ...operatorRouteOptions(routes.voidDraw, {
      tags,
      summary: 'Void a draw before it is drawn: every slip refunded once',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const result = await lottery.voidDraw(request.params.drawId, request.body.reason);
      request.audit = {
        action: 'lottery.draw.void',
        subject: `lottery-draw:${result.drawId}`,
        before: null,
        after: { ...result, reason: request.body.reason },
      };
      return ok(result);
    },
  });
}
