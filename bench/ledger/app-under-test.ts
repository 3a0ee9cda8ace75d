import { connectDatabase } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { checkInvariants } from '../../apps/server/src/modules/wallet/ledger';
import { assembleServices, MODULES } from '../../apps/server/src/modules';
import type { MemberRef } from '../../apps/server/src/modules/wallet';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { seedMember } from '../../apps/server/test/seeds';

/** The wallet service on its own connection pool, with funded members, for the ledger benchmark. */
export async function createApp(databaseUrl: string, poolSize: number) {
  const db = await connectDatabase({ kind: 'postgres', url: databaseUrl, poolSize });
  await migrate(db);
  await seedDemo(db);
  const { wallet } = assembleServices(MODULES, { db, adapters: {} });
  return {
    wallet,
    async members(count: number, fundMinor: number): Promise<MemberRef[]> {
      const refs: MemberRef[] = [];
      for (let i = 0; i < count; i++) {
        const member = { memberId: await seedMember(db), merchantCode: 'BANCA', currency: 'BRL' };
        await wallet.adjust({
          member,
          amountMinor: fundMinor,
          reason: 'bench funding',
          operatorId: 'bench',
          idempotencyKey: `bench-fund-${member.memberId}`,
        });
        refs.push(member);
      }
      return refs;
    },
    invariants: () => checkInvariants(db),
    close: () => db.destroy(),
  };
}
