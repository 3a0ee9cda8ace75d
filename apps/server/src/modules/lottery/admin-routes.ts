import { LOTTERY_ADMIN_ROUTES as routes } from '@banca/contracts/lottery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { operatorRouteOptions } from '../../http/route-options';
import type { LotteryService } from './service';

/** Who may read the desk, and who may change games, odds and void draws. */
const READ = ['owner', 'risk', 'finance'] as const;
const CHANGE = ['owner', 'risk'] as const;

/** An operator's display name by id (the admin module's operators; null if unknown). */
export type OperatorName = (staffId: number) => Promise<string | null>;

/** The e-lottery's operator routes (docs/lottery.md "Console"); every change audited. */
export function lotteryAdminRoutes(
  app: FastifyInstance,
  lottery: LotteryService,
  operatorName: OperatorName,
): void {
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
        ...(b.resultsSource === undefined ? {} : { results_source: b.resultsSource }),
        ...(b.drawTime === undefined ? {} : { draw_time: b.drawTime }),
        ...(b.timeZone === undefined ? {} : { time_zone: b.timeZone }),
        ...(b.drawWeekdays === undefined
          ? {}
          : { draw_weekdays: b.drawWeekdays && [...b.drawWeekdays].sort((x, y) => x - y) }),
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
      summary: 'Change a bet type’s RTP (its odds follow), a VN/SEA odds table, or switch it off',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const { gameCode, betType } = request.params;
      const b = request.body;
      const { before, after } = await lottery.updateBetType(gameCode, betType, {
        ...(b.rtpBps === undefined ? {} : { rtp_bps: b.rtpBps }),
        ...(b.enabled === undefined ? {} : { enabled: b.enabled }),
        ...(b.oddsTiersE4 === undefined ? {} : { odds_tiers_e4: b.oddsTiersE4 }),
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

  // ---- VN/SEA results: double entry ------------------------------------------------------

  const names = async (ids: Array<number | null>) => {
    const known = new Map<number, string | null>();
    for (const id of new Set(ids))
      if (id !== null) known.set(id, await operatorName(id).catch(() => null));
    return (id: number | null) => (id === null ? null : (known.get(id) ?? null));
  };

  r.route({
    ...operatorRouteOptions(routes.awaitingResults, {
      tags,
      summary: 'VN/SEA draws waiting for their results, with who made the first entry',
    }),
    config: { roles: READ },
    handler: async (request) => {
      const draws = await lottery.awaitingResults();
      const name = await names(draws.map((d) => d.firstEntry?.staffId ?? null));
      return ok({
        draws: draws.map((d) => ({
          ...d,
          firstEntry: d.firstEntry
            ? {
                ...d.firstEntry,
                displayName: name(d.firstEntry.staffId),
                // The second entry must be another operator's: the console says so at once.
                mine: d.firstEntry.staffId === request.staff!.staffId,
              }
            : null,
        })),
      });
    },
  });
  r.route({
    ...operatorRouteOptions(routes.resultEntries, {
      tags,
      summary: 'A VN/SEA draw’s result entries: who, when, status, the prizes that differed',
    }),
    config: { roles: READ },
    handler: async (request) => {
      const entries = await lottery.resultEntries(request.params.drawId);
      const name = await names(entries.map((e) => e.staffId));
      return ok({ entries: entries.map((e) => ({ ...e, displayName: name(e.staffId) })) });
    },
  });
  r.route({
    ...operatorRouteOptions(routes.enterResults, {
      tags,
      summary:
        'Enter a VN/SEA draw’s result sheet: the first entry waits, a different operator’s equal entry confirms and settles it',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const result = await lottery.enterResults(
        request.staff!.staffId,
        request.params.drawId,
        request.body.sheet,
      );
      request.audit = {
        action: result.status === 'confirmed' ? 'lottery.results.confirm' : 'lottery.results.enter',
        subject: `lottery-draw:${result.drawId}`,
        before: null,
        // The first entry's numbers stay out of the trail until confirmed (the second is blind).
        after:
          result.status === 'confirmed'
            ? { status: result.status, numbers: result.numbers }
            : { status: result.status },
      };
      return ok({ drawId: result.drawId, status: result.status });
    },
  });
  r.route({
    ...operatorRouteOptions(routes.discardResults, {
      tags,
      summary: 'Discard the entry waiting for its second (a typo): the next entry is a first',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const result = await lottery.discardResults(request.staff!.staffId, request.params.drawId);
      request.audit = {
        action: 'lottery.results.discard',
        subject: `lottery-draw:${result.drawId}`,
        before: null,
        after: result,
      };
      return ok(result);
    },
  });

  // ---- closed days (docs/lottery.md "Closed days") ---------------------------------------

  r.route({
    ...operatorRouteOptions(routes.closedDays, {
      tags,
      summary: 'Days without draws: upcoming ones soonest first, then past ones, a page',
    }),
    config: { roles: READ },
    handler: async (request) => {
      const list = await lottery.closedDays(request.query);
      const name = await names(list.closedDays.map((d) => d.createdBy));
      return ok({
        ...list,
        closedDays: list.closedDays.map((d) => ({ ...d, createdByName: name(d.createdBy) })),
      });
    },
  });
  r.route({
    ...operatorRouteOptions(routes.addClosedDay, {
      tags,
      summary:
        'Close a day for every VN/SEA game or one: its draws are skipped, those open on it voided and refunded',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const b = request.body;
      const result = await lottery.addClosedDay(request.staff!.staffId, {
        day: b.day,
        gameCode: b.gameCode ?? null,
        reason: b.reason,
      });
      request.audit = {
        action: 'lottery.closed_day.add',
        subject: `lottery-closed-day:${result.closedDay.closedDayId}`,
        before: null,
        after: result,
      };
      return ok(result);
    },
  });
  r.route({
    ...operatorRouteOptions(routes.removeClosedDay, {
      tags,
      summary: 'Open a closed day again: its draws still ahead open again',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const result = await lottery.removeClosedDay(request.params.closedDayId);
      request.audit = {
        action: 'lottery.closed_day.remove',
        subject: `lottery-closed-day:${result.closedDay.closedDayId}`,
        before: result.closedDay,
        after: { reopenedDraws: result.reopenedDraws },
      };
      return ok(result);
    },
  });
}
