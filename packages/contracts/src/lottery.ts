import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { LOTTERY_ENDPOINTS } from './lottery-endpoints';
import { LOTTERY_KINDS, LOTTERY_PRIZE_MODES } from './lottery-rules';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { serverText, text } from './text';

export { LOTTERY_ENDPOINTS } from './lottery-endpoints';

/**
 * The e-lottery's requests and answers (docs/lottery.md): player routes under /wps/lottery and
 * the spec's menu call (/lgw/vn/games/game_menu), operator routes under /admin/api/lottery.
 * Amounts in minor units, odds in 1/10,000 (`E4`), times ISO 8601 on the server's clock.
 */

export const LOTTERY_ADMIN_ENDPOINTS = {
  games: { method: 'GET', path: '/admin/api/lottery/games' },
  updateGame: { method: 'PUT', path: '/admin/api/lottery/games/:gameCode' },
  updateBetType: { method: 'PUT', path: '/admin/api/lottery/games/:gameCode/bet-types/:betType' },
  draws: { method: 'GET', path: '/admin/api/lottery/draws' },
  liability: { method: 'GET', path: '/admin/api/lottery/draws/:drawId/liability' },
  voidDraw: { method: 'POST', path: '/admin/api/lottery/draws/:drawId/void' },
  awaitingResults: { method: 'GET', path: '/admin/api/lottery/results/awaiting' },
  resultEntries: { method: 'GET', path: '/admin/api/lottery/draws/:drawId/results' },
  enterResults: { method: 'POST', path: '/admin/api/lottery/draws/:drawId/results' },
  discardResults: { method: 'POST', path: '/admin/api/lottery/draws/:drawId/results/discard' },
  closedDays: { method: 'GET', path: '/admin/api/lottery/closed-days' },
  addClosedDay: { method: 'POST', path: '/admin/api/lottery/closed-days' },
  removeClosedDay: { method: 'DELETE', path: '/admin/api/lottery/closed-days/:closedDayId' },
} as const satisfies Record<string, Endpoint>;

const route = <const P extends Endpoint, const S extends RouteSchemas>(endpoint: P, schemas: S) =>
  ({ ...endpoint, ...schemas }) as P & S;

const gameCode = text(40).regex(/^[A-Z0-9_]+$/);
const minor = z.number().int().min(1).max(10_000_000_000);
/** Lines one slip may carry (a full position board is 50). */
export const LOTTERY_MAX_LINES = 50;

export const lotteryKindSchema = z.enum(LOTTERY_KINDS);
export const lotteryPrizeModeSchema = z.enum(LOTTERY_PRIZE_MODES);
export const lotteryDrawStatusSchema = z.enum(['open', 'drawn', 'settled', 'void']);
export const lotteryResultsSourceSchema = z.enum(['seed', 'operator', 'feed']);

export const lotteryBetTypeSchema = z.object({
  betType: serverText(),
  /** The e-lottery's RTP (its odds follow); VN/SEA: the return computed from the odds table. */
  rtpBps: z.number().int(),
  enabled: z.boolean(),
  /** Every selection with its multiplier (E4); empty for VN/SEA (one table for every number). */
  odds: z.array(z.object({ selection: serverText(), oddsE4: z.number().int() })),
  /** VN/SEA: the odds table, E4 per tier (`oddsTiers` names them: `hit`, or 4D's P1…CO). */
  oddsTiersE4: z.array(z.number().int()).optional(),
  oddsTiers: z.array(serverText()).optional(),
  /** VN/SEA: what one point costs in units (lô 2 số: 27 north, 18 south; otherwise 1). */
  oddsDiv: z.number().int().optional(),
});

