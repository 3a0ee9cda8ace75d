import type { Db } from '../../db/connect';
import type { Brand } from '../system';
import { dayInZone, startOfDayUtc } from '../wallet';
import type { ReportsRepository } from './reports-repository';

/**
 * How long after a round's settlement time the rollup waits before counting its window: the
 * ledger stamps `settled_at` inside the transaction that commits the round, which commits
 * within milliseconds (seconds under load); 30 s keeps a round from committing into a window
 * already rolled up, at the cost of team figures 30-90 s behind real time.
 */
export const ROLLUP_LAG_MS = 30_000;
/**
 * Most brand days one run rolls up (a brand whose rollup never ran, or instances down for
 * long); the next run continues from the cursor.
 */
export const MAX_ROLLUP_DAYS_PER_RUN = 31;

const MS_PER_DAY = 86_400_000;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + MS_PER_DAY).toISOString().slice(0, 10);

/**
 * Adds each brand's rounds settled since its cursor (up to `now - ROLLUP_LAG_MS`) to its tree
 * members' days, cutting windows at the brand's midnights; the cursor moves in the same
 * transaction, so a window counts once whoever runs it and however often.
 */
export function createRollup(deps: {
  db: Db;
  reports: ReportsRepository;
  brandByCode: (merchantCode: string) => Promise<Brand | null>;
}) {
  const { db, reports, brandByCode } = deps;

  async function rollUpBrand(merchantCode: string, now: Date): Promise<void> {
    const brand = await brandByCode(merchantCode);
    if (!brand) return;
    const end = new Date(now.getTime() - ROLLUP_LAG_MS);
    const start = await reports.firstJoinedAt(merchantCode);
    await db.transaction().execute(async (trx) => {
      let from = await reports.lockCursor(trx, merchantCode, start);
      for (let days = 0; from < end && days < MAX_ROLLUP_DAYS_PER_RUN; days += 1) {
        const day = dayInZone(from, brand.timeZone);
        const dayEnd = startOfDayUtc(nextDay(day), brand.timeZone);
        const to = dayEnd < end ? dayEnd : end;
        await reports.rollUpBets(trx, { merchantCode, fromUtc: from, toUtc: to }, day);
        from = to;
      }
      await reports.moveCursor(trx, merchantCode, from);
    });
  }

  return {
    async rollUp(now: Date): Promise<void> {
      for (const merchantCode of await reports.brandsWithTrees())
        await rollUpBrand(merchantCode, now);
    },
  };
}
