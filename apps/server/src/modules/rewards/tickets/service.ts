import {
  prizeKindsOf,
  TICKET_KINDS,
  TICKETS_PER_GRANT_MAX,
  type AdminTicketTable,
  type AdminTicketTables,
  type RewardTicket,
  type SaveTicketTable,
  type TicketDrawResult,
  type TicketKind,
  type TicketList,
  type TicketReport,
} from '@banca/contracts';
import { ticketDraw } from '@banca/contracts/fairness';
import { AppError } from '../../../http/errors';
import { newClientSeed, newServerSeed, nodeHmac } from '../../house';
import type { RealtimeService } from '../../realtime';
import { complianceProfileOf, type SystemService } from '../../system';
import type { MemberRef } from '../../wallet';
import type { RewardGrant, RewardIssuer } from '../seam';
import type { DrawRow, TicketRow, TicketsRepository, TitledDraw } from './repository';
import type { RecordedPrize } from './tables';

/** Each ticket has a seed of its own (migration 0031), so its one draw is nonce 0. */
export const TICKET_NONCE = 0;
/** Draws the member's history lists. */
export const DRAWS_LISTED = 50;
/** Owed prizes one run of the job pays. */
const OWED_BATCH = 100;
const DAY_MS = 86_400_000;

/** Who pays each prize kind: the promotions' issuers (seam.ts), keyed by the ticket. */
export type PrizeIssuers = { cash: RewardIssuer; points: RewardIssuer; bonus: RewardIssuer };

function titleOf(titles: Record<string, string>, language: string): string {
  return titles[language] ?? titles['pt-BR'] ?? Object.values(titles)[0] ?? '';
}

/**
 * Reward tickets (docs/rewards.md "Tickets"): the `ticket` issuer of the promotions' seam
 * gives a member tickets (one row each, its own committed server seed); a draw picks a prize
 * from the brand's table with the house fairness engine (fairness.md §4 "Tickets") and pays it
 * through the promotions' issuers under the key `ticket-prize:<ticket>`.
 */
