import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { hashPassword } from '../modules/auth/passwords';

/**
 * The demo operator of the console (/admin), for development only: an owner with every role
 * and an authenticator already enrolled with a published secret, so a person can add it to an
 * authenticator app (README) and tests can compute its codes (`totpCodeAt`). Seeded only into
 * a database without operators; a real deployment starts with SEED_DEMO=false and creates its
 * first owner itself.
 */
export const DEMO_OPERATOR = {
  username: 'owner',
  password: 'banca-console-2026',
  displayName: 'Dona da Banca',
  roles: ['owner', 'finance', 'support', 'content', 'risk'],
  /** Base32 TOTP secret (SHA-1, 6 digits, 30 s): published, so never a production secret. */
  totpSecret: 'KBANCADEMOOWNERTOTPKEY234567ABCD',
} as const;

/** Adds the demo operator when no operator exists yet (also to databases seeded before the console). */
export async function seedDemoOperator(db: Db): Promise<'seeded' | 'operators-exist'> {
  return db.transaction().execute(async (trx) => {
    // Two instances starting together must not both seed.
    await sql`LOCK TABLE staff_accounts IN EXCLUSIVE MODE`.execute(trx);
    const any = await trx.selectFrom('staff_accounts').select('id').limit(1).executeTakeFirst();
    if (any) return 'operators-exist' as const;
    await trx
      .insertInto('staff_accounts')
      .values({
        username: DEMO_OPERATOR.username,
        display_name: DEMO_OPERATOR.displayName,
        password_hash: await hashPassword(DEMO_OPERATOR.password),
        roles: [...DEMO_OPERATOR.roles],
        totp_secret: DEMO_OPERATOR.totpSecret,
        totp_enabled_at: new Date(),
        created_by: null,
        last_login_at: null,
      })
      .execute();
    return 'seeded' as const;
  });
}
