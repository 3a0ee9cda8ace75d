import { z } from 'zod';
import type { Endpoint } from './endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { serverText, text } from './text';
import {
  TICKET_ADMIN_ENDPOINTS as A,
  TICKET_ENDPOINTS as E,
  TICKET_KINDS,
  TICKET_PRIZE_KINDS,
  TICKET_PRIZES_MAX,
  TICKET_WEIGHT_MAX,
} from './tickets-endpoints';

export * from './tickets-endpoints';

const route = <const P extends Endpoint, const S extends RouteSchemas>(endpoint: P, schemas: S) =>
  ({ ...endpoint, ...schemas }) as P & S;

/**
 * Reward tickets' requests and answers (docs/rewards.md "Tickets"). Amounts in minor units
 * (centavos; points in points); weights are integers, a prize's chance is weight / Σ weights.
 */
export const ticketKindSchema = z.enum(TICKET_KINDS);

export const ticketPrizeSchema = z
  .object({
    prizeKind: z.enum(TICKET_PRIZE_KINDS),
    amountMinor: z.number().int().min(0).max(100_000_000),
    /** Bonus prizes: the turnover multiple of the bonus (0 = none); 0 for the other kinds. */
    wageringMultiple: z.number().int().min(0).max(100),
    weight: z.number().int().min(1).max(TICKET_WEIGHT_MAX),
  })
  .strict();
export type TicketPrize = z.infer<typeof ticketPrizeSchema>;

export const rewardTicketSchema = z.object({
  id: z.number().int(),
  kind: ticketKindSchema,
  /** The promotion that gave it, in the member's language. */
  title: serverText(),
  createdAt: serverText(),
  expiresAt: serverText().nullable(),
  /** SHA-256 of the ticket's server seed, fixed when the ticket was issued (fairness.md §1). */
  serverSeedHash: serverText(),
});
export type RewardTicket = z.infer<typeof rewardTicketSchema>;

export const ticketListSchema = z.object({
  currency: serverText(),
  tickets: z.array(rewardTicketSchema),
  /** The brand's prize tables, as a draw reads them now (bonus prizes left out under br-regulated). */
  tables: z.array(z.object({ kind: ticketKindSchema, prizes: z.array(ticketPrizeSchema) })),
});
export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const drawTicketRequestSchema = z
  .object({ clientSeed: text(64).trim().min(1).optional() })
  .strict();

export const ticketDrawSchema = z.object({
  ticketId: z.number().int(),
  kind: ticketKindSchema,
  title: serverText(),
  currency: serverText(),
  /** The table the draw read, in order: the roll falls in prize `prizeIndex`'s weight range. */
  prizes: z.array(ticketPrizeSchema),
  prizeIndex: z.number().int(),
  prize: ticketPrizeSchema,
  serverSeedHash: serverText(),
  serverSeed: serverText(),
  clientSeed: serverText(),
  nonce: z.number().int(),
  roll: z.number().int(),
  totalWeight: z.number().int(),
  drawnAt: serverText(),
  /** The prize's ledger operation or bonus (null for nothing, or while it is being paid). */
  reference: serverText().nullable(),
});
export type TicketDrawResult = z.infer<typeof ticketDrawSchema>;
export const ticketDrawsSchema = z.object({ draws: z.array(ticketDrawSchema) });
export type TicketDraws = z.infer<typeof ticketDrawsSchema>;

export const TICKET_ROUTES = {
  list: route(E.list, { response: ticketListSchema }),
  draw: route(E.draw, {
    params: ticketIdParamsSchema,
    body: drawTicketRequestSchema,
    response: ticketDrawSchema,
  }),
  draws: route(E.draws, { response: ticketDrawsSchema }),
} as const satisfies Record<string, RouteDescriptor>;

/** The console's tables, per brand. */
export const adminTicketQuerySchema = z.object({ merchantCode: text(32).trim().min(1) });
export const adminTicketTableSchema = z.object({
  kind: ticketKindSchema,
  /** Days a ticket stays drawable after it is issued (null: no expiry). */
  validDays: z.number().int().nullable(),
  prizes: z.array(ticketPrizeSchema),
  updatedAt: serverText().nullable(),
});
export type AdminTicketTable = z.infer<typeof adminTicketTableSchema>;
export const adminTicketTablesSchema = z.object({
  merchantCodes: z.array(serverText()),
  tables: z.array(adminTicketTableSchema),
  /** Under br-regulated bonus prizes are refused (Lei 14.790 art. 29). */
  bonusForbidden: z.boolean(),
});
export type AdminTicketTables = z.infer<typeof adminTicketTablesSchema>;
export const ticketKindParamsSchema = z.object({ kind: ticketKindSchema });
export const saveTicketTableSchema = z
  .object({
    merchantCode: text(32).trim().min(1),
    validDays: z.number().int().min(1).max(366).nullable(),
    prizes: z.array(ticketPrizeSchema).min(1).max(TICKET_PRIZES_MAX),
  })
  .strict();
export type SaveTicketTable = z.infer<typeof saveTicketTableSchema>;
export const ticketReportSchema = z.object({
  currency: serverText(),
  rows: z.array(
    z.object({
      kind: ticketKindSchema,
      issued: z.number().int(),
      unused: z.number().int(),
      drawn: z.number().int(),
      /** Draws that gave nothing. */
      empty: z.number().int(),
      cashMinor: z.number().int(),
      bonusMinor: z.number().int(),
      pointsMinor: z.number().int(),
    }),
  ),
});
export type TicketReport = z.infer<typeof ticketReportSchema>;

export const TICKET_ADMIN_ROUTES = {
  tables: route(A.tables, { query: adminTicketQuerySchema, response: adminTicketTablesSchema }),
  saveTable: route(A.saveTable, {
    params: ticketKindParamsSchema,
    body: saveTicketTableSchema,
    response: adminTicketTableSchema,
  }),
  report: route(A.report, { query: adminTicketQuerySchema, response: ticketReportSchema }),
} as const satisfies Record<string, RouteDescriptor>;