export function createTicketsService(deps: {
  repo: TicketsRepository;
  system: Pick<SystemService, 'brandByCode' | 'allBrands'>;
  prizes: PrizeIssuers;
  /** Tells the member of tickets that arrived (TICKET over /ws); none in tests that build it bare. */
  realtime?: Pick<RealtimeService, 'pushMany'>;
  now?: () => Date;
}) {
  const { repo, system } = deps;
  const now = deps.now ?? (() => new Date());

  /** Under br-regulated bonus tickets and bonus prizes are off (Lei 14.790 art. 29). */
  async function bonusForbidden(merchantCode: string): Promise<boolean> {
    const brand = await system.brandByCode(merchantCode);
    return !brand || complianceProfileOf(brand.settings) === 'br-regulated';
  }

  /** The prizes a draw may give: the table without its bonus prizes where bonuses are off. */
  function drawable(prizes: RecordedPrize[], forbidBonus: boolean): RecordedPrize[] {
    return forbidBonus ? prizes.filter((p) => p.prizeKind !== 'bonus') : prizes;
  }

  async function tableOf(merchantCode: string, kind: TicketKind) {
    return (await repo.tables(merchantCode, kind))[0];
  }

  /**
   * The seam's `ticket` issuer: `amountMinor` tickets of the grant's kind, rows 0…n−1 of the
   * grant's key (a repeat finds them), each with a fresh server seed whose hash the member sees
   * before drawing, expiring after the table's `valid_days`.
   */
  const issuer: RewardIssuer = {
    async issue(grant: RewardGrant) {
      const kind = grant.ticketKind;
      const count = grant.amountMinor;
      const invalid = (detail: string) => new AppError('ticket_invalid', { params: { detail } });
      if (!kind) throw invalid('ticket kind');
      if (!Number.isInteger(count) || count < 1 || count > TICKETS_PER_GRANT_MAX)
        throw invalid('count');
      const forbidBonus = await bonusForbidden(grant.merchantCode);
      if (forbidBonus && kind === 'bonus') throw new AppError('ticket_bonus_forbidden');
      const table = await tableOf(grant.merchantCode, kind);
      if (!table || drawable(table.prizes, forbidBonus).length === 0)
        throw new AppError('ticket_no_prizes');
      const expiresAt =
        table.validDays === null ? null : new Date(now().getTime() + table.validDays * DAY_MS);
      const ids = await repo.insertTickets(
        Array.from({ length: count }, (_, index) => {
          const { serverSeed, serverSeedHash } = newServerSeed();
          return {
            merchant_code: grant.merchantCode,
            member_id: grant.memberId,
            currency: grant.currency,
            ticket_kind: kind,
            source_key: grant.idempotencyKey,
            source_index: index,
            promotion_id: grant.promotionId,
            entry_id: grant.entryId,
            server_seed: serverSeed,
            server_seed_hash: serverSeedHash,
            expires_at: expiresAt,
          };
        }),
      );
      await tellArrived(grant, kind, ids);
      return { reference: `tickets:${ids.join(',')}` };
    },
  };

  /**
   * The member hears of tickets at once: a TICKET push (the reward centre's list reads again,
   * with a toast), once per grant (`tickets.issued:<grant key>`: the recovery job's repeat of an
   * issue sends nothing new). Before the issue answers, so an issue whose push failed is retried
   * by the promotions' recovery job like any unfinished issue; the list's slow poll is the fallback.
   */
  async function tellArrived(grant: RewardGrant, kind: TicketKind, ids: number[]): Promise<void> {
    if (!deps.realtime) return;
    await deps.realtime.pushMany([
      {
        owner: { memberId: grant.memberId, merchantCode: grant.merchantCode },
        type: 'TICKET',
        data: {
          kind,
          count: ids.length,
          ticketIds: ids,
          titles: await repo.promotionTitles(grant.promotionId),
          time: now().toISOString(),
        },
        sourceKey: `tickets.issued:${grant.idempotencyKey}`,
      },
    ]);
  }

  function view(row: TitledDraw, language: string): TicketDrawResult {
    return {
      ticketId: row.ticket_id,
      kind: row.ticket_kind,
      title: titleOf(row.titles, language),
      currency: row.currency,
      prizes: row.prizes,
      prizeIndex: row.prize_index,
      prize: row.prizes[row.prize_index]!,
      serverSeedHash: row.server_seed_hash,
      serverSeed: row.server_seed,
      clientSeed: row.client_seed,
      nonce: row.nonce,
      roll: row.roll,
      totalWeight: row.total_weight,
      drawnAt: row.drawn_at.toISOString(),
      reference: row.reference,
    };
  }

  /** The draw's prize through its issuer, once (the key names the ticket), then marked paid. */
  async function pay(
    draw: DrawRow,
    ticket: {
      member_id: number;
      merchant_code: string;
      currency: string;
      promotion_id: number;
      entry_id: number;
    },
  ): Promise<string | null> {
    if (draw.prize_kind === 'nothing') return null;
    const grant: RewardGrant = {
      merchantCode: ticket.merchant_code,
      memberId: ticket.member_id,
      currency: ticket.currency,
      promotionId: ticket.promotion_id,
      entryId: ticket.entry_id,
      kind: draw.prize_kind,
      amountMinor: draw.amount_minor,
      ticketKind: null,
      wagering:
        draw.prize_kind === 'bonus'
          ? { multiple: draw.wagering_multiple, base: 'bonus', depositMinor: 0 }
          : null,
      idempotencyKey: `ticket-prize:${draw.ticket_id}`,
    };
    const { reference } = await deps.prizes[draw.prize_kind].issue(grant);
    await repo.setPaid(draw.ticket_id, reference);
    return reference;
  }

  /** Why a ticket cannot be drawn now, as the member's code. */
  function refusal(ticket: TicketRow | undefined, member: MemberRef, at: Date): AppError {
    if (
      !ticket ||
      ticket.member_id !== member.memberId ||
      ticket.merchant_code !== member.merchantCode
    )
      return new AppError('ticket_not_found');
    if (ticket.status === 'drawn') return new AppError('ticket_already_drawn');
    if (ticket.expires_at && ticket.expires_at <= at) return new AppError('ticket_expired');
    return new AppError('ticket_already_drawn');
  }

  /**
   * Opens, cracks or spins one ticket: the brand's table as it is now (bonus prizes left out
   * under br-regulated), the roll from the ticket's seed and the member's client seed (or a
   * random one), recorded with the ticket's `unused → drawn` in one transaction — of two draws
   * at once one records, the other answers `ticket_already_drawn` — then the prize paid.
   */
  async function draw(
    member: MemberRef,
    ticketId: number,
    clientSeed: string | undefined,
    language: string,
  ): Promise<TicketDrawResult> {
    const at = now();
    const ticket = await repo.ticket(ticketId);
    if (
      !ticket ||
      ticket.member_id !== member.memberId ||
      ticket.merchant_code !== member.merchantCode ||
      ticket.status !== 'unused' ||
      (ticket.expires_at && ticket.expires_at <= at)
    )
      throw refusal(ticket, member, at);
    const forbidBonus = await bonusForbidden(member.merchantCode);
    if (forbidBonus && ticket.ticket_kind === 'bonus') throw new AppError('ticket_bonus_forbidden');
    const table = await tableOf(member.merchantCode, ticket.ticket_kind);
    const prizes = drawable(table?.prizes ?? [], forbidBonus);
    if (prizes.length === 0) throw new AppError('ticket_no_prizes');
    const seed = clientSeed ?? newClientSeed();
    const outcome = ticketDraw(
      { serverSeed: ticket.server_seed, clientSeed: seed, nonce: TICKET_NONCE },
      prizes.map((p) => p.weight),
      nodeHmac,
    );
    const prize = prizes[outcome.prizeIndex]!;
    const recorded = await repo.recordDraw(
      {
        ticket_id: ticket.id,
        merchant_code: ticket.merchant_code,
        member_id: ticket.member_id,
        ticket_kind: ticket.ticket_kind,
        server_seed: ticket.server_seed,
        server_seed_hash: ticket.server_seed_hash,
        client_seed: seed,
        nonce: TICKET_NONCE,
        prizes,
        total_weight: outcome.totalWeight,
        roll: outcome.roll,
        prize_index: outcome.prizeIndex,
        prize_kind: prize.prizeKind,
        amount_minor: prize.amountMinor,
        wagering_multiple: prize.wageringMultiple,
        reference: null,
      },
      at,
    );
    if (!recorded) throw refusal(await repo.ticket(ticketId), member, at);
    const reference = await pay(recorded, ticket);
    return view({ ...(await repo.drawOf(ticket.id))!, reference }, language);
  }

  /** The member's unused tickets and the brand's tables as a draw would read them now. */
  async function list(member: MemberRef, language: string): Promise<TicketList> {
    const [rows, tables, forbidBonus] = await Promise.all([
      repo.unusedOf(member.memberId, now()),
      repo.tables(member.merchantCode),
      bonusForbidden(member.merchantCode),
    ]);
    const tickets: RewardTicket[] = rows
      .filter((row) => row.merchant_code === member.merchantCode)
      .filter((row) => !(forbidBonus && row.ticket_kind === 'bonus'))
      .map((row) => ({
        id: row.id,
        kind: row.ticket_kind,
        title: titleOf(row.titles, language),
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at?.toISOString() ?? null,
        serverSeedHash: row.server_seed_hash,
      }));
    return {
      currency: member.currency,
      tickets,
      tables: tables
        .map((table) => ({ kind: table.kind, prizes: drawable(table.prizes, forbidBonus) }))
        .filter((table) => table.prizes.length > 0),
    };
  }

  async function draws(member: MemberRef, language: string) {
    const rows = await repo.drawsOf(member.memberId, DRAWS_LISTED);
    return {
      draws: rows
        .filter((row) => row.merchant_code === member.merchantCode)
        .map((row) => view(row, language)),
    };
  }

  /** The job: prizes of draws an instance left unpaid, each through its idempotent issuer. */
  async function payOwed(): Promise<number> {
    const owed = await repo.owed(OWED_BATCH);
    for (const row of owed) await pay(row, row);
    return owed.length;
  }

  function adminTable(
    kind: TicketKind,
    table: Awaited<ReturnType<typeof tableOf>>,
  ): AdminTicketTable {
    return {
      kind,
      validDays: table?.validDays ?? null,
      prizes: table?.prizes ?? [],
      updatedAt: table?.updatedAt.toISOString() ?? null,
    };
  }

  const admin = {
    /** A brand's table of every kind (an empty one for a kind not configured yet). */
    async tables(merchantCode: string): Promise<AdminTicketTables> {
      const [brands, tables, forbidBonus] = await Promise.all([
        system.allBrands(),
        repo.tables(merchantCode),
        bonusForbidden(merchantCode),
      ]);
      return {
        merchantCodes: brands.map((b) => b.merchantCode),
        tables: TICKET_KINDS.map((kind) =>
          adminTable(
            kind,
            tables.find((t) => t.kind === kind),
          ),
        ),
        bonusForbidden: forbidBonus,
      };
    },

    /**
     * Replaces a table after checking it against its kind (which prize kinds it may hold, a
     * "nothing" prize only in eggs and wheels, wagering only on bonus prizes; no bonus prize
     * under br-regulated). Answers the table before and after, for the audit log.
     */
    async saveTable(kind: TicketKind, input: SaveTicketTable) {
      const invalid = (detail: string) => new AppError('ticket_invalid', { params: { detail } });
      if (!(await system.brandByCode(input.merchantCode))) throw invalid('merchantCode');
      const allowed = prizeKindsOf(kind);
      for (const prize of input.prizes) {
        if (!allowed.includes(prize.prizeKind)) throw invalid(`prize ${prize.prizeKind}`);
        if ((prize.prizeKind === 'nothing') !== (prize.amountMinor === 0)) throw invalid('amount');
        if (prize.prizeKind !== 'bonus' && prize.wageringMultiple !== 0)
          throw invalid('wageringMultiple');
      }
      if (
        input.prizes.some((p) => p.prizeKind === 'bonus') &&
        (await bonusForbidden(input.merchantCode))
      )
        throw new AppError('ticket_bonus_forbidden');
      const before = adminTable(kind, await tableOf(input.merchantCode, kind));
      await repo.saveTable(input.merchantCode, kind, input.validDays, input.prizes);
      const after = adminTable(kind, await tableOf(input.merchantCode, kind));
      return { before, after };
    },

    async report(merchantCode: string): Promise<TicketReport> {
      const [brand, { tickets, draws }] = await Promise.all([
        system.brandByCode(merchantCode),
        repo.report(merchantCode),
      ]);
      return {
        currency: brand?.currency ?? '',
        rows: TICKET_KINDS.map((kind) => {
          const issued = tickets.find((t) => t.ticket_kind === kind);
          const of = draws.filter((d) => d.ticket_kind === kind);
          const sum = (prizeKind: string) =>
            of.filter((d) => d.prize_kind === prizeKind).reduce((s, d) => s + Number(d.amount), 0);
          return {
            kind,
            issued: issued?.issued ?? 0,
            unused: issued?.unused ?? 0,
            drawn: of.reduce((s, d) => s + d.count, 0),
            empty: of.filter((d) => d.prize_kind === 'nothing').reduce((s, d) => s + d.count, 0),
            cashMinor: sum('cash'),
            bonusMinor: sum('bonus'),
            pointsMinor: sum('points'),
          };
        }),
      };
    },
  };

  return { issuer, list, draw, draws, payOwed, admin };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
