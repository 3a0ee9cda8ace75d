import { createServer } from 'node:net';
import path from 'node:path';
import { buildProviderCatalogue } from '../../apps/demo-provider/src/catalogue';
import { createDemoProvider } from '../../apps/demo-provider/src/server';
import { createPixSandbox } from '../../apps/pix-sandbox/src/server';
import { DEV_PIX_SANDBOX_TOKEN, DEV_PIX_SANDBOX_WEBHOOK_SECRET } from '../../packages/pix/src';
import { buildApp, type App } from '../../apps/server/src/app';
import {
  DEV_PAM_API_KEY,
  DEV_VENDOR_TRANSFER_API_KEY,
  localOrigins,
} from '../../apps/server/src/config';
import { connectDatabase, type Db } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { seedDemoAgentTeam } from '../../apps/server/src/demo/agents';
import { seedDemoMissions } from '../../apps/server/src/demo/missions';
import { seedDemoPromotions } from '../../apps/server/src/demo/promotions';
import {
  demoProviderLaunchTemplate,
  demoProviderTransferUrl,
  seedDemoVendorIntegrations,
} from '../../apps/server/src/demo/vendor-integrations';
import { createMemoryFileStorage } from '../../apps/server/src/lib/file-storage';
import { createPixSandboxProvider } from '../../apps/server/src/modules/payments';
import { seedBrand } from '../../apps/server/test/seeds';

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

export type RunningPlatform = {
  baseUrl: string;
  port: number;
  /** The demo game provider's address (http://localhost:<port>), where launches point. */
  providerUrl: string;
  db: Db;
  /** The sandbox PIX PSP's address (its pay page at /pay), as `npm start` runs it beside the platform. */
  pixSandboxUrl: string;
  /** The server itself, for journeys that act as another module would (publish and deliver an event). */
  app: App;
  close: () => Promise<void>;
};

/** A port nobody listens on now (the provider's, needed before the platform's policy is built). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The whole platform as `npm start` runs it (API + built web app, one port), on a fresh
 * in-memory database with the demo brand, plus brands that exist only for the journeys: one in
 * maintenance (maint.localhost), one that blocks loopback visitors (blocked.localhost) and one
 * that verifies logins from new IPs (verify.localhost, merchant VERIFY). Beside it, the demo game
 * provider on a port of its own, as `npm start` runs it: the demo vendors launch there (the
 * template at its port), /seamless may frame it, and it settles through the platform's /pam.
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
  const providerPort = await freePort();
  const providerUrl = `http://localhost:${providerPort}`;
  await seedDemoVendorIntegrations(db, {
    pamApiKey: DEV_PAM_API_KEY,
    launchTemplate: demoProviderLaunchTemplate(providerUrl),
    // The transfer-wallet vendors (AUL, ARS) hold their players' balances at the provider.
    transferApiUrl: demoProviderTransferUrl(providerUrl),
  });
  // The sandbox PIX PSP on its own port, with the development secrets both sides default to;
  // its webhooks go to the platform's /hooks/pix-sandbox once the platform listens.
  const pixSandboxPort = await freePort();
  const pixSandboxUrl = `http://localhost:${pixSandboxPort}`;
  const pixSandbox = createPixSandbox({
    apiToken: DEV_PIX_SANDBOX_TOKEN,
    webhookSecret: DEV_PIX_SANDBOX_WEBHOOK_SECRET,
    publicUrl: pixSandboxUrl,
  });
  await pixSandbox.listen(pixSandboxPort, '127.0.0.1');
  const pixProvider = createPixSandboxProvider({
    apiUrl: `http://127.0.0.1:${pixSandboxPort}`,
    publicUrl: pixSandboxUrl,
  });
  const app = await buildApp({
    db,
    logLevel: 'silent',
    webDistDir: WEB_DIST,
    gameFrameOrigins: localOrigins(providerPort),
    adapters: {
      paymentProviders: new Map([[pixProvider.code, pixProvider]]),
      fileStorage: createMemoryFileStorage(),
      showPayPage: true,
    },
  });
  // The demo agent's team and its play, as npm start seeds it (demo/agents.ts).
  await seedDemoAgentTeam(app.services);
  // The demo brand's promotions, as npm start seeds them (demo/promotions.ts).
  await seedDemoPromotions(app.services);
  // The demo brand's missions and referral rules, as npm start seeds them (demo/missions.ts).
  await seedDemoMissions(app.services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  await fetch(`http://127.0.0.1:${pixSandboxPort}/sandbox/webhook`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${DEV_PIX_SANDBOX_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ webhookUrl: `http://127.0.0.1:${address.port}/hooks/pix-sandbox` }),
  });
  const provider = createDemoProvider({
    pamUrl: `http://127.0.0.1:${address.port}/pam`,
    apiKey: DEV_PAM_API_KEY,
    transferApiKey: DEV_VENDOR_TRANSFER_API_KEY,
    catalogue: providerCatalogue(),
  });
  await provider.listen(providerPort, '127.0.0.1');
  return {
    baseUrl: `http://localhost:${address.port}`,
    port: address.port,
    providerUrl,
    pixSandboxUrl,
    db,
    app,
    close: async () => {
      await provider.app.close();
      await pixSandbox.app.close();
      await app.close();
      await db.destroy();
    },
  };
}

/** The provider's catalogue (its games tuned to their RTP) is built once per test process. */
let catalogue: ReturnType<typeof buildProviderCatalogue> | null = null;
function providerCatalogue() {
  catalogue ??= buildProviderCatalogue();
  return catalogue;
}
