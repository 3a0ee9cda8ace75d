import type { JobRunner } from '../../../lib/jobs';
import type { RealtimeService } from '../../realtime';
import type { SystemService } from '../../system';
import './errors';
import { createTicketsRepository } from './repository';
import type { Db } from '../../../db/connect';
import { createTicketsService, type PrizeIssuers, type TicketsService } from './service';

export { ticketAdminRoutes, ticketRoutes } from './routes';
export type { TicketsService } from './service';

/**
 * The reward tickets part of the rewards module (docs/rewards.md "Tickets"): its service,
 * whose `issuer` is the promotions' `ticket` issuer and whose prizes are paid by the other
 * issuers (cash, points, bonus).
 */
export function createTicketsPart(deps: {
  db: Db;
  system: SystemService;
  prizes: PrizeIssuers;
  /** A ticket's arrival is pushed to its member (TICKET over /ws). */
  realtime: RealtimeService;
}): TicketsService {
  return createTicketsService({
    repo: createTicketsRepository(deps.db),
    system: deps.system,
    prizes: deps.prizes,
    realtime: deps.realtime,
  });
}

/** Prizes an instance drew but did not pay (it stopped in between): paid by their idempotent issuers. */
export function ticketJobs(runner: JobRunner, tickets: () => TicketsService): void {
  runner.define({
    name: 'rewards.ticket-prizes',
    every: 'minute',
    run: async () => {
      await tickets().payOwed();
    },
  });
}
