import { buildApp } from './app';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { seedDemoAgentTeam } from './demo/agents';
import { seedDemoPromotions } from './demo/promotions';
import { seedDemoTickets } from './demo/tickets';
import { seedDemoLoyalty } from './demo/loyalty';
import { seedDemoMissions } from './demo/missions';
import { seedDemo } from './demo/seed';
import { createRedisTransport } from './modules/realtime';
import { createLocalFileStorage, createS3FileStorage } from './lib/file-storage';
import { createPixSandboxProvider, type PaymentProvider } from './modules/payments';
import {
  demoProviderLaunchTemplate,
  demoProviderTransferUrl,
  seedDemoVendorIntegrations,
} from './demo/vendor-integrations';
import { httpTransferWalletClients } from './modules/vendors';

/** Reads config, opens the database, migrates, seeds the demo brand when empty, listens, starts events and jobs. */
async function main(): Promise<void> {
  const startedAtMs = Date.now();
  const config = loadConfig();
  const db = await connectDatabase(config.database);
  const migrations = await migrate(db);
  const seeded = config.seedDemo ? await seedDemo(db) : null;
  // The demo vendors' /pam configuration and development key (PAM_API_KEY, docs/pam.md).
  if (config.seedDemo)
    await seedDemoVendorIntegrations(db, {
      pamApiKey: config.pamApiKey,
      launchTemplate: demoProviderLaunchTemplate(config.demoProviderOrigin),
      ...(config.demoProviderRunning
        ? { transferApiUrl: demoProviderTransferUrl(config.demoProviderOrigin) }
        : {}),
    });

  // Payment providers (docs/payments.md): the sandbox PIX PSP that npm start runs beside us.
  const paymentProviders = new Map<string, PaymentProvider>();
  if (config.pixSandbox) {
    const sandbox = createPixSandboxProvider(config.pixSandbox);
    paymentProviders.set(sandbox.code, sandbox);
  }

  const app = await buildApp({
    db,
    logLevel: config.logLevel,
    webDistDir: config.webDistDir,
    trustedProxyHops: config.trustedProxyHops,
    rateLimitAllowList: config.rateLimitAllowList,
    docsEnabled: config.docsEnabled,
    gameFrameOrigins: config.gameFrameOrigins,
    adapters: {
      transferWallets: httpTransferWalletClients({ apiKey: config.vendorTransferApiKey }),
      // Realtime fan-out across instances: Redis when set, else LISTEN/NOTIFY (docs/realtime.md).
      ...(config.redisUrl
        ? { realtimeTransport: createRedisTransport({ url: config.redisUrl }) }
        : {}),
      paymentProviders,
      // Receipts and proofs: an S3-compatible bucket when S3_BUCKET is set, else a local folder.
      fileStorage:
        config.fileStorage.kind === 's3'
          ? createS3FileStorage(config.fileStorage)
          : createLocalFileStorage(config.fileStorage.dir),
      // The sandbox's pay page is linked from deposits outside production.
      showPayPage: config.pixSandbox !== null && process.env.NODE_ENV !== 'production',
    },
  });
  // The demo agent's team and its play (demo/agents.ts), through the services. Demo data only:
  // a failure is logged and the platform starts without it.
  if (config.seedDemo)
    await seedDemoAgentTeam(app.services).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the demo agent team was not seeded'),
    );
  // The demo brand's promotions (demo/promotions.ts), as an operator makes them.
  if (config.seedDemo)
    await seedDemoPromotions(app.services).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the demo promotions were not seeded'),
    );
  // Prize tables of every ticket kind and a welcome wheel spin (demo/tickets.ts).
  if (config.seedDemo)
    await seedDemoTickets(app.services).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the demo ticket tables were not seeded'),
    );
  // VIP levels, points rules and mall goods (demo/loyalty.ts).
  if (config.seedDemo)
    await seedDemoLoyalty(app.services).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the demo VIP levels and mall were not seeded'),
    );
  // Missions and invite-a-friend rules (demo/missions.ts).
  if (config.seedDemo)
    await seedDemoMissions(app.services).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the demo missions and referral rules were not seeded'),
    );
  await app.listen({ port: config.port, host: config.host });
  // Every instance delivers events and runs jobs unless RUN_JOBS=false (an API-only instance);
  // the database claims keep the work single. app.close() stops both (an onClose hook) before
  // the database is closed.
  if (config.runJobs) {
    app.events.start();
    app.jobs.start();
  }
  app.log.info(
    {
      database: config.database.kind,
      migrationsApplied: migrations.applied,
      demoSeeded: seeded,
      startupMs: Date.now() - startedAtMs,
    },
    `Banca is listening on http://localhost:${config.port}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
