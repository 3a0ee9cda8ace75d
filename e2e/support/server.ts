import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { connectDatabase, type Db } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { seedBrand } from '../../apps/server/test/seeds';

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

export type RunningPlatform = { baseUrl: string; port: number; db: Db; close: () => Promise<void> };

/**
 * The whole platform as `npm start` runs it (API + built web app, one port), on a fresh
 * in-memory database with the demo brand, plus brands that exist only for the journeys: one in
 * maintenance (maint.localhost), one that blocks loopback visitors (blocked.localhost) and one
 * that verifies logins from new IPs (verify.localhost, merchant VERIFY).
 * Chromium resolves every *.localhost name to the loopback address, so no DNS is involved.
 */
export async function startPlatform(): Promise<RunningPlatform> {
  const db = await connectDatabase({ kind: 'memory' });
  await migrate(db);
  await seedDemo(db);
  await seedBrand(db, {
    merchantCode: 'MAINT',
    name: 'Banca Manutenção',
    domains: ['maint.localhost'],
    change: (s) => {
      s.maintenance = { enabled: true, note: null, bypassCidrs: [] };
    },
  });
  await seedBrand(db, {
    merchantCode: 'BLOCK',
    name: 'Banca Região',
    domains: ['blocked.localhost'],
    change: (s) => {
      s.region.denyCidrs = ['127.0.0.0/8', '::1/128'];
    },
  });
  await seedBrand(db, {
    merchantCode: 'VERIFY',
    name: 'Banca Verifica',
    domains: ['verify.localhost'],
    change: (s) => {
      s.whitelabel = s.whitelabel.map((node) =>
        node.modId === 'LOGIN_IP_VERIFICATION' ? { ...node, enabled: true } : node,
      );
    },
  });
  const app = await buildApp({ db, logLevel: 'silent', webDistDir: WEB_DIST });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    baseUrl: `http://localhost:${address.port}`,
    port: address.port,
    db,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}
