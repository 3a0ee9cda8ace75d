import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { TicketKind } from '../tables';
import type {
  RecordedPrize,
  RewardTicketDrawsTable,
  RewardTicketsTable,
  TicketPrizeKind,
} from './tables';

export type TicketRow = Selectable<RewardTicketsTable>;
export type DrawRow = Selectable<RewardTicketDrawsTable>;
type Titles = { titles: Record<string, string> };
export type NewTicket = Omit<RewardTicketsTable, 'id' | 'status' | 'created_at' | 'drawn_at'>;
export type NewDraw = Omit<RewardTicketDrawsTable, 'drawn_at' | 'wagering_multiple' | 'paid_at'> & {
  wagering_multiple: number;
};

/** The only code that reads or writes the ticket tables (migration 0031). */
export function createTicketsRepository(db: Db) {
  const titledDraws = () =>
    db
      .selectFrom('reward_ticket_draws as d')
      .innerJoin('reward_tickets as t', 't.id', 'd.ticket_id')
      .innerJoin('promotions as p', 'p.id', 't.promotion_id')
      .selectAll('d')
      .select(['p.titles', 't.currency', 't.promotion_id', 't.entry_id']);

  return {
    /** A brand's tables with their prizes in draw order. */
    async tables(merchantCode: string, kind?: TicketKind) {
      let tables = db
        .selectFrom('ticket_tables')
        .selectAll()
        .where('merchant_code', '=', merchantCode);
      let prizes = db
        .selectFrom('ticket_prizes')
        .selectAll()
        .where('merchant_code', '=', merchantCode);
      if (kind) {
        tables = tables.where('ticket_kind', '=', kind);
        prizes = prizes.where('ticket_kind', '=', kind);
      }
      const [tableRows, prizeRows] = await Promise.all([
        tables.execute(),
        prizes.orderBy('position').execute(),
      ]);
      return tableRows.map((table) => ({
        kind: table.ticket_kind,
        validDays: table.valid_days,
        updatedAt: table.updated_at,
        prizes: prizeRows
          .filter((p) => p.ticket_kind === table.ticket_kind)
          .map((p): RecordedPrize => ({
            prizeKind: p.prize_kind,
            amountMinor: p.amount_minor,
            wageringMultiple: p.wagering_multiple,
            weight: p.weight,
          })),
      }));
    },

    /** Replaces one table and its prizes in one transaction (a draw reads either the old or the new). */
    async saveTable(
      merchantCode: string,
      kind: TicketKind,
      validDays: number | null,
      prizes: RecordedPrize[],
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ticket_tables')
          .values({ merchant_code: merchantCode, ticket_kind: kind, valid_days: validDays })
          .onConflict((oc) =>
            oc
              .columns(['merchant_code', 'ticket_kind'])
              .doUpdateSet({ valid_days: validDays, updated_at: new Date() }),
          )
          .execute();
        await trx
          .deleteFrom('ticket_prizes')
          .where('merchant_code', '=', merchantCode)
          .where('ticket_kind', '=', kind)
          .execute();
        await trx
          .insertInto('ticket_prizes')
          .values(
            prizes.map((p, position) => ({
              merchant_code: merchantCode,
              ticket_kind: kind,
              position,
              prize_kind: p.prizeKind,
              amount_minor: p.amountMinor,
              wagering_multiple: p.wageringMultiple,
              weight: p.weight,
            })),
          )
          .execute();
      });
    },

    /** A promotion's titles by language (what the member's toast names the tickets after). */
    async promotionTitles(promotionId: number): Promise<Record<string, string>> {
      const row = await db
        .selectFrom('promotions')
        .select('titles')
        .where('id', '=', promotionId)
        .executeTakeFirst();
      return row?.titles ?? {};
    },

    /** Inserts a reward's tickets, or finds them: a second issue of one source inserts nothing. */
    async insertTickets(rows: NewTicket[]): Promise<number[]> {
      const first = rows[0]!;
      await db
        .insertInto('reward_tickets')
        .values(rows)
        .onConflict((oc) => oc.columns(['merchant_code', 'source_key', 'source_index']).doNothing())
        .execute();
      const found = await db
        .selectFrom('reward_tickets')
        .select('id')
        .where('merchant_code', '=', first.merchant_code)
        .where('source_key', '=', first.source_key)
        .orderBy('source_index')
        .execute();
      return found.map((r) => r.id);
    },

    async ticket(id: number): Promise<TicketRow | undefined> {
      return db.selectFrom('reward_tickets').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The member's tickets still to draw (not expired at `at`), oldest first, with the promotion's titles. */
    async unusedOf(memberId: number, at: Date): Promise<(TicketRow & Titles)[]> {
      return db
        .selectFrom('reward_tickets as t')
        .innerJoin('promotions as p', 'p.id', 't.promotion_id')
        .selectAll('t')
        .select('p.titles')
        .where('t.member_id', '=', memberId)
        .where('t.status', '=', 'unused')
        .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', at)]))
        .orderBy('t.created_at')
        .orderBy('t.id')
        .limit(200)
        .execute();
    },

    /**
     * Draws the ticket: `unused → drawn` by one conditional update (of two draws at once one
     * gets the row, the other nothing), and the draw recorded in the same transaction.
     * Undefined when the ticket was not the member's, not unused or expired at `at`.
     */
    async recordDraw(draw: NewDraw, at: Date): Promise<DrawRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('reward_tickets')
          .set({ status: 'drawn', drawn_at: at })
          .where('id', '=', draw.ticket_id)
          .where('member_id', '=', draw.member_id)
          .where('status', '=', 'unused')
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return undefined;
        return trx
          .insertInto('reward_ticket_draws')
          .values({
            ...draw,
            prizes: JSON.stringify(draw.prizes) as never,
            drawn_at: at,
            // Nothing to pay: the draw is complete as it is recorded.
            paid_at: draw.prize_kind === 'nothing' ? at : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    async setPaid(ticketId: number, reference: string) {
      await db
        .updateTable('reward_ticket_draws')
        .set({ reference, paid_at: new Date() })
        .where('ticket_id', '=', ticketId)
        .where('paid_at', 'is', null)
        .execute();
    },

    /** The member's draws, newest first, with the promotion's titles. */
    async drawsOf(memberId: number, limit: number): Promise<TitledDraw[]> {
      return titledDraws()
        .where('d.member_id', '=', memberId)
        .orderBy('d.drawn_at', 'desc')
        .orderBy('d.ticket_id', 'desc')
        .limit(limit)
        .execute();
    },

    async drawOf(ticketId: number): Promise<TitledDraw | undefined> {
      return titledDraws().where('d.ticket_id', '=', ticketId).executeTakeFirst();
    },

    /** Draws whose prize is still to be paid (an instance stopped between the draw and the payment). */
    async owed(limit: number): Promise<(DrawRow & TicketSource)[]> {
      return db
        .selectFrom('reward_ticket_draws as d')
        .innerJoin('reward_tickets as t', 't.id', 'd.ticket_id')
        .selectAll('d')
        .select(['t.currency', 't.promotion_id', 't.entry_id'])
        .where('d.paid_at', 'is', null)
        .where('d.prize_kind', '<>', 'nothing')
        .orderBy('d.drawn_at')
        .limit(limit)
        .execute();
    },

    /** Per kind: tickets issued, unused, drawn, empty draws, and what the draws paid by prize kind. */
    async report(merchantCode: string) {
      const [tickets, draws] = await Promise.all([
        db
          .selectFrom('reward_tickets')
          .select([
            'ticket_kind',
            sql<number>`count(*)::int`.as('issued'),
            sql<number>`(count(*) FILTER (WHERE status = 'unused'))::int`.as('unused'),
          ])
          .where('merchant_code', '=', merchantCode)
          .groupBy('ticket_kind')
          .execute(),
        db
          .selectFrom('reward_ticket_draws')
          .select([
            'ticket_kind',
            'prize_kind',
            sql<number>`count(*)::int`.as('count'),
            sql<number>`coalesce(sum(amount_minor), 0)::bigint`.as('amount'),
          ])
          .where('merchant_code', '=', merchantCode)
          .groupBy(['ticket_kind', 'prize_kind'])
          .execute(),
      ]);
      return { tickets, draws } as {
        tickets: { ticket_kind: TicketKind; issued: number; unused: number }[];
        draws: {
          ticket_kind: TicketKind;
          prize_kind: TicketPrizeKind;
          count: number;
          amount: number;
        }[];
      };
    },
  };
}

/** What a prize's payment needs of its ticket: the promotion and entry that gave it. */
type TicketSource = { currency: string; promotion_id: number; entry_id: number };
export type TitledDraw = DrawRow & Titles & TicketSource;

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