export const lotteryGameSchema = z.object({
  gameCode: serverText(),
  kind: lotteryKindSchema,
  prizeMode: lotteryPrizeModeSchema,
  nameEn: serverText(),
  namePt: serverText(),
  intervalSeconds: z.number().int(),
  closeSeconds: z.number().int(),
  minStakeMinor: z.number().int(),
  maxStakeMinor: z.number().int(),
  /** The most one draw may pay on one selection of one bet type, all bets together. */
  maxPayoutPerNumberMinor: z.number().int(),
  enabled: z.boolean(),
  /** Where results come from: `seed` (e-lottery), `operator` (double entry) or `feed`. */
  resultsSource: lotteryResultsSourceSchema,
  /** Local draw time `HH:MM` in `timeZone` (VN/SEA); null: on the interval's grid. */
  drawTime: serverText().nullable(),
  timeZone: serverText(),
  /** ISO weekdays (1 Monday … 7 Sunday, in `timeZone`) the game draws on; null: every day. */
  drawWeekdays: z.array(z.number().int()).nullable(),
  /** VN: the region a province's game belongs to (Miền Bắc / Trung / Nam); null otherwise. */
  region: z.enum(['north', 'central', 'south']).nullable(),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const lotteryDrawSchema = z.object({
  drawId: z.number().int(),
  gameCode: serverText(),
  drawNo: serverText(),
  status: lotteryDrawStatusSchema,
  closeAtUtc: serverText(),
  drawAtUtc: serverText(),
  /** SHA-256 of the server seed, published when the draw opens. */
  serverSeedHash: serverText(),
  clientSeed: serverText(),
  /** Revealed once drawn. */
  serverSeed: serverText().nullable(),
  numbers: z.array(z.number().int()).nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

export const lotteryLineSchema = z.object({
  betType: serverText(),
  selection: serverText(),
  stakeMinor: z.number().int(),
  oddsE4: z.number().int(),
  won: z.boolean().nullable(),
  payoutMinor: z.number().int(),
  /** VN/SEA: how many times the line hit (lô: every prize ending in its number). */
  hits: z.number().int().nullable().optional(),
});
export const lotterySlipSchema = z.object({
  slipId: z.number().int(),
  gameCode: serverText(),
  kind: lotteryKindSchema,
  drawId: z.number().int(),
  drawNo: serverText(),
  /** pending/placed: waiting for the draw; settled; refunded (a voided draw); refused. */
  status: z.enum(['pending', 'placed', 'settled', 'refunded', 'refused']),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  createdAtUtc: serverText(),
  numbers: z.array(z.number().int()).nullable(),
  /** A refunded slip: why its draw was voided, as the operator wrote it. */
  voidReason: serverText().nullable(),
  lines: z.array(lotteryLineSchema),
});
export type LotterySlip = z.infer<typeof lotterySlipSchema>;

export const lotteryMenuQuerySchema = z.object({
  prizeMode: lotteryPrizeModeSchema.default('ELOTT'),
  device: text(8).optional(),
});
export const lotteryMenuSchema = z.object({
  prizeMode: lotteryPrizeModeSchema,
  serverTimeUtc: serverText(),
  games: z.array(
    lotteryGameSchema.extend({
      draw: lotteryDrawSchema.nullable(),
      last: lotteryDrawSchema.nullable(),
    }),
  ),
});

export const lotteryStateQuerySchema = z.object({ gameCode });
export const lotteryStateSchema = z.object({
  serverTimeUtc: serverText(),
  currency: serverText(),
  game: lotteryGameSchema,
  betTypes: z.array(lotteryBetTypeSchema),
  /** The draw taking bets (null while the game is off). */
  draw: lotteryDrawSchema.nullable(),
  /** The last drawn results, newest first. */
  results: z.array(lotteryDrawSchema),
  /** The member's bets not settled yet (empty without a session). */
  openBets: z.array(lotterySlipSchema),
});
export type LotteryState = z.infer<typeof lotteryStateSchema>;

export const lotteryResultsQuerySchema = z.object({
  gameCode,
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const lotteryResultsSchema = z.object({
  game: lotteryGameSchema,
  draws: z.array(lotteryDrawSchema),
  total: z.number().int(),
  /**
   * How often each value came out over the last draws (at most 100): per position
   * (`position` 1…n) for balls and cars, over all dice for fast 3 (`position` 0).
   */
  frequency: z.object({
    draws: z.number().int(),
    counts: z.array(
      z.object({ position: z.number().int(), value: z.number().int(), count: z.number().int() }),
    ),
  }),
});

export const lotteryBetRequestSchema = z.object({
  gameCode,
  /** The draw the slip was made for: a slip for a draw that has closed is refused, not moved on. */
  drawId: z.number().int().min(1),
  lines: z
    .array(
      z.object({
        betType: text(20),
        /** `3-7`, `big`; VN `07`, `123`, xiên `07-25-88`, đá `07-25`; 4D `0427`. */
        selection: text(16),
        stakeMinor: minor,
      }),
    )
    .min(1)
    .max(LOTTERY_MAX_LINES),
});
export type LotteryBetRequest = z.input<typeof lotteryBetRequestSchema>;
export const lotteryBetResultSchema = z.object({
  slip: lotterySlipSchema,
  balanceMinor: z.number().int(),
});

export const lotteryMyBetsQuerySchema = z.object({
  status: z.enum(['open', 'settled', 'all']).default('all'),
  gameCode: gameCode.optional(),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const lotteryMyBetsSchema = z.object({
  slips: z.array(lotterySlipSchema),
  total: z.number().int(),
});

export const LOTTERY_ROUTES = {
  menu: route(LOTTERY_ENDPOINTS.menu, {
    query: lotteryMenuQuerySchema,
    response: lotteryMenuSchema,
  }),
  state: route(LOTTERY_ENDPOINTS.state, {
    query: lotteryStateQuerySchema,
    response: lotteryStateSchema,
  }),
  results: route(LOTTERY_ENDPOINTS.results, {
    query: lotteryResultsQuerySchema,
    response: lotteryResultsSchema,
  }),
  bet: route(LOTTERY_ENDPOINTS.bet, {
    body: lotteryBetRequestSchema,
    response: lotteryBetResultSchema,
  }),
  myBets: route(LOTTERY_ENDPOINTS.myBets, {
    query: lotteryMyBetsQuerySchema,
    response: lotteryMyBetsSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;

// ---------------------------------------------------------------------------------------------
// Operator

export const lotteryAdminGameSchema = lotteryGameSchema.extend({
  betTypes: z.array(lotteryBetTypeSchema.omit({ odds: true })),
});
export const lotteryAdminGamesSchema = z.object({ games: z.array(lotteryAdminGameSchema) });
export const lotteryGameParamsSchema = z.object({ gameCode });
export const lotteryGameUpdateSchema = z
  .object({
    enabled: z.boolean().optional(),
    intervalSeconds: z.number().int().min(10).max(86_400).optional(),
    closeSeconds: z.number().int().min(0).max(3_600).optional(),
    resultsSource: lotteryResultsSourceSchema.optional(),
    drawTime: text(5).nullable().optional(),
    timeZone: text(60).optional(),
    /** ISO weekdays (1–7, each once) it draws on, or null for every day (a draw time needed). */
    drawWeekdays: z.array(z.number().int()).max(7).nullable().optional(),
    minStakeMinor: minor.optional(),
    maxStakeMinor: minor.optional(),
    maxPayoutPerNumberMinor: minor.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'nothing to change' });
export const lotteryBetTypeParamsSchema = z.object({ gameCode, betType: text(20) });
export const lotteryBetTypeUpdateSchema = z
  .object({
    rtpBps: z.number().int().min(5_000).max(10_000).optional(),
    enabled: z.boolean().optional(),
    /** VN/SEA: the odds table, E4 per tier (its return must stay within 50–100 %). */
    oddsTiersE4: z.array(z.number().int().min(1).max(1_000_000_000)).min(1).max(5).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'nothing to change' });

export const lotteryAdminDrawsQuerySchema = z.object({
  gameCode: gameCode.optional(),
  status: lotteryDrawStatusSchema.optional(),
  /** `some`: only draws with bets (the console's default view); `any`: every draw. */
  bets: z.enum(['any', 'some']).default('any'),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const lotteryAdminDrawSchema = lotteryDrawSchema.extend({
  slips: z.number().int(),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  /** The largest payout one selection of the draw could cost. */
  maxLiabilityMinor: z.number().int(),
  voidReason: serverText().nullable(),
});
export const lotteryAdminDrawsSchema = z.object({
  draws: z.array(lotteryAdminDrawSchema),
  total: z.number().int(),
});
export const lotteryDrawParamsSchema = z.object({ drawId: z.coerce.number().int().min(1) });
export const lotteryLiabilitySchema = z.object({
  drawId: z.number().int(),
  capMinor: z.number().int(),
  /** Selections by what they could cost, largest first (at most 50). */
  exposures: z.array(
    z.object({
      betType: serverText(),
      selection: serverText(),
      payoutMinor: z.number().int(),
    }),
  ),
});
export const lotteryVoidRequestSchema = z.object({ reason: text(200).min(3) });
export const lotteryVoidResultSchema = z.object({
  drawId: z.number().int(),
  refundedSlips: z.number().int(),
  refundedMinor: z.number().int(),
});

/** A result sheet as typed: each prize row's numbers as zero-padded digits. */
export const lotteryResultSheetSchema = z
  .array(z.object({ prize: text(4), values: z.array(text(6)).min(1).max(10) }))
  .min(1)
  .max(12);
export const lotteryEnterResultsSchema = z.object({ sheet: lotteryResultSheetSchema });
export const lotteryEnterResultsAnswerSchema = z.object({
  drawId: z.number().int(),
  /** pending: the first entry, waiting for another operator's; confirmed: agreed and settled. */
  status: z.enum(['pending', 'confirmed', 'discarded']),
});
export const lotteryOperatorRefSchema = z.object({
  staffId: z.number().int(),
  displayName: serverText().nullable(),
});
export const lotteryAwaitingResultsSchema = z.object({
  draws: z.array(
    lotteryDrawSchema.extend({
      slips: z.number().int(),
      /** The entry waiting for its second (who and when, never its numbers). */
      firstEntry: z
        .object({
          entryId: z.number().int(),
          enteredAtUtc: serverText(),
          /** Made by the operator asking: the check must be someone else's. */
          mine: z.boolean(),
        })
        .merge(lotteryOperatorRefSchema)
        .nullable(),
    }),
  ),
});
export const lotteryResultEntriesSchema = z.object({
  entries: z.array(
    z.object({
      entryId: z.number().int(),
      source: z.enum(['operator', 'feed']),
      staffId: z.number().int().nullable(),
      displayName: serverText().nullable(),
      status: z.enum(['pending', 'confirmed', 'rejected', 'discarded']),
      /** The prizes a rejected entry disagreed on (`G3-2`). */
      differs: z.array(serverText()),
      createdAtUtc: serverText(),
      /** Hidden while the entry waits for its second. */
      numbers: z.array(z.number().int()).nullable(),
    }),
  ),
});

// ---- closed days (docs/lottery.md "Closed days") ----------------------------------------------

/** A calendar date `YYYY-MM-DD` that exists (2027-02-30 does not). */
const calendarDay = text(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (day) => {
      // Runs after a failed pattern too: an unparsable string must answer false, not throw.
      const at = Date.parse(`${day}T00:00:00Z`);
      return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day;
    },
    { message: 'not a calendar date' },
  );
/**
 * How far ahead a day may be closed: a year and a day, so next year's Tết (always less than a
 * year after this one) can be entered once this one is over, and the scheduler's read of the
 * closed days stays bounded (at most this many rows per scope).
 */
export const LOTTERY_CLOSED_DAYS_AHEAD = 366;
/** Closed days listed per page: a season's days fit on one. */
export const LOTTERY_CLOSED_DAYS_PAGE = 50;

export const lotteryClosedDaySchema = z.object({
  closedDayId: z.number().int(),
  /** The local date, read in each game's own time zone. */
  day: serverText(),
  /** null: every game with a local draw time (VN/SEA); otherwise that game. */
  gameCode: serverText().nullable(),
  reason: serverText(),
  /** The operator who added it (null: seeded by the migration). */
  createdBy: z.number().int().nullable(),
  createdAtUtc: serverText(),
  /** Today or later (in the earliest of the games' zones). */
  upcoming: z.boolean(),
});
export const lotteryClosedDaysQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LOTTERY_CLOSED_DAYS_PAGE),
});
export const lotteryClosedDaysSchema = z.object({
  /** The earliest local today among the games' zones: days before it are past. */
  today: serverText(),
  /** Upcoming days soonest first, then past ones latest first. */
  closedDays: z.array(
    lotteryClosedDaySchema.merge(z.object({ createdByName: serverText().nullable() })),
  ),
  total: z.number().int(),
});
export const lotteryAddClosedDaySchema = z.object({
  day: calendarDay,
  /** Omitted or null: every game with a local draw time. */
  gameCode: gameCode.nullable().optional(),
  /** Also the reason of the draws it voids (as a void's). */
  reason: text(200).min(3),
});
export type LotteryAddClosedDay = z.input<typeof lotteryAddClosedDaySchema>;
const closedDayDrawSchema = z.object({
  drawId: z.number().int(),
  gameCode: serverText(),
  drawNo: serverText(),
});
export const lotteryAddClosedDayAnswerSchema = z.object({
  closedDay: lotteryClosedDaySchema,
  /** Draws open on that day, voided: every slip refunded once. */
  voidedDraws: z.number().int(),
  voided: z.array(
    closedDayDrawSchema.extend({
      refundedSlips: z.number().int(),
      refundedMinor: z.number().int(),
    }),
  ),
  /** Draws of that day drawn or settled already: left as they are. */
  leftAlone: z.array(closedDayDrawSchema.extend({ status: lotteryDrawStatusSchema })),
});
export const lotteryClosedDayParamsSchema = z.object({
  closedDayId: z.coerce.number().int().min(1),
});
export const lotteryRemoveClosedDayAnswerSchema = z.object({
  closedDay: lotteryClosedDaySchema,
  /** Draws of that day opened again (those whose betting can still open). */
  reopenedDraws: z.number().int(),
});

export const LOTTERY_ADMIN_ROUTES = {
  games: route(LOTTERY_ADMIN_ENDPOINTS.games, { response: lotteryAdminGamesSchema }),
  updateGame: route(LOTTERY_ADMIN_ENDPOINTS.updateGame, {
    params: lotteryGameParamsSchema,
    body: lotteryGameUpdateSchema,
    response: lotteryAdminGameSchema,
  }),
  updateBetType: route(LOTTERY_ADMIN_ENDPOINTS.updateBetType, {
    params: lotteryBetTypeParamsSchema,
    body: lotteryBetTypeUpdateSchema,
    response: lotteryAdminGameSchema,
  }),
  draws: route(LOTTERY_ADMIN_ENDPOINTS.draws, {
    query: lotteryAdminDrawsQuerySchema,
    response: lotteryAdminDrawsSchema,
  }),
  liability: route(LOTTERY_ADMIN_ENDPOINTS.liability, {
    params: lotteryDrawParamsSchema,
    response: lotteryLiabilitySchema,
  }),
  voidDraw: route(LOTTERY_ADMIN_ENDPOINTS.voidDraw, {
    params: lotteryDrawParamsSchema,
    body: lotteryVoidRequestSchema,
    response: lotteryVoidResultSchema,
  }),
  awaitingResults: route(LOTTERY_ADMIN_ENDPOINTS.awaitingResults, {
    response: lotteryAwaitingResultsSchema,
  }),
  resultEntries: route(LOTTERY_ADMIN_ENDPOINTS.resultEntries, {
    params: lotteryDrawParamsSchema,
    response: lotteryResultEntriesSchema,
  }),
  enterResults: route(LOTTERY_ADMIN_ENDPOINTS.enterResults, {
    params: lotteryDrawParamsSchema,
    body: lotteryEnterResultsSchema,
    response: lotteryEnterResultsAnswerSchema,
  }),
  discardResults: route(LOTTERY_ADMIN_ENDPOINTS.discardResults, {
    params: lotteryDrawParamsSchema,
    response: lotteryEnterResultsAnswerSchema,
  }),
  closedDays: route(LOTTERY_ADMIN_ENDPOINTS.closedDays, {
    query: lotteryClosedDaysQuerySchema,
    response: lotteryClosedDaysSchema,
  }),
  addClosedDay: route(LOTTERY_ADMIN_ENDPOINTS.addClosedDay, {
    body: lotteryAddClosedDaySchema,
    response: lotteryAddClosedDayAnswerSchema,
  }),
  removeClosedDay: route(LOTTERY_ADMIN_ENDPOINTS.removeClosedDay, {
    params: lotteryClosedDayParamsSchema,
    response: lotteryRemoveClosedDayAnswerSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;
