import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type AppDeps } from './app';
import { loadConfig, type Config } from './config';
import { connectDatabase, type Db } from './db/connect';
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

  const app = await buildApp(appDeps(config, db));
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
  // the database claims keep the work single. On PostgreSQL they run in a worker thread: their
  // batches (the reward parts counting settled rounds, reports) then never hold up requests on
  // this event loop (bench:pam's round p99 ~128 → ~45 ms, docs/pam.md). app.close() stops
  // them (an onClose hook) before the database is closed.
  const jobsThread = config.jobs === 'thread' ? startJobsThread(app.log) : null;
  if (config.jobs === 'main') {
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
    await jobsThread?.stop();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * The app's dependencies for this configuration: the listening instance and its jobs thread
 * build the same app (the thread never listens).
 */
function appDeps(config: Config, db: Db): AppDeps {
  // Payment providers (docs/payments.md): the sandbox PIX PSP that npm start runs beside us.
  const paymentProviders = new Map<string, PaymentProvider>();
  if (config.pixSandbox) {
    const sandbox = createPixSandboxProvider(config.pixSandbox);
    paymentProviders.set(sandbox.code, sandbox);
  }

  return {
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
  };
}

/**
 * This instance's events and jobs in a worker thread (JOBS_IN, config.ts): this file again, run
 * as `runJobsThread`. If the thread dies the instance exits, so its supervisor restarts it whole
 * rather than leave an API whose events nobody delivers.
 */
function startJobsThread(log: FastifyBaseLogger): { stop: () => Promise<void> } {
  let stopping = false;
  const worker = import.meta.url.endsWith('.ts')
    ? // From the sources (tsx: tests, `npm run dev`): Node 20 does not carry tsx's loader into a
      // worker thread, so the thread registers it before importing this file.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`,
        { eval: true },
      )
    : new Worker(new URL(import.meta.url));
  worker.on('error', (error) => log.fatal({ err: error }, 'the jobs thread failed'));
  worker.on('exit', (code) => {
    if (stopping) return;
    log.fatal({ code }, 'the jobs thread stopped; the instance exits');
    process.exit(1);
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 10_000);
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage('stop');
      }),
  };
}

/** The jobs thread: the same app on its own database pool, delivering events and running jobs. */
async function runJobsThread(): Promise<void> {
  const config = loadConfig();
  const db = await connectDatabase(config.database);
  const app = await buildApp(appDeps(config, db));
  app.events.start();
  app.jobs.start();
  parentPort?.once('message', () => {
    void (async () => {
      await app.close();
      await db.destroy();
      parentPort?.close();
    })();
  });
}

(isMainThread ? main : runJobsThread)().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
