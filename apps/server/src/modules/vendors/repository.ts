import type { Db } from '../../db/connect';
import type { GameSessionsTable } from './tables';
import type { Insertable, Selectable } from 'kysely';

export type GameSession = Selectable<GameSessionsTable>;

/** The only code that reads and writes the vendor integration's tables. */
export function createVendorsRepository(db: Db) {
  return {
    /** Every API key still in force (a small table, read whole and kept in memory). */
    activeApiKeys() {
      return db
        .selectFrom('provider_api_keys')
        .select(['key_hash', 'merchant_code', 'vendor_code'])
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Every brand's vendor configuration (small, kept in memory). */
    integrations() {
      return db.selectFrom('vendor_integrations').selectAll().execute();
    },

    insertSession(row: Insertable<GameSessionsTable>) {
      return db.insertInto('game_sessions').values(row).returning('id').executeTakeFirstOrThrow();
    },

    findSession(tokenHash: string): Promise<GameSession | undefined> {
      return db
        .selectFrom('game_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * PUT /players/session: ends the live session and starts its successor, together; null when
     * the session had ended already (a concurrent refresh won).
     */
    refreshSession(oldId: number, next: Insertable<GameSessionsTable>, at: Date) {
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('game_sessions')
          .set({ ended_at: at })
          .where('id', '=', oldId)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        if (Number(ended.numUpdatedRows) !== 1) return null;
        return trx
          .insertInto('game_sessions')
          .values(next)
          .returning('id')
          .executeTakeFirstOrThrow();
      });
    },

    /** Ends a session if it is still live; true when this call ended it. */
    async endSession(id: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('game_sessions')
        .set({ ended_at: at })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type VendorsRepository = ReturnType<typeof createVendorsRepository>;
